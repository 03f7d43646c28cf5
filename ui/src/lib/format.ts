/** Date and time in the interface's language. */
export function formatDateTime(ms: number): string {
  return new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
    dateStyle: 'medium',
    timeStyle: 'medium',
  }).format(new Date(ms));
}
