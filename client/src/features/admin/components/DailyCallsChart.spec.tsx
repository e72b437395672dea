import { lastDays } from './DailyCallsChart';

describe('lastDays', () => {
  it("counts back calendar days from the site's today, across months and leap days", () => {
    expect(lastDays(3, '2026-03-01')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(lastDays(2, '2028-03-01')).toEqual(['2028-02-29', '2028-03-01']);
    expect(lastDays(30, '2026-01-03')).toHaveLength(30);
  });

  it("ends on today's UTC date when an older instance sends no today", () => {
    expect(lastDays(1, undefined)).toEqual([new Date().toISOString().slice(0, 10)]);
  });
});
