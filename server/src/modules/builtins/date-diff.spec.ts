import { DATE_DIFF_HANDLERS } from './date-diff';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(DATE_DIFF_HANDLERS);

describe('date-diff', () => {
  it('counts days, the calendar span and business days', async () => {
    expect(await data('date-diff', { from: '2024-01-31', to: '2024-03-01' })).toMatchObject({
      days: 30,
      span: { years: 0, months: 1, days: 1 },
      business_days: 22,
    });
    expect(await data('date-diff', { from: '2025-12-25', to: '2025-01-01' })).toMatchObject({
      days: -358,
      span: { years: 0, months: 11, days: 24 },
    });
    expect((await data('date-diff', { from: '2020-02-29', to: '2024-02-29' })).span).toEqual({
      years: 4,
      months: 0,
      days: 0,
    });
  });

  it('rejects malformed dates', async () => {
    await expectInvalid('date-diff', { from: '2025-13-01', to: '2025-01-01' }, "parameter 'from'");
    await expectInvalid('date-diff', { from: '2025-01-01', to: '01/02/2025' }, "parameter 'to'");
    await expectInvalid('date-diff', { from: '2025-01-01' }, "parameter 'to' is required");
  });
});
