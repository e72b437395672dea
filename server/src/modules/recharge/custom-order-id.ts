import { createHmac, timingSafeEqual } from 'node:crypto';

const FORMAT = /^u(\d{1,10})-([0-9a-f]{10})$/;

const tag = (secret: string, userId: number) =>
  createHmac('sha256', secret).update(`afdian-custom-order:${userId}`).digest('hex').slice(0, 10);

/**
 * The custom_order_id the recharge page hands a user ('u<id>-<10 hex>'): derived from the user id
 * with an HMAC of the app secret, so it is stable, needs no storage, and cannot be forged for
 * another account.
 */
export function customOrderIdFor(secret: string, userId: number): string {
  return `u${userId}-${tag(secret, userId)}`;
}

/** Whether an order carries no custom_order_id at all (absent, null or blank). */
export const noCustomOrderId = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The user a custom_order_id was issued to, or null when it is not one this site issued (including
 * values that are not even text: the field is outside what Afdian's signature covers).
 */
export function userIdFromCustomOrderId(secret: string, customOrderId: unknown): number | null {
  if (typeof customOrderId !== 'string') return null;
  const match = FORMAT.exec(customOrderId.trim());
  if (!match) return null;
  const userId = Number(match[1]);
  const expected = Buffer.from(tag(secret, userId));
  const given = Buffer.from(match[2]);
  return timingSafeEqual(expected, given) ? userId : null;
}
