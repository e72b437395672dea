import { settle } from './credit-book';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 11, 6, 12);
const grant = (id: number, amount: number, left: number, expiresIn: number) => ({
  id,
  amount,
  left,
  expires: NOW + expiresIn,
});

describe('settling credit grants', () => {
  it('puts what calls spent on the soonest-expiring grants first', () => {
    const s = settle([grant(2, 50, 50, 2 * HOUR), grant(1, 30, 30, HOUR)], 60, NOW);
    expect([...s.lefts]).toEqual([
      [1, 10],
      [2, 50],
    ]);
    expect(s).toMatchObject({ surplus: 0, out: 0, until: NOW + HOUR });
    expect(s.closed.size).toBe(0);
  });

  it('breaks a tie of expiries by the older grant', () => {
    const s = settle([grant(4, 10, 10, HOUR), grant(3, 10, 10, HOUR)], 15, NOW);
    expect(s.lefts.get(3)).toBe(5);
    expect(s.lefts.get(4)).toBe(10);
  });

  it('closes the grants expired by now with what was left of them, after the spending', () => {
    const s = settle([grant(1, 30, 30, -1), grant(2, 50, 50, HOUR)], 70, NOW);
    expect([...s.closed]).toEqual([[1, 20]]);
    expect(s).toMatchObject({ out: 20, surplus: 0, until: NOW + HOUR });
  });

  it('closes a grant at its very expiry', () => {
    const s = settle([grant(1, 30, 30, 0)], 30, NOW);
    expect([...s.closed]).toEqual([[1, 30]]);
    expect(s.until).toBeNull();
  });

  it('gives refunded credit back to the grants spent last, up to what each gave', () => {
    const s = settle([grant(1, 30, 0, HOUR), grant(2, 50, 10, 2 * HOUR)], 55, NOW);
    expect(s.lefts.get(2)).toBe(50);
    expect(s.lefts.get(1)).toBe(5);
    expect(s.surplus).toBe(0);
  });

  it('expires refunded credit no open grant can take back', () => {
    const s = settle([grant(2, 10, 10, HOUR)], 14, NOW);
    expect(s).toMatchObject({ surplus: 4, out: 4 });
    const none = settle([], 4, NOW);
    expect(none).toMatchObject({ surplus: 4, out: 4, until: null });
  });

  it('refuses credit spent past every grant: the books would not add up', () => {
    expect(() => settle([grant(1, 10, 10, HOUR)], -1, NOW)).toThrow('credit spent past');
  });
});
