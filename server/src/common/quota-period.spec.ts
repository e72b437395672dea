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

  it('counts a plan’s hour and week on the site clock, a week from Monday', () => {
    const shanghai = new QuotaPeriods('Asia/Shanghai');
    // 2026-12-06T17:10Z is Monday 2026-12-07 01:10 in Shanghai.
    expect(shanghai.at(at('2026-12-06T17:10:00Z'), 'hour')).toEqual({
      key: '2026-12-07 01',
      endsAt: at('2026-12-06T18:00:00Z'),
    });
    expect(shanghai.at(at('2026-12-06T17:10:00Z'), 'week')).toEqual({
      key: '2026-12-07',
      endsAt: at('2026-12-13T16:00:00Z'),
    });
    // Sunday 23:59 is the week before; a week across the month and the year keeps its Monday.
    expect(shanghai.at(at('2026-12-06T15:59:00Z'), 'week').key).toBe('2026-11-30');
    expect(new QuotaPeriods('UTC').at(at('2027-01-02T12:00:00Z'), 'week')).toEqual({
      key: '2026-12-28',
      endsAt: at('2027-01-04T00:00:00Z'),
    });
    // Keys of a kind sort as their windows do.
    const hours = ['2026-12-07T01:00:00Z', '2026-12-07T09:00:00Z', '2026-12-07T10:00:00Z'].map(
      (iso) => new QuotaPeriods('UTC').at(at(iso), 'hour').key,
    );
    expect([...hours].sort()).toEqual(hours);
  });

  it('ends an hour at the next wall hour across a daylight-saving change', () => {
    const newYork = new QuotaPeriods('America/New_York');
    // 01:30 EST on 2026-03-08; the next wall hour, 02:00, does not exist: 03:00 EDT is 07:00Z.
    expect(newYork.at(at('2026-03-08T06:30:00Z'), 'hour')).toEqual({
      key: '2026-03-08 01',
      endsAt: at('2026-03-08T07:00:00Z'),
    });
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
