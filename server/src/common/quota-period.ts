import type { QuotaPeriod } from '../contracts/apis';
import { wallClock } from './wall-clock';

/**
 * A period as its quota row stores it: `YYYY-MM-DD` or `YYYY-MM` on the site's wall clock (a plan's
 * windows: `YYYY-MM-DD HH` for an hour, the Monday's `YYYY-MM-DD` for a week). Keys of one kind
 * sort as their periods do, so a row's period can only move on (see the ledger's TAKE).
 */
export interface PeriodWindow {
  key: string;
  /** When the next period starts (ms since the epoch). */
  endsAt: number;
}

/** The wall clock of `ms` in `timeZone`, as the UTC instant that shows the same digits. */
function wallAsUtc(ms: number, timeZone: string): number {
  const wall = wallClock(ms, timeZone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

/** The instant whose wall clock in `timeZone` reads `wall` (a DST change moves it to one side). */
function instantOf(wall: number, timeZone: string): number {
  let guess = wall - (wallAsUtc(wall, timeZone) - wall);
  guess = wall - (wallAsUtc(guess, timeZone) - guess);
  return guess;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A free quota's period, or one of a plan's windows (ADR 050). */
export type WindowPeriod = QuotaPeriod | 'hour' | 'week';

function windowOf(ms: number, period: WindowPeriod, timeZone: string): PeriodWindow {
  const wall = new Date(wallAsUtc(ms, timeZone));
  const year = wall.getUTCFullYear();
  const month = wall.getUTCMonth();
  const day = wall.getUTCDate();
  if (period === 'hour') {
    const hour = wall.getUTCHours();
    // The next wall hour's first instant, or the one after when a DST change skips it; an hour
    // a DST change repeats counts as one.
    const next = instantOf(Date.UTC(year, month, day, hour + 1), timeZone);
    return {
      key: `${year}-${pad(month + 1)}-${pad(day)} ${pad(hour)}`,
      endsAt: next > ms ? next : instantOf(Date.UTC(year, month, day, hour + 2), timeZone),
    };
  }
  if (period === 'week') {
    const monday = new Date(Date.UTC(year, month, day - ((wall.getUTCDay() + 6) % 7)));
    return {
      key: monday.toISOString().slice(0, 10),
      endsAt: instantOf(monday.getTime() + 7 * 86_400_000, timeZone),
    };
  }
  if (period === 'day') {
    return {
      key: `${year}-${pad(month + 1)}-${pad(day)}`,
      endsAt: instantOf(Date.UTC(year, month, day + 1), timeZone),
    };
  }
  return {
    key: `${year}-${pad(month + 1)}`,
    endsAt: instantOf(Date.UTC(year, month + 1, 1), timeZone),
  };
}

/**
 * The period a call at `ms` counts in, from a cache valid until that period ends: on the gateway's
 * hot path it is a comparison, Intl runs once a period.
 */
export class QuotaPeriods {
  private readonly cache = new Map<WindowPeriod, PeriodWindow & { startsAt: number }>();

  constructor(readonly timeZone: string) {}

  at(ms: number, period: WindowPeriod): PeriodWindow {
    const cached = this.cache.get(period);
    if (cached && ms >= cached.startsAt && ms < cached.endsAt) return cached;
    const window = windowOf(ms, period, this.timeZone);
    // The window starts no later than ms; it is only reused for calls from ms on.
    this.cache.set(period, { ...window, startsAt: ms });
    return window;
  }
}

/** The month (`YYYY-MM`) that `ms` falls in on the site's clock. */
export const monthOf = (ms: number, timeZone: string): string =>
  windowOf(ms, 'month', timeZone).key;

/** A month's first instant and the next month's first instant (ms), on the site's clock. */
export function monthBounds(month: string, timeZone: string): { from: number; to: number } {
  const [year, index] = month.split('-').map(Number);
  return {
    from: instantOf(Date.UTC(year, index - 1, 1), timeZone),
    to: instantOf(Date.UTC(year, index, 1), timeZone),
  };
}

/** The day (`YYYY-MM-DD`) that `ms` falls in on the site's clock. */
export const dayOf = (ms: number, timeZone: string): string => windowOf(ms, 'day', timeZone).key;

/** The day after `day` (`YYYY-MM-DD`), by the calendar. */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** The day `count` days before `day` (`YYYY-MM-DD`), by the calendar. */
export function dayBefore(day: string, count: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date - count)).toISOString().slice(0, 10);
}

/** The month after `month` (`YYYY-MM`), by the calendar. */
export function nextMonth(month: string): string {
  const [year, index] = month.split('-').map(Number);
  return new Date(Date.UTC(year, index, 1)).toISOString().slice(0, 7);
}

/** A day's first instant and the next day's first instant (ms), on the site's clock. */
export function dayBounds(day: string, timeZone: string): { from: number; to: number } {
  const [year, month, date] = day.split('-').map(Number);
  return {
    from: instantOf(Date.UTC(year, month - 1, date), timeZone),
    to: instantOf(Date.UTC(year, month - 1, date + 1), timeZone),
  };
}

/** A plan's period (see contracts/plans): a calendar day, week from Monday, or month. */
export type CalendarPeriod = 'day' | 'week' | 'month';

/**
 * The calendar period holding `ms` on the site's clock: its first instant and the next one's
 * (ms). A week starts on Monday.
 */
export function calendarPeriod(
  ms: number,
  period: CalendarPeriod,
  timeZone: string,
): { start: number; end: number } {
  const wall = new Date(wallAsUtc(ms, timeZone));
  const year = wall.getUTCFullYear();
  const month = wall.getUTCMonth();
  const day = wall.getUTCDate();
  if (period === 'month') {
    return {
      start: instantOf(Date.UTC(year, month, 1), timeZone),
      end: instantOf(Date.UTC(year, month + 1, 1), timeZone),
    };
  }
  const first = period === 'week' ? day - ((wall.getUTCDay() + 6) % 7) : day;
  const days = period === 'week' ? 7 : 1;
  return {
    start: instantOf(Date.UTC(year, month, first), timeZone),
    end: instantOf(Date.UTC(year, month, first + days), timeZone),
  };
}
