import { plural } from '@lingui/core/macro';
import { formatDateTime } from '../../../lib/format.ts';
import { formatDuration } from '../../../lib/format.ts';
import type { CronRun } from '../api.ts';
import { runState } from '../log/RunLog.tsx';

const colourOf: Record<string, string> = {
  success: 'var(--color-status-success)',
  running: 'var(--color-status-running)',
  waiting: 'var(--color-status-queued)',
  stopped: 'var(--color-status-disabled)',
};

/** The last 30 runs' durations as bars, oldest on the left, coloured by outcome (failed red, success green). */
export function DurationChart({ runs }: { runs: CronRun[] }) {
  const shown = runs.slice(0, 30).reverse();
  if (shown.length === 0) return null;
  const max = Math.max(1, ...shown.map((r) => r.duration_ms ?? 0));
  const width = 30 * 12;
  const height = 64;
  const longest = formatDuration(max);
  const failures = shown.filter((r) => ['failed', 'timeout', 'interrupted'].includes(runState(r))).length;
  return (
    <figure className="flex flex-col gap-1">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-16 w-full max-w-md"
        preserveAspectRatio="none"
        role="img"
        aria-label={plural(shown.length, {
          1: `Duration of the last run; ${failures} failed`,
          other: `Durations of the last # runs; ${failures} failed`,
        })}
      >
        <line x1="0" y1={height - 0.5} x2={width} y2={height - 0.5} stroke="var(--color-line)" />
        {shown.map((run, i) => {
          const h = Math.max(2, ((run.duration_ms ?? 0) / max) * (height - 4));
          const state = runState(run);
          return (
            <rect
              key={run.id}
              x={i * 12 + 2}
              y={height - h}
              width={8}
              height={h}
              rx={1.5}
              fill={colourOf[state] ?? 'var(--color-status-failed)'}
            >
              <title>
                {`${run.started_at ? formatDateTime(run.started_at) : ''} · ${
                  run.duration_ms !== null ? formatDuration(run.duration_ms) : '—'
                } · ${state}`}
              </title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="text-xs text-muted">
        {plural(shown.length, {
          1: `The last run: ${longest}. Green succeeded, red failed.`,
          other: `Last # runs, oldest first; longest ${longest}. Green succeeded, red failed.`,
        })}
      </figcaption>
    </figure>
  );
}
