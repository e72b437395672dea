import { randomInt } from 'node:crypto';

/** A uniformly chosen element, from the cryptographic generator so results are not predictable. */
export function pick<T>(items: readonly T[]): T {
  return items[randomInt(items.length)];
}
