import { invalidParam, ok, optionalString, requiredString } from './params';
import type { BuiltinHandler, BuiltinRequest } from './types';

const DAY_MS = 86_400_000;

/** UTC milliseconds for a calendar time; unlike Date.UTC it does not map years 0-99 to 1900-1999. */
function utcMs(
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

function daysInMonth(year: number, month: number): number {
  return new Date(utcMs(year, month + 1, 0)).getUTCDate();
}

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

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: string;
}

/** Formatters are slow to build; keyed by canonical zone name, so the cache stays small. */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'long',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

function wallClock(ms: number, timeZone: string): WallClock {
  const parts = wallClockFormat(timeZone).formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: Number(part('year')),
    month: Number(part('month')),
    day: Number(part('day')),
    hour: Number(part('hour')),
    minute: Number(part('minute')),
    second: Number(part('second')),
    weekday: part('weekday'),
  };
}

/** Seconds east of UTC; historic local mean times are not whole minutes. */
function offsetSeconds(ms: number, timeZone: string): number {
  const wall = wallClock(ms, timeZone);
  const asUtc = utcMs(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second);
  return (asUtc - Math.floor(ms / 1000) * 1000) / 1000;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

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

interface CalendarDate {
  text: string;
  year: number;
  month: number;
  day: number;
  ms: number;
}

function dateParam(
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

const weekday = (ms: number) => WEEKDAYS[new Date(ms).getUTCDay()];

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

const ANIMALS = [
  ['Rat', '鼠'],
  ['Ox', '牛'],
  ['Tiger', '虎'],
  ['Rabbit', '兔'],
  ['Dragon', '龙'],
  ['Snake', '蛇'],
  ['Horse', '马'],
  ['Goat', '羊'],
  ['Monkey', '猴'],
  ['Rooster', '鸡'],
  ['Dog', '狗'],
  ['Pig', '猪'],
] as const;
const STEMS = '甲乙丙丁戊己庚辛壬癸';
const BRANCHES = '子丑寅卯辰巳午未申酉戌亥';

/** Western signs by the first day of each, in calendar order starting with Capricorn's tail. */
const SIGNS = [
  { start: [1, 20], name: 'Aquarius', name_zh: '水瓶座', symbol: '♒', dates: 'Jan 20 – Feb 18' },
  { start: [2, 19], name: 'Pisces', name_zh: '双鱼座', symbol: '♓', dates: 'Feb 19 – Mar 20' },
  { start: [3, 21], name: 'Aries', name_zh: '白羊座', symbol: '♈', dates: 'Mar 21 – Apr 19' },
  { start: [4, 20], name: 'Taurus', name_zh: '金牛座', symbol: '♉', dates: 'Apr 20 – May 20' },
  { start: [5, 21], name: 'Gemini', name_zh: '双子座', symbol: '♊', dates: 'May 21 – Jun 21' },
  { start: [6, 22], name: 'Cancer', name_zh: '巨蟹座', symbol: '♋', dates: 'Jun 22 – Jul 22' },
  { start: [7, 23], name: 'Leo', name_zh: '狮子座', symbol: '♌', dates: 'Jul 23 – Aug 22' },
  { start: [8, 23], name: 'Virgo', name_zh: '处女座', symbol: '♍', dates: 'Aug 23 – Sep 22' },
  { start: [9, 23], name: 'Libra', name_zh: '天秤座', symbol: '♎', dates: 'Sep 23 – Oct 23' },
  { start: [10, 24], name: 'Scorpio', name_zh: '天蝎座', symbol: '♏', dates: 'Oct 24 – Nov 21' },
  {
    start: [11, 22],
    name: 'Sagittarius',
    name_zh: '射手座',
    symbol: '♐',
    dates: 'Nov 22 – Dec 21',
  },
  { start: [12, 22], name: 'Capricorn', name_zh: '摩羯座', symbol: '♑', dates: 'Dec 22 – Jan 19' },
] as const;

function westernSign(month: number, day: number) {
  const sign = [...SIGNS]
    .reverse()
    .find(({ start }) => month > start[0] || (month === start[0] && day >= start[1]));
  const { name, name_zh, symbol, dates } = sign ?? SIGNS[SIGNS.length - 1];
  return { name, name_zh, symbol, dates };
}

const chineseYearFormat = new Intl.DateTimeFormat('en-u-ca-chinese', {
  timeZone: 'UTC',
  year: 'numeric',
});

/** The Chinese year begins at Chinese New Year, so January and February births may belong to the year before. */
function chineseZodiac(date: CalendarDate) {
  const related = chineseYearFormat
    .formatToParts(date.ms + DAY_MS / 2)
    .find((p) => (p.type as string) === 'relatedYear');
  const lunarYear = related ? Number(related.value) : date.year;
  const cycle = (((lunarYear - 4) % 60) + 60) % 60;
  const [animal, animalZh] = ANIMALS[cycle % 12];
  return {
    animal,
    animal_zh: animalZh,
    lunar_year: lunarYear,
    ganzhi: STEMS[cycle % 10] + BRANCHES[cycle % 12],
  };
}

function ageOn(birth: CalendarDate, today: Date): number | null {
  const years = today.getUTCFullYear() - birth.year;
  const hadBirthday =
    today.getUTCMonth() + 1 > birth.month ||
    (today.getUTCMonth() + 1 === birth.month && today.getUTCDate() >= birth.day);
  const age = hadBirthday ? years : years - 1;
  return age >= 0 ? age : null;
}

const zodiac: BuiltinHandler = (req) => {
  const date = dateParam(req, 'date', 1900, 2100);
  return ok({
    date: date.text,
    weekday: weekday(date.ms),
    age: ageOn(date, new Date()),
    chinese_zodiac: chineseZodiac(date),
    zodiac_sign: westernSign(date.month, date.day),
  });
};

export const TIME_HANDLERS = {
  time,
  timestamp,
  'date-diff': dateDiff,
  zodiac,
} satisfies Record<string, BuiltinHandler>;
