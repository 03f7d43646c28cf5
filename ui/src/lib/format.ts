/** Date and time in the interface's language. */
export function formatDateTime(ms: number): string {
  return new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
    dateStyle: 'medium',
    timeStyle: 'medium',
  }).format(new Date(ms));
}

/** A duration for people: 850 ms, 12.3 s, 4 m 05 s, 2 h 03 m. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} m` : `${m} m ${String(s).padStart(2, '0')} s`;
}
