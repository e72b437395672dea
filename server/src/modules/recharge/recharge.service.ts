import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { KeyObject } from 'node:crypto';
import { Repository } from 'typeorm';
import { AppError } from '../../common/app-error';
import { formatBalance, parseYuan, scaleMilli } from '../../common/money';
import { pageInfo, pageSlice } from '../../common/paging';
import type { RechargeHistory, RechargeInfo, VerifiedOrder } from '../../contracts/recharge';
import { RechargeRecord, User } from '../../database/entities';
import type { RechargeSource } from '../../database/entities/recharge-record.entity';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { verifyWebhookSign } from './afdian.client';
import type { AfdianOrder } from './afdian.client';
import { AfdianSandbox, afdianMode } from './afdian-sandbox';
import { customOrderIdFor, noCustomOrderId, userIdFromCustomOrderId } from './custom-order-id';
import { RechargeHistoryQuery } from './dto/recharge-history.query';
import { toRechargeRecordResponse } from './dto/recharge.response';
import { ORDER_LEDGER } from './order-ledger';
import type { CreditOutcome, OrderFacts, OrderLedger } from './order-ledger';
import { RechargeErrors } from './recharge.errors';

export const AFDIAN_CLIENT = Symbol('AFDIAN_CLIENT');
export const AFDIAN_WEBHOOK_KEY = Symbol('AFDIAN_WEBHOOK_KEY');

/** Whatever answers Afdian's query-order: the real Afdian or the sandbox. */
export interface OrderQuery {
  queryOrder(outTradeNo: string): Promise<AfdianOrder | null>;
}

/** Afdian marks a paid order with status 2. */
const PAID = 2;
/** Where people pay when this site has no Afdian page configured. */
const AFDIAN_HOME = 'https://ifdian.net/';

@Injectable()
export class RechargeService {
  private readonly logger = new Logger('Recharge');

  constructor(
    @Inject(ENV) private readonly env: Env,
    @Inject(AFDIAN_CLIENT) private readonly afdian: OrderQuery | null,
    @Inject(AFDIAN_WEBHOOK_KEY) private readonly webhookKey: KeyObject | null,
    @Inject(ORDER_LEDGER) private readonly ledger: OrderLedger,
    @InjectRepository(RechargeRecord) private readonly records: Repository<RechargeRecord>,
    private readonly sandbox: AfdianSandbox,
  ) {}

  /** What the recharge page needs: where to pay, and the id that ties a payment to this user. */
  info(userId: number): RechargeInfo {
    const customOrderId = customOrderIdFor(this.env.APP_SECRET, userId);
    const mode = afdianMode(this.env);
    let sponsorUrl = AFDIAN_HOME;
    if (mode === 'sandbox') {
      sponsorUrl = this.sandbox.sponsorUrl(customOrderId);
    } else if (this.env.AFDIAN_SPONSOR_URL) {
      const url = new URL(this.env.AFDIAN_SPONSOR_URL);
      url.searchParams.set('custom_order_id', customOrderId);
      sponsorUrl = url.toString();
    }
    return {
      configured: this.afdian !== null,
      mode,
      sponsor_url: sponsorUrl,
      custom_order_id: customOrderId,
    };
  }

  /**
   * Checks the order with Afdian and credits it to this user, once ever. Whatever the answer, the
   * order is recorded with its state, so the user and the admins can see what became of it.
   */
  async verifyOrder(userId: number, orderNumber: string): Promise<VerifiedOrder> {
    if (!this.afdian) throw RechargeErrors.notConfigured();
    // Saves a round trip to Afdian for the common double submit; the ledger still decides.
    const existing = await this.records.findOne({
      where: { out_trade_no: orderNumber },
      select: { id: true, state: true, reason: true },
    });
    if (existing && (existing.state === 'credited' || existing.reason === 'dismissed')) {
      throw RechargeErrors.orderUsed();
    }
    const order = await this.afdian.queryOrder(orderNumber);
    const facts = this.factsOf(order, orderNumber, userId, 'query');
    if (!order) {
      await this.ledger.note(facts, 'rejected', 'not_found');
      throw RechargeErrors.orderNotFound();
    }
    const owner = noCustomOrderId(order.custom_order_id)
      ? userId
      : userIdFromCustomOrderId(this.env.APP_SECRET, order.custom_order_id);
    if (owner !== userId) {
      await this.ledger.note(facts, 'rejected', 'other_user');
      throw RechargeErrors.orderOfAnotherUser();
    }
    if (Number(order.status) !== PAID) {
      await this.ledger.note(facts, 'pending', 'not_paid');
      throw RechargeErrors.orderNotPaid();
    }
    if (facts.amount_milli <= 0) {
      await this.ledger.note(facts, 'rejected', 'no_amount');
      throw RechargeErrors.orderNoAmount();
    }
    return verified(facts, await this.ledger.credit({ ...facts, user_id: userId }, null));
  }

  /** Asks Afdian again about one of the user's own pending orders ("I paid, check now"). */
  async recheckOrder(userId: number, orderNumber: string): Promise<VerifiedOrder> {
    const pending = await this.records.findOne({
      where: { out_trade_no: orderNumber, user_id: userId, state: 'pending' },
      select: { id: true },
    });
    if (!pending) throw RechargeErrors.orderNotPending();
    try {
      return await this.verifyOrder(userId, orderNumber);
    } catch (error) {
      // The automatic re-check or a webhook credited it to this user in the meantime: that is
      // the answer the user asked for, not "already used".
      if (!(error instanceof AppError) || error.code !== 'recharge.order_used') throw error;
      const credited = await this.records.findOne({
        where: { out_trade_no: orderNumber, user_id: userId, state: 'credited' },
        select: { id: true, amount_milli: true },
      });
      if (!credited) throw error;
      const user = await this.records.manager.findOne(User, {
        where: { id: userId },
        select: { id: true, balance_milli: true },
      });
      return {
        amount: formatBalance(Number(credited.amount_milli)),
        balance: formatBalance(Number(user?.balance_milli ?? 0)),
      };
    }
  }

  async history(userId: number, query: RechargeHistoryQuery): Promise<RechargeHistory> {
    const [rows, total] = await this.records.findAndCount({
      where: { user_id: userId },
      order: { created_at: 'DESC', id: 'DESC' },
      ...pageSlice(query),
    });
    return {
      records: rows.map(toRechargeRecordResponse),
      ...pageInfo(total, query),
    };
  }

  /**
   * Afdian's push for an order: verified by its RSA signature (a forged one is recorded as
   * refused), then credited once when its custom_order_id names one of our users. A paid order
   * naming nobody waits in the admins' queue, and its payer can still claim it by order number.
   */
  async webhook(body: unknown): Promise<void> {
    if (!this.webhookKey) throw RechargeErrors.webhookNotConfigured();
    const { order, sign } = webhookParts(body);
    const owner = noCustomOrderId(order.custom_order_id)
      ? null
      : userIdFromCustomOrderId(this.env.APP_SECRET, order.custom_order_id);
    const facts = this.factsOf(order, order.out_trade_no, owner, 'webhook');
    if (!verifyWebhookSign(this.webhookKey, order, sign)) {
      await this.ledger.note({ ...facts, user_id: null }, 'rejected', 'bad_signature');
      throw RechargeErrors.webhookBadSignature();
    }
    const outcome = await this.settle(facts, order);
    // Unrecorded, so Afdian sends it again and the payer can still claim it by order number.
    if (outcome?.outcome === 'ceiling') throw RechargeErrors.balanceCeiling();
    if (outcome?.outcome === 'credited') {
      this.logger.log(`webhook credited order ${order.out_trade_no} to user ${owner}`);
    }
  }

  /**
   * Records what Afdian says of an order with no claimant waiting on the answer (a webhook push, an
   * automatic re-check): credited to its owner when paid, else pending or rejected with the reason.
   */
  async settle(facts: OrderFacts, order: AfdianOrder): Promise<CreditOutcome | null> {
    if (Number(order.status) !== PAID) {
      await this.ledger.note(facts, 'pending', 'not_paid');
      return null;
    }
    if (facts.amount_milli <= 0) {
      await this.ledger.note(facts, 'rejected', 'no_amount');
      return null;
    }
    if (facts.user_id === null) {
      await this.ledger.note(facts, 'pending', 'unmatched');
      return null;
    }
    return this.ledger.credit({ ...facts, user_id: facts.user_id }, null);
  }

  /** The row an order (or its absence) makes: what it credits, and Afdian's own words. */
  factsOf(
    order: AfdianOrder | null,
    outTradeNo: string,
    userId: number | null,
    source: RechargeSource,
  ): OrderFacts {
    return {
      out_trade_no: outTradeNo,
      user_id: userId,
      amount_milli: order ? (this.creditFor(order) ?? 0) : 0,
      paid_amount: order ? String(order.total_amount ?? '').slice(0, 32) : '',
      source,
      raw: order ? JSON.stringify(order) : '{}',
    };
  }

  /** Balance milli-yuan for a paid amount ("12.50" yuan × RECHARGE_RATE); null when not positive. */
  creditFor(order: AfdianOrder): number | null {
    const paid = parseYuan(String(order.total_amount ?? ''));
    if (paid === null || paid <= 0) return null;
    const credit = scaleMilli(paid, this.env.RECHARGE_RATE);
    return credit && credit > 0 ? credit : null;
  }
}

/** A credit's answer to the user, or the refusal it amounts to. */
export function verified(facts: OrderFacts, result: CreditOutcome): VerifiedOrder {
  if (result.outcome === 'ceiling') throw RechargeErrors.balanceCeiling();
  if (result.outcome !== 'credited') throw RechargeErrors.orderUsed();
  return {
    amount: formatBalance(facts.amount_milli),
    balance: formatBalance(result.balance_milli),
  };
}

const ORDER_NUMBER = /^\d{1,64}$/;

/** The order and signature of a webhook body, or a 400 when they are not there. */
function webhookParts(body: unknown): { order: AfdianOrder; sign: string } {
  const data = (body as { data?: { order?: unknown; sign?: unknown } } | null)?.data;
  const order = data?.order as Partial<AfdianOrder> | undefined;
  if (
    typeof data?.sign !== 'string' ||
    !data.sign ||
    typeof order !== 'object' ||
    order === null ||
    typeof order.out_trade_no !== 'string' ||
    !ORDER_NUMBER.test(order.out_trade_no) ||
    typeof order.total_amount !== 'string'
  ) {
    throw RechargeErrors.webhookInvalid();
  }
  return { order: order as AfdianOrder, sign: data.sign };
}
