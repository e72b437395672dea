import {
  dayBounds,
  dayOf,
  monthBounds,
  monthOf,
  nextDay,
  nextMonth,
  QuotaPeriods,
} from './quota-period';

const at = (iso: string) => new Date(iso).getTime();

describe('quota periods', () => {
  it('counts a day on the site clock and says when the next one starts', () => {
    const shanghai = new QuotaPeriods('Asia/Shanghai');
    // 23:30 UTC is 07:30 the next morning in Shanghai (UTC+8).
    expect(shanghai.at(at('2026-11-29T23:30:00Z'), 'day')).toEqual({
      key: '2026-11-30',
      endsAt: at('2026-11-30T16:00:00Z'),
    });
    expect(shanghai.at(at('2026-11-30T15:59:59.999Z'), 'day').key).toBe('2026-11-30');
    expect(shanghai.at(at('2026-11-30T16:00:00Z'), 'day').key).toBe('2026-12-01');
  });

  it('counts a month, across the year', () => {
    const utc = new QuotaPeriods('UTC');
    expect(utc.at(at('2026-12-31T23:59:59Z'), 'month')).toEqual({
      key: '2026-12',
      endsAt: at('2027-01-01T00:00:00Z'),
    });
    expect(utc.at(at('2027-01-01T00:00:00Z'), 'month').key).toBe('2027-01');
  });

  it('ends a day at midnight across a daylight-saving change', () => {
    const newYork = new QuotaPeriods('America/New_York');
    // 2026-03-08 has 23 hours in New York: EST (UTC-5) until 2 am, then EDT (UTC-4).
    expect(newYork.at(at('2026-03-08T12:00:00Z'), 'day')).toEqual({
      key: '2026-03-08',
      endsAt: at('2026-03-09T04:00:00Z'),
    });
    expect(newYork.at(at('2026-03-07T12:00:00Z'), 'day').endsAt).toBe(at('2026-03-08T05:00:00Z'));
  });

  it('does not reuse a cached period for an earlier call', () => {
    const utc = new QuotaPeriods('UTC');
    expect(utc.at(at('2026-11-30T10:00:00Z'), 'day').key).toBe('2026-11-30');
    expect(utc.at(at('2026-11-29T23:59:59Z'), 'day').key).toBe('2026-11-29');
    expect(utc.at(at('2026-11-30T10:00:01Z'), 'day').key).toBe('2026-11-30');
  });

  it('bounds a statement month on the site clock', () => {
    expect(monthBounds('2026-12', 'Asia/Shanghai')).toEqual({
      from: at('2026-11-30T16:00:00Z'),
      to: at('2026-12-31T16:00:00Z'),
    });
    expect(monthBounds('2026-12', 'UTC').to).toBe(at('2027-01-01T00:00:00Z'));
    expect(monthOf(at('2026-11-30T16:00:00Z'), 'Asia/Shanghai')).toBe('2026-12');
    expect(monthOf(at('2026-11-30T15:59:59Z'), 'Asia/Shanghai')).toBe('2026-11');
  });

  it('bounds a rollup day on the site clock, across a month and a daylight-saving change', () => {
    expect(dayBounds('2026-12-01', 'Asia/Shanghai')).toEqual({
      from: at('2026-11-30T16:00:00Z'),
      to: at('2026-12-01T16:00:00Z'),
    });
    expect(dayBounds('2026-03-08', 'America/New_York')).toEqual({
      from: at('2026-03-08T05:00:00Z'),
      to: at('2026-03-09T04:00:00Z'),
    });
    expect(dayOf(at('2026-11-30T16:00:00Z'), 'Asia/Shanghai')).toBe('2026-12-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextMonth('2026-01')).toBe('2026-02');
    expect(nextMonth('2026-12')).toBe('2027-01');
  });
});
