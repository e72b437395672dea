import { type CalendarDate, DAY_MS, dateParam, daysInMonth, utcMs, weekday } from './calendar';
import { ok } from './params';
import type { BuiltinHandler } from './types';

/** Whole years, months and days from `a` to a later `b`, counting months the way people do. */
function calendarSpan(a: CalendarDate, b: CalendarDate) {
  let months = (b.year - a.year) * 12 + (b.month - a.month);
  if (b.day < a.day) months--;
  const total = a.month - 1 + months;
  const year = a.year + Math.floor(total / 12);
  const month = (total % 12) + 1;
  const anchor = utcMs(year, month, Math.min(a.day, daysInMonth(year, month)));
  return {
    years: Math.floor(months / 12),
    months: months % 12,
    days: Math.round((b.ms - anchor) / DAY_MS),
  };
}

/** Monday to Friday in [start, start + days). */
function businessDays(startMs: number, days: number): number {
  const startDay = new Date(startMs).getUTCDay();
  let count = Math.floor(days / 7) * 5;
  for (let i = 0; i < days % 7; i++) {
    const dow = (startDay + i) % 7;
    if (dow !== 0 && dow !== 6) count++;
  }
  return count;
}

const dateDiff: BuiltinHandler = (req) => {
  const from = dateParam(req, 'from', 1, 9999);
  const to = dateParam(req, 'to', 1, 9999);
  const days = Math.round((to.ms - from.ms) / DAY_MS);
  const [earlier, later] = days >= 0 ? [from, to] : [to, from];
  return ok({
    from: from.text,
    to: to.text,
    days,
    weeks: Number((days / 7).toFixed(2)),
    span: calendarSpan(earlier, later),
    business_days: businessDays(earlier.ms, Math.abs(days)),
    from_weekday: weekday(from.ms),
    to_weekday: weekday(to.ms),
  });
};

export const DATE_DIFF_HANDLERS = { 'date-diff': dateDiff } satisfies Record<
  string,
  BuiltinHandler
>;
