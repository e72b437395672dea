/** A server timestamp in the given locale's format; the raw text when it is not a date. */
export function formatTime(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(locale);
}
