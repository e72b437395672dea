import { createHash, createPublicKey, KeyObject, verify } from 'node:crypto';
import { AppError } from '../../common/app-error';
import { EnvError } from '../../env/env';
import { AFDIAN_EC_MESSAGES, RechargeErrors } from './recharge.errors';

/** The fields of an Afdian order Portico relies on; Afdian sends more. */
export interface AfdianOrder {
  out_trade_no: string;
  // Not covered by the signature and not always text in the wild.
  custom_order_id?: unknown;
  user_id?: string;
  plan_id?: string;
  total_amount: string;
  status: number;
}

export interface AfdianClientOptions {
  baseUrl: string;
  userId: string;
  token: string;
  timeoutMs: number;
}

/** Afdian's request signature: md5 of token + "params" + params + "ts" + ts + "user_id" + user_id. */
export function afdianSign(token: string, params: string, ts: number, userId: string): string {
  return createHash('md5').update(`${token}params${params}ts${ts}user_id${userId}`).digest('hex');
}

/** Afdian's open API, reduced to the one call recharge needs. The token never leaves the server. */
export class AfdianClient {
  constructor(private readonly options: AfdianClientOptions) {}

  /** The order with this out_trade_no, or null when Afdian does not list it. */
  async queryOrder(outTradeNo: string): Promise<AfdianOrder | null> {
    const { userId, token, baseUrl, timeoutMs } = this.options;
    const params = JSON.stringify({ out_trade_no: outTradeNo });
    const ts = Math.floor(Date.now() / 1000);
    const body = { user_id: userId, params, ts, sign: afdianSign(token, params, ts, userId) };
    let reply: unknown;
    try {
      const response = await fetch(new URL('/api/open/query-order', baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      reply = await response.json();
    } catch (error) {
      throw (error as Error | null)?.name === 'TimeoutError'
        ? RechargeErrors.afdianTimeout()
        : RechargeErrors.afdianUnreachable();
    }
    return findOrder(reply, outTradeNo);
  }
}

function findOrder(reply: unknown, outTradeNo: string): AfdianOrder | null {
  if (typeof reply !== 'object' || reply === null) throw RechargeErrors.afdianUnreachable();
  const { ec, data } = reply as { ec?: unknown; data?: { list?: unknown } };
  if (ec !== 200) {
    const message = typeof ec === 'number' ? AFDIAN_EC_MESSAGES[ec] : undefined;
    throw message
      ? new AppError('recharge.afdian_rejected', message, 502)
      : RechargeErrors.afdianFailed();
  }
  const list = Array.isArray(data?.list) ? (data.list as unknown[]) : [];
  const order = list.find(
    (item): item is AfdianOrder =>
      typeof item === 'object' &&
      item !== null &&
      (item as { out_trade_no?: unknown }).out_trade_no === outTradeNo,
  );
  return order ?? null;
}

/** Parses the configured PEM once; null when the webhook is not configured. */
export function webhookKey(pem: string | undefined): KeyObject | null {
  if (!pem) return null;
  try {
    return createPublicKey(pem);
  } catch {
    throw new EnvError(
      'Invalid environment:\n  AFDIAN_WEBHOOK_PUBLIC_KEY: not a readable PEM public key',
    );
  }
}

/** Afdian signs out_trade_no + user_id + plan_id + total_amount with RSA-SHA256 (base64). */
export function verifyWebhookSign(key: KeyObject, order: AfdianOrder, sign: string): boolean {
  const signed = `${order.out_trade_no}${order.user_id ?? ''}${order.plan_id ?? ''}${order.total_amount}`;
  try {
    return verify('sha256', Buffer.from(signed), key, Buffer.from(sign, 'base64'));
  } catch {
    return false;
  }
}
