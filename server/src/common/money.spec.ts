import { formatBalance, MAX_BALANCE_MILLI, parseSignedYuan, parseYuan, scaleMilli } from './money';

describe('money', () => {
  it('parses non-negative yuan text into milli-yuan', () => {
    expect(parseYuan('12')).toBe(12_000);
    expect(parseYuan('0.5')).toBe(500);
    expect(parseYuan('9.995')).toBe(9_995);
    expect(parseYuan('-1')).toBeNull();
    expect(parseYuan('1.2345')).toBeNull();
    expect(parseYuan('1e3')).toBeNull();
  });

  it('parses signed yuan text', () => {
    expect(parseSignedYuan('-1.5')).toBe(-1_500);
    expect(parseSignedYuan('+2')).toBe(2_000);
    expect(parseSignedYuan(' 0.001 ')).toBe(1);
    expect(parseSignedYuan('-0')).toBe(-0);
    expect(parseSignedYuan('--1')).toBeNull();
    expect(parseSignedYuan('1.0001')).toBeNull();
    expect(parseSignedYuan('abc')).toBeNull();
    expect(parseSignedYuan('')).toBeNull();
  });

  it('scales milli-yuan by a decimal factor without floats, rounding down', () => {
    expect(scaleMilli(5_000, '1')).toBe(5_000);
    expect(scaleMilli(5_000, '10')).toBe(50_000);
    expect(scaleMilli(5_000, '0.8')).toBe(4_000);
    expect(scaleMilli(1_230, '1.5')).toBe(1_845);
    expect(scaleMilli(1, '0.5')).toBe(0);
    expect(scaleMilli(100_000, '0.333333')).toBe(33_333);
    // 0.1 and 0.2 would drift as floats; integer arithmetic stays exact.
    expect(scaleMilli(300, '0.1')).toBe(30);
    expect(scaleMilli(5_000, '1.2.3')).toBeNull();
    expect(scaleMilli(5_000, '-1')).toBeNull();
  });

  it('formats balances with at least two decimals', () => {
    expect(formatBalance(0)).toBe('0.00');
    expect(formatBalance(12_500)).toBe('12.50');
    expect(formatBalance(9_995)).toBe('9.995');
  });

  it('keeps the balance ceiling and any single credit on top of it exact as a JS number', () => {
    const largestCredit = parseYuan('999999999999.999')!;
    expect(Number.isSafeInteger(MAX_BALANCE_MILLI + largestCredit)).toBe(true);
    expect(formatBalance(MAX_BALANCE_MILLI)).toBe('1000000000000.00');
  });
});
