import { formatSize } from '../../lib/files.ts';

/** A labelled progress bar: `done` of `total` (an unknown total shows the amount only). */
export function Progress({
  label,
  done,
  total,
  text,
}: {
  label: string;
  done: number;
  total: number | null;
  text?: string;
}) {
  const percent = total ? Math.min(100, Math.round((done / total) * 100)) : null;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-between gap-3 text-[13px]">
        <span>{label}</span>
        <span className="tabular-nums text-muted">
          {text ?? (total ? `${formatSize(done)} / ${formatSize(total)}` : formatSize(done))}
          {percent !== null && ` · ${percent}%`}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        className="h-2 overflow-hidden rounded bg-subtle"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent ?? 100}%` }} />
      </div>
    </div>
  );
}
