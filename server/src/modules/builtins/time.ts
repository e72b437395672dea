import { DAY_MS, daysInMonth, pad, utcMs } from './calendar';
import { invalidParam, ok, optionalString, requiredString } from './params';
import type { BuiltinHandler, BuiltinRequest } from './types';
import { wallClock } from '../../common/wall-clock';

/** Earliest and latest instants accepted, so every date renders as a plain four-digit year. */
const MIN_MS = utcMs(1000, 1, 2);
const MAX_MS = utcMs(9999, 12, 30);

function timeZoneParam(req: BuiltinRequest): string {
  const requested = optionalString(req, 'tz', 64) ?? 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: requested }).resolvedOptions().timeZone;
  } catch {
    throw invalidParam(
      `parameter 'tz' must be an IANA time zone such as Asia/Shanghai or America/New_York, not '${requested}'`,
    );
  }
}

/** Seconds east of UTC; historic local mean times are not whole minutes. */
function offsetSeconds(ms: number, timeZone: string): number {
  const wall = wallClock(ms, timeZone);
  const asUtc = utcMs(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second);
  return (asUtc - Math.floor(ms / 1000) * 1000) / 1000;
}

function formatOffset(seconds: number): string {
  const abs = Math.abs(seconds);
  const text = `${seconds < 0 ? '-' : '+'}${pad(Math.floor(abs / 3600))}:${pad(Math.floor(abs / 60) % 60)}`;
  return abs % 60 === 0 ? text : `${text}:${pad(abs % 60)}`;
}

function describeInstant(ms: number, timeZone: string) {
  const wall = wallClock(ms, timeZone);
  return {
    timezone: timeZone,
    iso: new Date(ms).toISOString(),
    unix: Math.floor(ms / 1000),
    unix_ms: ms,
    local: `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)} ${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`,
    utc_offset: formatOffset(offsetSeconds(ms, timeZone)),
    weekday: wall.weekday,
  };
}

const time: BuiltinHandler = (req) => ok(describeInstant(Date.now(), timeZoneParam(req)));

const NUMERIC_TIMESTAMP = /^[+-]?\d{1,16}(?:\.\d{1,6})?$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
}

function toFields(m: RegExpExecArray): Fields {
  return {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4] ?? 0),
    minute: Number(m[5] ?? 0),
    second: Number(m[6] ?? 0),
    ms: Number((m[7] ?? '').padEnd(3, '0')),
  };
}

function validFields(f: Fields): boolean {
  return (
    f.month >= 1 &&
    f.month <= 12 &&
    f.day >= 1 &&
    f.day <= daysInMonth(f.year, f.month) &&
    f.hour <= 23 &&
    f.minute <= 59 &&
    f.second <= 59
  );
}

function zoneOffsetSeconds(zone: string): number | null {
  if (zone.toUpperCase() === 'Z') return 0;
  const digits = zone.replace(':', '');
  const hours = Number(digits.slice(1, 3));
  const minutes = Number(digits.slice(3, 5));
  if (hours > 14 || minutes > 59) return null;
  return (zone.startsWith('-') ? -1 : 1) * (hours * 3600 + minutes * 60);
}

/**
 * A wall-clock time in a zone to an instant. A time that occurs twice (clocks going back) gives the
 * earlier instant; a time skipped by clocks going forward is read with the offset before the jump,
 * landing just after it, as Temporal's "compatible" disambiguation does.
 */
function fromWallClock(f: Fields, timeZone: string): number {
  const asUtc = utcMs(f.year, f.month, f.day, f.hour, f.minute, f.second, f.ms);
  const before = asUtc - offsetSeconds(asUtc - DAY_MS, timeZone) * 1000;
  const after = asUtc - offsetSeconds(asUtc + DAY_MS, timeZone) * 1000;
  const exact = [before, after].filter((ms) => asUtc - offsetSeconds(ms, timeZone) * 1000 === ms);
  return exact.length > 0 ? Math.min(...exact) : before;
}

function parseInstant(value: string, timeZone: string): { ms: number; detected: string } {
  const text = value.trim();
  if (NUMERIC_TIMESTAMP.test(text)) {
    const number = Number(text);
    const isMs = Math.abs(number) >= 1e11;
    return {
      ms: Math.round(isMs ? number : number * 1000),
      detected: isMs ? 'milliseconds' : 'seconds',
    };
  }
  const m = DATE_TIME.exec(text);
  const fields = m && toFields(m);
  if (m === null || fields === null || !validFields(fields)) {
    throw invalidParam(
      "parameter 'value' must be a Unix timestamp in seconds or milliseconds, or a date-time like 2025-01-31 08:30:00",
    );
  }
  if (m[8] === undefined) return { ms: fromWallClock(fields, timeZone), detected: 'datetime' };
  const offset = zoneOffsetSeconds(m[8]);
  if (offset === null) throw invalidParam(`parameter 'value' has an invalid UTC offset '${m[8]}'`);
  const asUtc = utcMs(
    fields.year,
    fields.month,
    fields.day,
    fields.hour,
    fields.minute,
    fields.second,
    fields.ms,
  );
  return { ms: asUtc - offset * 1000, detected: 'datetime' };
}

const timestamp: BuiltinHandler = (req) => {
  const value = requiredString(req, 'value', 64);
  const timeZone = timeZoneParam(req);
  const { ms, detected } = parseInstant(value, timeZone);
  if (!(ms >= MIN_MS && ms <= MAX_MS)) {
    throw invalidParam("parameter 'value' must fall between the years 1000 and 9999");
  }
  return ok({ input: value, detected, ...describeInstant(ms, timeZone) });
};

export const TIME_HANDLERS = { time, timestamp } satisfies Record<string, BuiltinHandler>;
