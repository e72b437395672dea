import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import type { KeyObject } from 'node:crypto';
import { In, Repository } from 'typeorm';
import { AppError } from '../../common/app-error';
import { formatBalance, parseYuan, scaleMilli } from '../../common/money';
import { pageInfo, pageSlice } from '../../common/paging';
import { SANDBOX_CHECKOUT_PATH } from '../../contracts/recharge';
import type {
  RechargeHistory,
  RechargeInfo,
  RechargeReason,
  RechargeState,
  RecentPayments,
  SandboxPayment,
  VerifiedOrder,
} from '../../contracts/recharge';
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
import { ORDER_LEDGER } from '../ledger';
import type { CreditOutcome, OrderFacts, OrderLedger } from '../ledger';
import { RechargeErrors } from './recharge.errors';
import { webhookHint } from './webhook-hint';

export const AFDIAN_CLIENT = Symbol('AFDIAN_CLIENT');
export const AFDIAN_WEBHOOK_KEY = Symbol('AFDIAN_WEBHOOK_KEY');

/** Whatever answers Afdian's query-order: the real Afdian or the sandbox. */
export interface OrderQuery {
  queryOrder(outTradeNo: string): Promise<AfdianOrder | null>;
  /** The newest orders, newest first (see AfdianClient.recentOrders). */
  recentOrders(): Promise<AfdianOrder[]>;
}

/** A user may look for new payments this often (each look is an Afdian call per instance). */
export const RECENT_CHECK_INTERVAL_MS = 5_000;

/** Rejected orders the user's history lists (see `history`). */
const REJECTIONS_LISTED: RechargeReason[] = ['not_paid', 'no_amount', 'dismissed'];

/** Afdian marks a paid order with status 2. */
export const PAID = 2;
/** Where people pay when this site has no Afdian page configured. */
const AFDIAN_HOME = 'https://ifdian.net/';

@Injectable()
export class RechargeService {
  private readonly logger = new Logger('Recharge');
  /** Each user's look for new payments under way, and when their last one ended. */
  private readonly recentChecks = new Map<number, { result: Promise<RecentPayments> }>();
  private readonly lastRecentCheck = new LRUCache<number, number>({
    max: 10_000,
    ttl: RECENT_CHECK_INTERVAL_MS,
  });

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
      // The app's own checkout page, which pays through sandboxPay.
      sponsorUrl = SANDBOX_CHECKOUT_PATH;
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

  /** Pays `amount` yuan with play money in the sandbox: an order number to verify like any other. */
  sandboxPay(userId: number, amount: string): SandboxPayment {
    if (afdianMode(this.env) !== 'sandbox') throw RechargeErrors.sandboxOff();
    return { order_number: this.sandbox.issue(userId, amount) };
  }

  /**
   * Checks the order with Afdian and credits it to this user, once ever. Whatever the answer, the
   * order is recorded with its state, so the user and the admins can see what became of it.
   */
  async verifyOrder(userId: number, orderNumber: string): Promise<VerifiedOrder> {
    try {
      return await this.verifyOnce(userId, orderNumber);
    } catch (error) {
      throw await this.usedBy(userId, orderNumber, error);
    }
  }

  /**
   * An order_used refusal of an order this user's balance got, told as that (what and when): the
   * user who sends their order again after an answer that never came (a 503, a closed tab) learns
   * the money is theirs, not that someone used their order. Any other failure stays as it is.
   */
  private async usedBy(userId: number, orderNumber: string, error: unknown): Promise<unknown> {
    if (!(error instanceof AppError) || error.code !== 'recharge.order_used') return error;
    const credited = await this.records.findOne({
      where: { out_trade_no: orderNumber, user_id: userId, state: 'credited' },
      select: { id: true, amount_milli: true, updated_at: true },
    });
    return credited
      ? RechargeErrors.orderCreditedToYou(
          formatBalance(Number(credited.amount_milli)),
          credited.updated_at,
        )
      : error;
  }

  private async verifyOnce(userId: number, orderNumber: string): Promise<VerifiedOrder> {
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
    if (this.ownerOf(order, userId) !== userId) {
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

  /**
   * Credits the user's paid orders among Afdian's newest that are not credited yet: the payer is
   * back from Afdian, whose return carries no order number, and the orders name the user by the
   * custom_order_id the recharge page gave them (an order without one is never taken as theirs
   * here: it needs its number). The list is query-order's own signed answer, so each order goes
   * through the same ledger path as a webhook's, once ever. At most one look per user per
   * RECENT_CHECK_INTERVAL_MS on an instance; a look while one runs joins it.
   */
  async checkRecent(userId: number): Promise<RecentPayments> {
    if (!this.afdian) throw RechargeErrors.notConfigured();
    const running = this.recentChecks.get(userId);
    if (running) return running.result;
    const last = this.lastRecentCheck.get(userId) ?? 0;
    const wait = last + RECENT_CHECK_INTERVAL_MS - Date.now();
    if (wait > 0) throw RechargeErrors.checkedRecently(Math.ceil(wait / 1000));
    const result = this.findRecent(this.afdian, userId);
    this.recentChecks.set(userId, { result });
    try {
      return await result;
    } finally {
      this.recentChecks.delete(userId);
      this.lastRecentCheck.set(userId, Date.now());
    }
  }

  private async findRecent(afdian: OrderQuery, userId: number): Promise<RecentPayments> {
    const mine = (await afdian.recentOrders()).filter(
      (order) =>
        Number(order.status) === PAID &&
        !noCustomOrderId(order.custom_order_id) &&
        this.ownerOf(order, null) === userId,
    );
    const known = mine.length
      ? await this.records.find({
          where: { out_trade_no: In(mine.map((order) => order.out_trade_no)) },
          select: { out_trade_no: true, state: true, reason: true },
        })
      : [];
    const settled = new Set(
      known
        .filter((row) => row.state === 'credited' || row.reason === 'dismissed')
        .map((row) => row.out_trade_no),
    );
    const credited: RecentPayments['credited'] = [];
    for (const order of mine.filter((o) => !settled.has(o.out_trade_no))) {
      const facts = this.factsOf(order, order.out_trade_no, userId, 'query');
      const outcome = await this.settle(facts, order);
      if (outcome?.outcome === 'ceiling') throw RechargeErrors.balanceCeiling();
      if (outcome?.outcome === 'credited') {
        credited.push({
          out_trade_no: order.out_trade_no,
          amount: formatBalance(facts.amount_milli),
        });
      }
    }
    return { credited, balance: await this.balanceOf(userId) };
  }

  /** The user's balance as an answer shows it. */
  private async balanceOf(userId: number): Promise<string> {
    const user = await this.records.manager.findOne(User, {
      where: { id: userId },
      select: { id: true, balance_milli: true },
    });
    return formatBalance(Number(user?.balance_milli ?? 0));
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
      return {
        amount: formatBalance(Number(credited.amount_milli)),
        balance: await this.balanceOf(userId),
      };
    }
  }

  /**
   * The user's orders: credited, pending, and rejected ones that were real orders of theirs (never
   * paid in time, no amount, dismissed by an admin). A number Afdian does not know (a typo) or an
   * order of another account is an attempt, not an order: the user was told at once, and it stays
   * for the admins' counts, off this list (which would show another account's amount).
   */
  async history(userId: number, query: RechargeHistoryQuery): Promise<RechargeHistory> {
    const [rows, total] = await this.records.findAndCount({
      where: [
        { user_id: userId, state: In(['credited', 'pending'] satisfies RechargeState[]) },
        { user_id: userId, state: 'rejected', reason: In(REJECTIONS_LISTED) },
      ],
      order: { created_at: 'DESC', id: 'DESC' },
      ...pageSlice(query),
    });
    return {
      records: rows.map(toRechargeRecordResponse),
      ...pageInfo(total, query),
    };
  }

  /**
   * Afdian's push of an order, taken as a hint and never as a credit: Afdian signs every creator's
   * webhooks with one platform key over fields joined without separators, so a signed body proves
   * neither that the order is ours nor what it says. The order is looked up with our own signed
   * query-order, and only that answer (the order, its amount, buyer and custom_order_id) is
   * recorded or credited, once ever. With a public key configured, a body whose signature does not
   * verify is refused (and recorded as such) before Afdian is asked anything.
   */
  async webhook(body: unknown): Promise<void> {
    const hint = webhookHint(body);
    const outTradeNo = hint.order.out_trade_no;
    const noted: OrderFacts = {
      out_trade_no: outTradeNo,
      user_id: null,
      amount_milli: 0,
      paid_amount: '',
      source: 'webhook',
      raw: JSON.stringify(hint.order),
    };
    if (this.webhookKey && !verifyWebhookSign(this.webhookKey, hint.order, hint.sign)) {
      await this.ledger.note(noted, 'rejected', 'bad_signature');
      throw RechargeErrors.webhookBadSignature();
    }
    // Recorded as unpaid, the hint is asked about by the re-checks once Afdian can be asked.
    if (!this.afdian) {
      await this.ledger.note(noted, 'pending', 'not_paid');
      return;
    }
    let order: AfdianOrder | null;
    try {
      order = await this.afdian.queryOrder(outTradeNo);
    } catch (error) {
      this.logger.warn(`webhook order ${outTradeNo} left to the re-checks: ${String(error)}`);
      await this.ledger.note(noted, 'pending', 'not_paid');
      return;
    }
    if (!order) {
      await this.ledger.note(noted, 'rejected', 'not_found');
      return;
    }
    const owner = this.ownerOf(order, null);
    const outcome = await this.settle(this.factsOf(order, outTradeNo, owner, 'webhook'), order);
    // Unrecorded, so Afdian sends it again and the payer can still claim it by order number.
    if (outcome?.outcome === 'ceiling') throw RechargeErrors.balanceCeiling();
    if (outcome?.outcome === 'credited') {
      this.logger.log(`webhook credited order ${outTradeNo} to user ${owner}`);
    }
  }

  /**
   * The user an order of ours belongs to, from Afdian's own answer: the one its custom_order_id
   * was issued to (null when this site did not issue it), else `claimant`, who knew its number.
   */
  ownerOf(order: AfdianOrder, claimant: number | null): number | null {
    return noCustomOrderId(order.custom_order_id)
      ? claimant
      : userIdFromCustomOrderId(this.env.APP_SECRET, order.custom_order_id);
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
