import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../../../lib/format.ts';
import { formatDuration } from '../../../lib/format.ts';
import { useElementWidth } from '../../../lib/media.ts';
import type { CronRun } from '../api.ts';
import { runState } from '../log/RunLog.tsx';

const colourOf: Record<string, string> = {
  success: 'var(--color-status-success)',
  running: 'var(--color-status-running)',
  waiting: 'var(--color-status-queued)',
  stopped: 'var(--color-status-disabled)',
};

/** The plot's size and margins in CSS pixels: room on the left for the duration labels, below for the dates. */
const height = 160;
const margin = { top: 8, right: 8, bottom: 24, left: 56 };

/** A round top for the duration axis at or above `max` ms: 1, 2 or 5 times a power of ten. */
export function niceCeiling(max: number): number {
  const power = 10 ** Math.floor(Math.log10(Math.max(1, max)));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= max) ?? 10 * power;
}

/**
 * The last 30 runs' durations as bars, oldest on the left, coloured by outcome (failed red, success green), across
 * the card's whole width: a duration axis with its units (0, half, top) and the first and last run's start below.
 */
export function DurationChart({ runs }: { runs: CronRun[] }) {
  const { t } = useLingui();
  const [ref, measured] = useElementWidth<HTMLDivElement>();
  const shown = runs.slice(0, 30).reverse();
  if (shown.length === 0) return null;
  const top = niceCeiling(Math.max(1, ...shown.map((r) => r.duration_ms ?? 0)));
  const width = Math.max(measured, margin.left + margin.right + shown.length * 4);
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const slot = plotWidth / shown.length;
  const bar = Math.min(24, Math.max(2, slot * 0.7));
  const y = (ms: number) => margin.top + plotHeight - (ms / top) * plotHeight;
  const failures = shown.filter((r) => ['failed', 'timeout', 'interrupted'].includes(runState(r))).length;
  const startOf = (run: CronRun | undefined) => {
    const at = run?.started_at ?? run?.queued_at;
    return at ? formatDateTime(at) : '';
  };
  return (
    <figure className="flex flex-col gap-1">
      <div ref={ref} className="w-full" style={{ minHeight: height }}>
        {measured > 0 && (
          <svg
            width={width}
            height={height}
            viewBox={`0 0 ${width} ${height}`}
            className="block max-w-full text-[11px]"
            role="img"
            aria-label={plural(shown.length, {
              1: `Duration of the last run; ${failures} failed`,
              other: `Durations of the last # runs; ${failures} failed`,
            })}
          >
            <g data-axis="duration" aria-hidden="true">
              {[0, top / 2, top].map((tick) => (
                <g key={tick}>
                  <line
                    x1={margin.left}
                    x2={width - margin.right}
                    y1={y(tick)}
                    y2={y(tick)}
                    stroke="var(--color-line)"
                    strokeDasharray={tick === 0 ? undefined : '3 3'}
                  />
                  <text x={margin.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" fill="var(--color-muted)">
                    {formatDuration(tick)}
                  </text>
                </g>
              ))}
            </g>
            {shown.map((run, i) => {
              const h = Math.max(2, ((run.duration_ms ?? 0) / top) * plotHeight);
              const state = runState(run);
              return (
                <rect
                  key={run.id}
                  x={margin.left + i * slot + (slot - bar) / 2}
                  y={margin.top + plotHeight - h}
                  width={bar}
                  height={h}
                  rx={1.5}
                  fill={colourOf[state] ?? 'var(--color-status-failed)'}
                >
                  <title>
                    {`${startOf(run)} · ${run.duration_ms !== null ? formatDuration(run.duration_ms) : '—'} · ${state}`}
                  </title>
                </rect>
              );
            })}
            <g data-axis="runs" aria-hidden="true" fill="var(--color-muted)">
              <text x={0} y={height - 6}>
                {startOf(shown[0])}
              </text>
              {shown.length > 1 && (
                <text x={width - margin.right} y={height - 6} textAnchor="end">
                  {startOf(shown.at(-1))}
                </text>
              )}
            </g>
          </svg>
        )}
      </div>
      <figcaption className="text-xs text-muted">
        {t`Duration of each run (left axis), oldest on the left; the dates are the first and last run's start. Green succeeded, red failed.`}
      </figcaption>
    </figure>
  );
}
