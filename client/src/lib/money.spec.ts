import { formatMilliTwoDecimals, formatPrice, formatYuan } from './money';

describe('money', () => {
  it('shows decimal text as it came, in yuan', () => {
    expect(formatYuan('0.005')).toBe('¥0.005');
    expect(formatYuan('12.50')).toBe('¥12.50');
  });

  it('writes a price with its third decimal only when that is not 0', () => {
    expect(formatPrice('9.900')).toBe('¥9.90');
    expect(formatPrice('9.995')).toBe('¥9.995');
    expect(formatPrice('0.000')).toBe('¥0.00');
    expect(formatPrice('100.000')).toBe('¥100.00');
    expect(formatPrice('0.010')).toBe('¥0.01');
  });

  it('gives milli-yuan two decimals with integer arithmetic, cutting and never rounding up', () => {
    expect(formatMilliTwoDecimals(0)).toBe('¥0.00');
    expect(formatMilliTwoDecimals(12_345)).toBe('¥12.34');
    expect(formatMilliTwoDecimals(9_999)).toBe('¥9.99');
    expect(formatMilliTwoDecimals(5)).toBe('¥0.00');
    expect(formatMilliTwoDecimals(-1_505)).toBe('¥-1.50');
    // Past 2^53 / 1000 a float division would already have lost the last milli-yuan.
    expect(formatMilliTwoDecimals(1_000_000_000_000_019)).toBe('¥1000000000000.01');
  });

  it('says N/A when the balance is unknown', () => {
    expect(formatMilliTwoDecimals(null)).toBe('N/A');
    expect(formatMilliTwoDecimals(undefined)).toBe('N/A');
  });
});
