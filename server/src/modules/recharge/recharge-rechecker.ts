import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThanOrEqual, Repository } from 'typeorm';
import { RechargeRecord } from '../../database/entities';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { AFDIAN_CLIENT, PAID, RechargeService } from './recharge.service';
import type { OrderQuery } from './recharge.service';

/** Afdian advises polling because its pushes can be late; an order unpaid this long is given up. */
export const RECHECK_WINDOW_MS = 24 * 60 * 60 * 1000;
const MAX_WAIT_MS = 60 * 60 * 1000;
/** Longer than any query takes: an instance that died mid-check hands its orders on after this. */
const LEASE_MS = 5 * 60 * 1000;
const BATCH = 50;

/**
 * Asks Afdian again about unpaid orders, sooner first and then less often (AFDIAN_RECHECK_MS,
 * doubling up to an hour), for 24 hours. Every instance runs it; an order's row is its lease: an
 * instance checks it only after moving its check_after from the value it read, so one instance at a
 * time asks about any one order, and an order whose instance died is picked up once the lease ends.
 */
@Injectable()
export class RechargeRechecker implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('RechargeRechecker');
  private timer?: NodeJS.Timeout;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    @Inject(ENV) private readonly env: Env,
    @Inject(AFDIAN_CLIENT) private readonly afdian: OrderQuery | null,
    @InjectRepository(RechargeRecord) private readonly records: Repository<RechargeRecord>,
    private readonly recharge: RechargeService,
  ) {}

  onModuleInit(): void {
    if (!this.afdian) return;
    this.timer = setInterval(() => {
      this.running ??= this.runDue()
        .then(() => undefined)
        .catch((error: unknown) => this.logger.warn(`re-check failed: ${String(error)}`))
        .finally(() => {
          this.running = null;
        });
    }, this.env.AFDIAN_RECHECK_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Checks every pending unpaid order that is due at `now`; returns how many this instance took. */
  async runDue(now = Date.now()): Promise<number> {
    if (!this.afdian) return 0;
    const due = await this.records.find({
      where: { state: 'pending', reason: 'not_paid', check_after: LessThanOrEqual(now) },
      order: { check_after: 'ASC', id: 'ASC' },
      take: BATCH,
    });
    let taken = 0;
    for (const row of due) {
      if (this.stopped) break;
      const lease = await this.records.update(
        { id: row.id, state: 'pending', reason: 'not_paid', check_after: row.check_after },
        { check_after: now + LEASE_MS, checks: row.checks + 1 },
      );
      if (lease.affected !== 1) continue;
      taken += 1;
      await this.check(row, now).catch((error: unknown) => {
        this.logger.warn(`re-check of order ${row.out_trade_no} failed: ${String(error)}`);
        return this.later(row, now);
      });
    }
    return taken;
  }

  private async check(row: RechargeRecord, now: number): Promise<void> {
    const order = await this.afdian!.queryOrder(row.out_trade_no);
    const expired = now - row.created_at.getTime() >= RECHECK_WINDOW_MS;
    if (!order) {
      if (expired) await this.give(row, 'not_found');
      else await this.later(row, now);
      return;
    }
    const owner = this.recharge.ownerOf(order, row.user_id);
    const facts = this.recharge.factsOf(order, row.out_trade_no, owner, row.source);
    const outcome = await this.recharge.settle(facts, order);
    if (outcome?.outcome === 'credited') {
      this.logger.log(`re-check credited order ${row.out_trade_no} to user ${owner}`);
    } else if (outcome?.outcome === 'ceiling' || Number(order.status) !== PAID) {
      if (expired) await this.give(row, 'not_paid');
      else await this.later(row, now);
    }
  }

  /** Gives the lease back with the next time to ask, each wait twice the one before. */
  private later(row: RechargeRecord, now: number) {
    const wait = Math.min(this.env.AFDIAN_RECHECK_MS * 2 ** row.checks, MAX_WAIT_MS);
    return this.records.update(
      { id: row.id, state: 'pending' },
      { check_after: now + wait, checks: row.checks + 1 },
    );
  }

  private give(row: RechargeRecord, reason: 'not_paid' | 'not_found') {
    return this.records.update({ id: row.id, state: 'pending' }, { state: 'rejected', reason });
  }
}
