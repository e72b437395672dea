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
  /** Tried in order: a host that cannot be reached hands the query to the next one. */
  baseUrls: readonly string[];
  userId: string;
  token: string;
  timeoutMs: number;
}

/** Afdian's request signature: md5 of token + "params" + params + "ts" + ts + "user_id" + user_id. */
export function afdianSign(token: string, params: string, ts: number, userId: string): string {
  return createHash('md5').update(`${token}params${params}ts${ts}user_id${userId}`).digest('hex');
}

/** Afdian's open API, reduced to query-order (one order, or the newest). The token stays here. */
/** How many of the newest orders a check for a returning payer looks through. */
export const RECENT_ORDERS = 100;

export class AfdianClient {
  constructor(private readonly options: AfdianClientOptions) {}

  /** The order with this out_trade_no, or null when Afdian does not list it. */
  async queryOrder(outTradeNo: string): Promise<AfdianOrder | null> {
    const orders = await this.query({ out_trade_no: outTradeNo });
    return orders.find((order) => order.out_trade_no === outTradeNo) ?? null;
  }

  /**
   * The creator's newest orders: query-order's first page of RECENT_ORDERS (Afdian lists the
   * newest first), for finding a payment that came back without its order number.
   */
  recentOrders(): Promise<AfdianOrder[]> {
    return this.query({ page: 1, per_page: RECENT_ORDERS });
  }

  /** One signed query-order, asked of each host in turn until one answers. */
  private async query(params: object): Promise<AfdianOrder[]> {
    const failures: HostFailure[] = [];
    for (const baseUrl of this.options.baseUrls) {
      const reply = await this.ask(baseUrl, JSON.stringify(params));
      if ('failure' in reply) failures.push({ host: baseUrl, failure: reply.failure });
      else return ordersIn(reply.body);
    }
    throw hostsFailed(failures);
  }

  /**
   * One host's answer, or why there was none. Querying is read-only, so a host that timed out or
   * answered something that is not Afdian's JSON is safely asked of the next one.
   */
  private async ask(
    baseUrl: string,
    params: string,
  ): Promise<{ body: object } | { failure: 'timeout' | 'unreachable' }> {
    const { userId, token, timeoutMs } = this.options;
    const ts = Math.floor(Date.now() / 1000);
    const body = { user_id: userId, params, ts, sign: afdianSign(token, params, ts, userId) };
    try {
      const response = await fetch(`${baseUrl.replace(/\/+$/, '')}/api/open/query-order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const reply: unknown = await response.json();
      return typeof reply === 'object' && reply !== null
        ? { body: reply }
        : { failure: 'unreachable' };
    } catch (error) {
      return {
        failure: (error as Error | null)?.name === 'TimeoutError' ? 'timeout' : 'unreachable',
      };
    }
  }
}

interface HostFailure {
  host: string;
  failure: 'timeout' | 'unreachable';
}

/** The error naming each host and what went wrong with it, so an admin knows which one to fix. */
function hostsFailed(failures: HostFailure[]): AppError {
  const base =
    failures.length === 1 && failures[0].failure === 'timeout'
      ? RechargeErrors.afdianTimeout()
      : failures.length === 1
        ? RechargeErrors.afdianUnreachable()
        : RechargeErrors.afdianHostsDown();
  const detail = failures
    .map(({ host, failure }) => `${host} ${failure === 'timeout' ? 'timed out' : 'unreachable'}`)
    .join(', ');
  return new AppError(base.code, `${base.message} (${detail})`, base.status);
}

/** The orders of a query-order answer (entries that are not objects with a number are dropped). */
function ordersIn(reply: object): AfdianOrder[] {
  const { ec, data } = reply as { ec?: unknown; data?: { list?: unknown } };
  if (ec !== 200) {
    const message = typeof ec === 'number' ? AFDIAN_EC_MESSAGES[ec] : undefined;
    throw message
      ? new AppError('recharge.afdian_rejected', message, 502)
      : RechargeErrors.afdianFailed();
  }
  const list = Array.isArray(data?.list) ? (data.list as unknown[]) : [];
  return list.filter(
    (item): item is AfdianOrder =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as { out_trade_no?: unknown }).out_trade_no === 'string',
  );
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
export function verifyWebhookSign(
  key: KeyObject,
  order: Pick<AfdianOrder, 'out_trade_no' | 'user_id' | 'plan_id' | 'total_amount'>,
  sign: string,
): boolean {
  const signed = `${order.out_trade_no}${order.user_id ?? ''}${order.plan_id ?? ''}${order.total_amount}`;
  try {
    return verify('sha256', Buffer.from(signed), key, Buffer.from(sign, 'base64'));
  } catch {
    return false;
  }
}
