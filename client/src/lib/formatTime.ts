/** Formatters by locale and zone: `Date#toLocaleString(locale)` would build one on every call. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A server timestamp in the given locale's format, on the browser's clock or on `timeZone`'s
 * (IANA); the raw text when it is not a date.
 */
export function formatTime(iso: string, locale: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const key = `${locale} ${timeZone ?? ''}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      timeZone,
    });
    formatters.set(key, format);
  }
  return format.format(date);
}
