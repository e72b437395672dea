import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RechargeMode } from '../../contracts/recharge';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { AfdianClient, afdianSign } from './afdian.client';
import type { AfdianOrder } from './afdian.client';
import { customOrderIdFor } from './custom-order-id';

export const SANDBOX_PREFIX = '/afdian-sandbox';

/**
 * Which Afdian recharge talks to. The sandbox pays with play money, so it never runs in production,
 * whatever AFDIAN_MODE says: its pay page and query-order are not even routed there.
 */
export function afdianMode(env: Env): RechargeMode {
  const credentials = Boolean(env.AFDIAN_USER_ID && env.AFDIAN_TOKEN);
  const sandboxAsked =
    env.AFDIAN_MODE === 'sandbox' || (env.AFDIAN_MODE === 'auto' && !credentials);
  if (sandboxAsked && env.NODE_ENV !== 'production') return 'sandbox';
  return credentials ? 'live' : 'not_configured';
}

/** Afdian accepts a request ts within ten minutes of its own clock. */
const TS_WINDOW_SECONDS = 600;
/** ts (10 digits), amount in fen (8), user id (10), then 10 digits of HMAC over those. */
const ORDER_NUMBER = /^(\d{10})(\d{8})(\d{10})(\d{10})$/;

/**
 * A stand-in for Afdian served by the app itself, for trying recharge without an Afdian account:
 * the app's checkout page "pays" with play money through sandbox_pay.php, which issues an order
 * number bound to the user's custom_order_id, and the open API's query-order answers for it with
 * Afdian's signature checks and error codes.
 * Recharge reaches it over loopback HTTP with the same client and signature as the real Afdian.
 * Order numbers carry their amount and owner under an HMAC of the app secret: the sandbox keeps no
 * state, a made-up number is unknown to it, and a replayed one is refused by the unique order row.
 */
@Injectable()
export class AfdianSandbox implements OnModuleInit {
  private readonly userId = 'sandbox';
  private readonly token = randomBytes(16).toString('hex');
  private client?: AfdianClient;

  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  onModuleInit(): void {
    if (afdianMode(this.env) !== 'sandbox') return;
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.post(`${SANDBOX_PREFIX}/api/open/query-order`, (request, reply) =>
      reply.send(this.queryOrderAnswer(request.body)),
    );
  }

  /** Asks the sandbox over HTTP, signed like Afdian, through the app's own listening address. */
  queryOrder(outTradeNo: string): Promise<AfdianOrder | null> {
    this.client ??= new AfdianClient({
      baseUrls: [`${this.ownUrl()}${SANDBOX_PREFIX}`],
      userId: this.userId,
      token: this.token,
      timeoutMs: this.env.AFDIAN_TIMEOUT_MS,
    });
    return this.client.queryOrder(outTradeNo);
  }

  /** Afdian's answer to a query-order body, error codes included. */
  queryOrderAnswer(body: unknown): { ec: number; em: string; data: object } {
    const fail = (ec: number, em: string) => ({ ec, em, data: {} });
    const { user_id, params, ts, sign } = (body ?? {}) as Record<string, unknown>;
    if (
      typeof user_id !== 'string' ||
      typeof params !== 'string' ||
      typeof sign !== 'string' ||
      typeof ts !== 'number' ||
      !Number.isInteger(ts)
    ) {
      return fail(400001, 'params incomplete');
    }
    if (Math.abs(Math.floor(Date.now() / 1000) - ts) > TS_WINDOW_SECONDS) {
      return fail(400002, 'time was expired');
    }
    let query: { out_trade_no?: unknown };
    try {
      query = JSON.parse(params) as { out_trade_no?: unknown };
    } catch {
      return fail(400003, 'params parse error');
    }
    if (user_id !== this.userId) return fail(400004, 'no valid token found');
    const expected = Buffer.from(afdianSign(this.token, params, ts, user_id));
    if (expected.length !== sign.length || !timingSafeEqual(expected, Buffer.from(sign))) {
      return fail(400005, 'sign validation failed');
    }
    const order = this.orderOf(query.out_trade_no);
    const list = order ? [order] : [];
    return { ec: 200, em: 'ok', data: { list, total_count: list.length, total_page: 1 } };
  }

  /** A new paid sandbox order of `amount` yuan (SANDBOX_AMOUNT_PATTERN) for the user. */
  issue(userId: number, amount: string): string {
    const [yuan, fen = ''] = amount.split('.');
    const cents = Number(yuan) * 100 + Number(fen.padEnd(2, '0'));
    const body =
      String(Math.floor(Date.now() / 1000)).padStart(10, '0') +
      String(cents).padStart(8, '0') +
      String(userId).padStart(10, '0');
    return body + this.mac(body);
  }

  private orderOf(outTradeNo: unknown): AfdianOrder | null {
    if (typeof outTradeNo !== 'string') return null;
    const match = ORDER_NUMBER.exec(outTradeNo);
    if (!match) return null;
    const body = match[1] + match[2] + match[3];
    const given = Buffer.from(match[4]);
    if (!timingSafeEqual(Buffer.from(this.mac(body)), given)) return null;
    const cents = Number(match[2]);
    return {
      out_trade_no: outTradeNo,
      custom_order_id: customOrderIdFor(this.secret, Number(match[3])),
      user_id: 'sandbox-payer',
      plan_id: '',
      total_amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
      status: 2,
    };
  }

  private get secret(): string {
    return this.env.APP_SECRET;
  }

  private mac(body: string): string {
    const digest = createHmac('sha256', this.secret)
      .update(`afdian-sandbox-order:${body}`)
      .digest('hex');
    return (BigInt(`0x${digest.slice(0, 15)}`) % 10_000_000_000n).toString().padStart(10, '0');
  }

  private ownUrl(): string {
    const server = this.adapterHost.httpAdapter.getHttpServer() as Server;
    const address = server.address() as AddressInfo | null;
    if (!address) throw new Error('the sandbox is asked before the server listens');
    const host =
      address.address === '0.0.0.0' || address.address === '::'
        ? '127.0.0.1'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address;
    return `http://${host}:${address.port}`;
  }
}
