import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Between, DataSource, Repository } from 'typeorm';
import { formatBalance } from '../../common/money';
import { pageInfo, pageSlice } from '../../common/paging';
import type {
  BesideCash,
  PendingOrders,
  Reconciliation,
  ReconciliationDay,
  ReconciliationMismatch,
  VerifiedOrder,
} from '../../contracts/recharge';
import { RechargeRecord } from '../../database/entities';
import { sqlTime } from '../../database/sql-time';
import { retriedTransaction } from '../../database/transactions';
import { AuditService, auditValues } from '../audit';
import type { AuditActor } from '../audit';
import {
  AssignOrderBody,
  DismissOrderBody,
  PendingOrdersQuery,
  ReconciliationQuery,
} from './dto/recharge-admin.dto';
import { toPendingOrder } from './dto/recharge.response';
import { checkBalances, checkCredit, ORDER_LEDGER } from '../ledger';
import type { OrderLedger } from '../ledger';
import { RechargeErrors, userNotFound } from './recharge.errors';
import { AFDIAN_CLIENT, PAID, RechargeService, verified } from './recharge.service';
import type { OrderQuery } from './recharge.service';
import type { AfdianOrder } from './afdian.client';

const DAY_MS = 86_400_000;
/** Afdian is asked about this many credited orders at a time while reconciling. */
const QUERIES_AT_ONCE = 4;

/** The admins' side of recharge: the queue of paid orders nobody claimed, and the books. */
@Injectable()
export class RechargeAdminService {
  constructor(
    @Inject(ORDER_LEDGER) private readonly ledger: OrderLedger,
    @Inject(AFDIAN_CLIENT) private readonly afdian: OrderQuery | null,
    private readonly recharge: RechargeService,
    @InjectRepository(RechargeRecord) private readonly records: Repository<RechargeRecord>,
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

  async pendingOrders(query: PendingOrdersQuery): Promise<PendingOrders> {
    const [rows, total] = await this.records.findAndCount({
      where: { state: 'pending', reason: 'unmatched' },
      order: { created_at: 'DESC', id: 'DESC' },
      ...pageSlice(query),
    });
    return { orders: rows.map(toPendingOrder), ...pageInfo(total, query) };
  }

  /** Credits a queued order to the user the admin found for it: once, whoever else claims it. */
  async assign(actor: AuditActor, body: AssignOrderBody): Promise<VerifiedOrder> {
    const row = await this.queued(body.out_trade_no);
    if (row.reason !== 'unmatched') throw RechargeErrors.orderNotPending();
    const users: unknown[] = await this.dataSource.query('SELECT id FROM users WHERE id = ?', [
      body.user_id,
    ]);
    if (users.length === 0) throw userNotFound();
    const facts = {
      out_trade_no: row.out_trade_no,
      user_id: body.user_id,
      amount_milli: row.amount_milli,
      paid_amount: row.paid_amount,
      source: row.source,
      raw: row.raw,
    };
    // The audit row is written in the credit's own transaction.
    const audit = (balanceMilli: number) =>
      auditValues(actor, {
        action: 'assign_order',
        target_type: 'recharge_order',
        target_id: row.id,
        before: { out_trade_no: row.out_trade_no, state: 'pending', user_id: null },
        after: {
          out_trade_no: row.out_trade_no,
          state: 'credited',
          user_id: body.user_id,
          ...verified(facts, { outcome: 'credited', balance_milli: balanceMilli }),
        },
      });
    return verified(facts, await this.ledger.credit(facts, actor.adminId, audit));
  }

  /** Rejects a pending order for good; its payer can no longer claim it. */
  async dismiss(actor: AuditActor, body: DismissOrderBody): Promise<void> {
    const row = await this.queued(body.out_trade_no);
    await retriedTransaction(this.records.manager, async (manager) => {
      const done = await manager.update(
        RechargeRecord,
        { id: row.id, state: 'pending' },
        { state: 'rejected', reason: 'dismissed', note: body.reason, admin_id: actor.adminId },
      );
      if (done.affected !== 1) throw RechargeErrors.orderUsed();
      await this.audit.record(
        actor,
        {
          action: 'dismiss_order',
          target_type: 'recharge_order',
          target_id: row.id,
          before: { out_trade_no: row.out_trade_no, state: 'pending', reason: row.reason },
          after: { out_trade_no: row.out_trade_no, state: 'rejected', reason: body.reason },
        },
        manager,
      );
    });
  }

  /** Per UTC day, what recharge saw and did, and whatever the books do not explain. */
  async reconciliation(query: ReconciliationQuery): Promise<Reconciliation> {
    const today = new Date().toISOString().slice(0, 10);
    const to = query.to ?? today;
    const from = query.from ?? dayOf(Date.parse(to) - 29 * DAY_MS);
    const start = Date.parse(`${from}T00:00:00Z`);
    const end = Date.parse(`${to}T00:00:00Z`) + DAY_MS;
    if (Number.isNaN(start) || Number.isNaN(end) || end <= start || end - start > 366 * DAY_MS) {
      throw RechargeErrors.badPeriod();
    }
    const rows = await this.records.find({
      where: { created_at: Between(new Date(start), new Date(end - 1)) },
      order: { created_at: 'ASC', id: 'ASC' },
    });
    const days = new Map<string, Tally>();
    for (let t = start; t < end; t += DAY_MS) days.set(dayOf(t), new Tally());
    const totals = new Tally();
    for (const row of rows) {
      days.get(dayOf(row.created_at.getTime()))?.add(row);
      totals.add(row);
    }
    const mismatches = [
      ...(await this.creditsAfdianDenies(rows.filter((row) => row.state === 'credited'))),
      ...(await this.unexplainedBalances()),
      ...(await this.unexplainedCredit()),
    ];
    return {
      from,
      to,
      days: [...days].map(([date, tally]) => ({ date, ...tally.day() })),
      totals: totals.day(),
      beside_cash: await this.besideCash(new Date(start), new Date(end)),
      mismatches,
    };
  }

  /**
   * Plan periods bought, credit granted and credit expired in [from, to), each from its own table
   * (the credit calls spent is left to the statements: it would read the span's log rows).
   */
  private async besideCash(from: Date, to: Date): Promise<BesideCash> {
    const span = [sqlTime(this.dataSource, from), sqlTime(this.dataSource, to)];
    const [row] = await this.dataSource.query<Record<string, string | number | null>[]>(
      `SELECT
         (SELECT COUNT(*) FROM plan_periods WHERE created_at >= ? AND created_at < ?) AS periods,
         (SELECT SUM(price_milli) FROM plan_periods WHERE created_at >= ? AND created_at < ?) AS plans,
         (SELECT SUM(amount_milli) FROM credit_grants WHERE created_at >= ? AND created_at < ?) AS granted,
         (SELECT SUM(expired_milli) FROM credit_grants WHERE closed_at >= ? AND closed_at < ?) AS expired`,
      [...span, ...span, ...span, ...span],
    );
    const milli = (value: string | number | null) => formatBalance(Number(value ?? 0));
    return {
      plan_periods: Number(row.periods),
      plans_amount: milli(row.plans),
      credit_granted: milli(row.granted),
      credit_expired: milli(row.expired),
    };
  }

  /** The reconciliation as CSV (UTF-8 with a BOM, so spreadsheet programs read the text right). */
  async reconciliationCsv(query: ReconciliationQuery): Promise<string> {
    const report = await this.reconciliation(query);
    const lines = [
      'date,seen,credited,rejected,pending,credited_amount,pending_amount',
      ...report.days.map((d) =>
        [
          d.date,
          d.seen,
          d.credited,
          d.rejected,
          d.pending,
          d.credited_amount,
          d.pending_amount,
        ].join(','),
      ),
      '',
      'mismatch,out_trade_no,user_id,expected,actual',
      ...report.mismatches.map((m) =>
        [m.kind, m.out_trade_no ?? '', m.user_id ?? '', m.expected, m.actual].join(','),
      ),
    ];
    return `\uFEFF${lines.join('\r\n')}\r\n`;
  }

  /**
   * The credited orders Afdian's own query-order does not bear out: what each credited and what it
   * recorded as paid are compared with Afdian's answer of today, never with the row's own copy.
   */
  private async creditsAfdianDenies(credited: RechargeRecord[]): Promise<ReconciliationMismatch[]> {
    if (credited.length === 0) return [];
    if (!this.afdian) throw RechargeErrors.notConfigured();
    const mismatches: ReconciliationMismatch[] = [];
    for (let start = 0; start < credited.length; start += QUERIES_AT_ONCE) {
      const batch = credited.slice(start, start + QUERIES_AT_ONCE);
      const answers = await Promise.all(
        batch.map((row) => this.afdian!.queryOrder(row.out_trade_no)),
      );
      batch.forEach((row, index) => {
        const mismatch = this.creditMismatch(row, answers[index]);
        if (mismatch) mismatches.push(mismatch);
      });
    }
    return mismatches;
  }

  /**
   * What the order should have credited by Afdian's answer: nothing unless Afdian lists it as paid
   * and, for a credit no admin assigned, its custom_order_id names the user credited (or none).
   */
  private creditMismatch(
    row: RechargeRecord,
    order: AfdianOrder | null,
  ): ReconciliationMismatch | null {
    const paid =
      order !== null &&
      Number(order.status) === PAID &&
      (row.admin_id !== null || this.recharge.ownerOf(order, row.user_id) === row.user_id);
    const expected = paid ? (this.recharge.creditFor(order) ?? 0) : 0;
    const paidAmount = paid ? String(order.total_amount) : '';
    if (expected === row.amount_milli && paidAmount === row.paid_amount) return null;
    return {
      kind: 'amount_differs',
      out_trade_no: row.out_trade_no,
      user_id: row.user_id,
      expected: formatBalance(expected),
      actual: formatBalance(row.amount_milli),
    };
  }

  /** Users whose balance is not Σ credited orders + Σ adjustments + Σ cash codes − Σ charged calls. */
  private async unexplainedBalances(): Promise<ReconciliationMismatch[]> {
    const { unexplained } = await checkBalances(this.dataSource);
    return unexplained.map((user) => ({
      kind: 'balance_unexplained' as const,
      out_trade_no: null,
      user_id: user.user_id,
      expected: formatBalance(user.money_in_milli - user.money_out_milli),
      actual: formatBalance(user.balance_milli),
    }));
  }

  /** Users whose credit is not Σ grants − Σ expired − Σ credit spent (ADR 050). */
  private async unexplainedCredit(): Promise<ReconciliationMismatch[]> {
    return (await checkCredit(this.dataSource)).map((user) => ({
      kind: 'credit_unexplained' as const,
      out_trade_no: null,
      user_id: user.user_id,
      expected: formatBalance(user.expected_milli),
      actual: formatBalance(user.credit_milli),
    }));
  }

  private async queued(outTradeNo: string): Promise<RechargeRecord> {
    const row = await this.records.findOne({ where: { out_trade_no: outTradeNo } });
    if (row?.state === 'credited') throw RechargeErrors.orderUsed();
    if (row?.state !== 'pending') throw RechargeErrors.orderNotPending();
    return row;
  }
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

class Tally {
  seen = 0;
  credited = 0;
  rejected = 0;
  pending = 0;
  creditedMilli = 0;
  pendingMilli = 0;

  add(row: RechargeRecord): void {
    this.seen += 1;
    this[row.state] += 1;
    if (row.state === 'credited') this.creditedMilli += row.amount_milli;
    if (row.state === 'pending') this.pendingMilli += row.amount_milli;
  }

  day(): Omit<ReconciliationDay, 'date'> {
    return {
      seen: this.seen,
      credited: this.credited,
      rejected: this.rejected,
      pending: this.pending,
      credited_amount: formatBalance(this.creditedMilli),
      pending_amount: formatBalance(this.pendingMilli),
    };
  }
}
