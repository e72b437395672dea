/** Formatters by locale: `Date#toLocaleString(locale)` would build one on every call. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A server timestamp in the given locale's format; the raw text when it is not a date. */
export function formatTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format = formatters.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(locale, format);
  }
  return format.format(date);
}
