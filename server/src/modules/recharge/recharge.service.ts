import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { KeyObject } from 'node:crypto';
import { Repository } from 'typeorm';
import { formatBalance, parseYuan, scaleMilli } from '../../common/money';
import { RechargeRecord } from '../../database/entities';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { verifyWebhookSign } from './afdian.client';
import type { AfdianClient, AfdianOrder } from './afdian.client';
import { BALANCE_BOOK } from './balance-book';
import type { BalanceBook } from './balance-book';
import { customOrderIdFor, noCustomOrderId, userIdFromCustomOrderId } from './custom-order-id';
import { RechargeHistoryQuery } from './dto/recharge-history.query';
import { toRechargeRecordResponse } from './dto/recharge.response';
import { RechargeErrors } from './recharge.errors';
import { pageInfo, pageSlice } from '../../common/paging';
import type { RechargeHistory, RechargeInfo, VerifiedOrder } from '../../contracts/recharge';

export const AFDIAN_CLIENT = Symbol('AFDIAN_CLIENT');
export const AFDIAN_WEBHOOK_KEY = Symbol('AFDIAN_WEBHOOK_KEY');

/** Afdian marks a paid order with status 2. */
const PAID = 2;

@Injectable()
export class RechargeService {
  private readonly logger = new Logger('Recharge');

  constructor(
    @Inject(ENV) private readonly env: Env,
    @Inject(AFDIAN_CLIENT) private readonly afdian: AfdianClient | null,
    @Inject(AFDIAN_WEBHOOK_KEY) private readonly webhookKey: KeyObject | null,
    @Inject(BALANCE_BOOK) private readonly book: BalanceBook,
    @InjectRepository(RechargeRecord) private readonly records: Repository<RechargeRecord>,
  ) {}

  /** What the recharge page needs: where to pay, and the id that ties a payment to this user. */
  info(userId: number): RechargeInfo {
    const customOrderId = customOrderIdFor(this.env.APP_SECRET, userId);
    let sponsorUrl: string | null = null;
    if (this.env.AFDIAN_SPONSOR_URL) {
      const url = new URL(this.env.AFDIAN_SPONSOR_URL);
      url.searchParams.set('custom_order_id', customOrderId);
      sponsorUrl = url.toString();
    }
    return {
      configured: this.afdian !== null,
      sponsor_url: sponsorUrl,
      custom_order_id: customOrderId,
    };
  }

  /** Checks the order with Afdian and credits it to this user, once ever. */
  async verifyOrder(userId: number, orderNumber: string): Promise<VerifiedOrder> {
    if (!this.afdian) throw RechargeErrors.notConfigured();
    // Saves a round trip to Afdian for the common double submit; the unique index still decides.
    const existing = await this.records.findOne({
      where: { out_trade_no: orderNumber },
      select: { id: true, user_id: true },
    });
    if (existing && existing.user_id !== null) throw RechargeErrors.orderUsed();
    const order = await this.afdian.queryOrder(orderNumber);
    if (!order) throw RechargeErrors.orderNotFound();
    if (Number(order.status) !== PAID) throw RechargeErrors.orderNotPaid();
    const credit = this.creditFor(order);
    if (credit === null) throw RechargeErrors.orderNoAmount();
    const owner = noCustomOrderId(order.custom_order_id)
      ? userId
      : userIdFromCustomOrderId(this.env.APP_SECRET, order.custom_order_id);
    if (owner !== userId) throw RechargeErrors.orderOfAnotherUser();
    const result = await this.book.recordOrder({
      user_id: userId,
      out_trade_no: orderNumber,
      amount_milli: credit,
      paid_amount: String(order.total_amount),
      source: 'query',
      raw: JSON.stringify(order),
    });
    if (result.outcome === 'ceiling') throw RechargeErrors.balanceCeiling();
    if (result.outcome !== 'credited') throw RechargeErrors.orderUsed();
    return { amount: formatBalance(credit), balance: formatBalance(result.balance_milli) };
  }

  async history(userId: number, query: RechargeHistoryQuery): Promise<RechargeHistory> {
    const [rows, total] = await this.records.findAndCount({
      where: { user_id: userId },
      order: { id: 'DESC' },
      ...pageSlice(query),
    });
    return {
      records: rows.map(toRechargeRecordResponse),
      ...pageInfo(total, query),
    };
  }

  /**
   * Afdian's push for a paid order: verified by its RSA signature, recorded once, and credited
   * when the custom_order_id names one of our users. An order without an owner stays recorded
   * unclaimed until its payer verifies the order number.
   */
  async webhook(body: unknown): Promise<void> {
    if (!this.webhookKey) throw RechargeErrors.webhookNotConfigured();
    const { order, sign } = webhookParts(body);
    if (!verifyWebhookSign(this.webhookKey, order, sign))
      throw RechargeErrors.webhookBadSignature();
    const credit = this.creditFor(order);
    if (Number(order.status) !== PAID || credit === null) return;
    const userId = noCustomOrderId(order.custom_order_id)
      ? null
      : userIdFromCustomOrderId(this.env.APP_SECRET, order.custom_order_id);
    const result = await this.book.recordOrder({
      user_id: userId,
      out_trade_no: order.out_trade_no,
      amount_milli: credit,
      paid_amount: order.total_amount,
      source: 'webhook',
      raw: JSON.stringify(order),
    });
    // Unrecorded, so Afdian sends it again and the payer can still claim it by order number.
    if (result.outcome === 'ceiling') throw RechargeErrors.balanceCeiling();
    if (result.outcome === 'credited') {
      this.logger.log(`webhook credited order ${order.out_trade_no} to user ${userId}`);
    }
  }

  /** Balance milli-yuan for a paid amount ("12.50" yuan × RECHARGE_RATE); null when not positive. */
  private creditFor(order: AfdianOrder): number | null {
    const paid = parseYuan(String(order.total_amount ?? ''));
    if (paid === null || paid <= 0) return null;
    const credit = scaleMilli(paid, this.env.RECHARGE_RATE);
    return credit && credit > 0 ? credit : null;
  }
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
