import { PRIME_HANDLERS } from './prime';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(PRIME_HANDLERS);

describe('prime', () => {
  it('factorises and detects primes up to 10^12', async () => {
    expect(await data('prime', { number: '360' })).toEqual({
      number: 360,
      is_prime: false,
      factors: [2, 2, 2, 3, 3, 5],
      factorization: '2^3 × 3^2 × 5',
    });
    expect((await data('prime', { number: '999999999989' })).is_prime).toBe(true);
    expect(await data('prime', { number: '1' })).toEqual({
      number: 1,
      is_prime: false,
      factors: [],
      factorization: '1',
    });
    expect((await data('prime', { number: '999962000357' })).factors).toEqual([999_979, 999_983]);
    expect((await data('prime', { number: '999966000289' })).factorization).toBe('999983^2');
    await expectInvalid('prime', { number: '1000000000001' }, "parameter 'number'");
  });
});
