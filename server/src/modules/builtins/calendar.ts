import { invalidParam, requiredString } from './params';
import type { BuiltinRequest } from './types';

export const DAY_MS = 86_400_000;

/** UTC milliseconds for a calendar time; unlike Date.UTC it does not map years 0-99 to 1900-1999. */
export function utcMs(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
  ms = 0,
): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, ms);
  return date.getTime();
}

export function daysInMonth(year: number, month: number): number {
  return new Date(utcMs(year, month + 1, 0)).getUTCDate();
}

export const pad = (value: number, width = 2) => String(value).padStart(width, '0');

export interface CalendarDate {
  text: string;
  year: number;
  month: number;
  day: number;
  ms: number;
}

export function dateParam(
  req: BuiltinRequest,
  name: string,
  minYear: number,
  maxYear: number,
): CalendarDate {
  const text = requiredString(req, name, 32).trim();
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const [year, month, day] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  const valid =
    m !== null &&
    year >= minYear &&
    year <= maxYear &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month);
  if (!valid) {
    throw invalidParam(
      `parameter '${name}' must be a date written YYYY-MM-DD between ${minYear}-01-01 and ${maxYear}-12-31`,
    );
  }
  return {
    text: `${pad(year, 4)}-${pad(month)}-${pad(day)}`,
    year,
    month,
    day,
    ms: utcMs(year, month, day),
  };
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export const weekday = (ms: number) => WEEKDAYS[new Date(ms).getUTCDay()];
