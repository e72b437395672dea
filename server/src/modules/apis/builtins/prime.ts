import { intParam, ok } from './params';
import type { BuiltinHandler } from './types';

/** Trial division by 2, 3 and then 6k ± 1: at most about 330 000 steps for numbers up to 10^12. */
function primeFactors(n: number): number[] {
  const factors: number[] = [];
  let rest = n;
  for (const p of [2, 3]) {
    for (; rest % p === 0; rest /= p) factors.push(p);
  }
  for (let k = 5; k * k <= rest; k += 6) {
    for (const p of [k, k + 2]) {
      for (; rest % p === 0; rest /= p) factors.push(p);
    }
  }
  if (rest > 1) factors.push(rest);
  return factors;
}

function factorization(factors: readonly number[]): string {
  const counts = new Map<number, number>();
  for (const p of factors) counts.set(p, (counts.get(p) ?? 0) + 1);
  return [...counts].map(([p, count]) => (count > 1 ? `${p}^${count}` : String(p))).join(' × ');
}

const prime: BuiltinHandler = (req) => {
  const number = intParam(req, 'number', { min: 1, max: 1_000_000_000_000 });
  const factors = number === 1 ? [] : primeFactors(number);
  return ok({
    number,
    is_prime: factors.length === 1,
    factors,
    factorization: factors.length === 0 ? '1' : factorization(factors),
  });
};

export const PRIME_HANDLERS = { prime } satisfies Record<string, BuiltinHandler>;
