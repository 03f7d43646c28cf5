import type { RunBucket } from '@contract/dashboard.ts';
import { plural } from '@lingui/core/macro';

/**
 * Runs per bucket as bars, failures stacked in red at their foot, oldest on the left. Every bar says its numbers in
 * its title, and the chart as a whole in its label.
 */
export function RunChart({
  buckets,
  label,
  tick,
}: {
  buckets: RunBucket[];
  label: string;
  /** A bucket's start as a short label ("14:00", "03-12"). */
  tick: (start: number) => string;
}) {
  const max = Math.max(1, ...buckets.map((b) => b.runs));
  const step = 12;
  const width = buckets.length * step;
  const height = 96;
  const bar = (n: number) => (n / max) * (height - 4);
  return (
    <figure className="flex flex-col gap-1">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-28 w-full"
        preserveAspectRatio="none"
        role="img"
        aria-label={label}
      >
        <line x1="0" y1={height - 0.5} x2={width} y2={height - 0.5} stroke="var(--color-line)" />
        {buckets.map((b, i) => {
          const ok = b.runs - b.failed;
          const runs = b.runs;
          const failed = b.failed;
          const when = tick(b.start);
          return (
            <g key={b.start}>
              <title>
                {plural(runs, { one: `${when}: # run, ${failed} failed`, other: `${when}: # runs, ${failed} failed` })}
              </title>
              {ok > 0 && (
                <rect
                  x={i * step + 2}
                  y={height - bar(b.runs)}
                  width={step - 4}
                  height={bar(ok)}
                  rx={1.5}
                  fill="var(--color-status-success)"
                />
              )}
              {b.failed > 0 && (
                <rect
                  x={i * step + 2}
                  y={height - bar(b.failed)}
                  width={step - 4}
                  height={Math.max(2, bar(b.failed))}
                  rx={1.5}
                  fill="var(--color-status-failed)"
                />
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="flex justify-between text-xs text-muted tabular-nums">
        <span>{buckets[0] ? tick(buckets[0].start) : ''}</span>
        <span>{buckets.at(-1) ? tick(buckets.at(-1)!.start) : ''}</span>
      </figcaption>
    </figure>
  );
}
