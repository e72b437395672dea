import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, MoreThan, Repository } from 'typeorm';
import { formatBalance } from '../../common/money';
import { AlertDelivery, BalanceAlert, User } from '../../database/entities';
import type { LowBalanceEvent } from '../../contracts/usage';
import { retriedTransaction } from '../../database/transactions';
import { LedgerEvents } from '../ledger';
import { AlertSender } from './alert-sender';

/** How long an instance trusts its copy of a user's threshold (another instance may change it). */
const CACHE_MS = 5000;

/** Per user and channel, at most one delivery an hour however often the balance crosses… */
const ALERT_GAP_MS = 60 * 60 * 1000;
/** …and at most this many in 24 hours: the e-mail address is not verified. */
const ALERT_DAILY_MAX = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Told about every successful charge (after its commit) and decides, off the charge's path,
 * whether it took the balance below the user's threshold: from at or above it to below it. The
 * alert is armed while crossed_at is null; the crossing that disarms it (one conditional UPDATE)
 * is the one that alerts. A refunded call crosses again without alerting: only money coming in
 * (rearm, after a recharge or an admin's credit) or a new threshold arms it again. The crossing
 * and its pending deliveries are written in one transaction before anything is sent.
 */
@Injectable()
export class BalanceWatch implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('BalanceWatch');
  private readonly thresholds = new Map<number, { milli: number | null; until: number }>();
  private unsubscribe?: () => void;

  constructor(
    @InjectRepository(BalanceAlert) private readonly alerts: Repository<BalanceAlert>,
    private readonly dataSource: DataSource,
    private readonly sender: AlertSender,
    private readonly ledger: LedgerEvents,
  ) {}

  onModuleInit(): void {
    this.unsubscribe = this.ledger.onCredit((userId) => this.rearm(userId));
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  /** Never throws and never waits: the charge has been answered or is about to be. */
  charged(userId: number, balanceBefore: number, balanceAfter: number): void {
    if (balanceAfter >= balanceBefore) return;
    const known = this.thresholds.get(userId);
    if (known && known.until > Date.now()) {
      const t = known.milli;
      if (t === null || !(balanceBefore >= t && balanceAfter < t)) return;
    }
    setImmediate(() => {
      this.check(userId, balanceBefore, balanceAfter).catch((error: unknown) =>
        this.logger.warn(`low-balance check for user ${userId}: ${String(error)}`),
      );
    });
  }

  /**
   * Money came in (a credited recharge or an admin's credit; never a refunded call): the alert is
   * armed again if the balance is now at or above its threshold. Never throws: the credit stands.
   */
  async rearm(userId: number): Promise<void> {
    try {
      await this.alerts
        .createQueryBuilder()
        .update(BalanceAlert)
        .set({ crossed_at: null })
        .where('user_id = :userId AND crossed_at IS NOT NULL', { userId })
        .andWhere('threshold_milli <= (SELECT balance_milli FROM users WHERE id = :userId)')
        .execute();
    } catch (error) {
      this.logger.warn(`re-arming the low-balance alert of user ${userId}: ${String(error)}`);
    }
  }

  /** The user changed or removed the alert on this instance. */
  forget(userId: number): void {
    this.thresholds.delete(userId);
  }

  private async check(userId: number, before: number, after: number): Promise<void> {
    const alert = await this.alerts.findOneBy({ user_id: userId });
    this.thresholds.set(userId, {
      milli: alert?.threshold_milli ?? null,
      until: Date.now() + CACHE_MS,
    });
    if (this.thresholds.size > 100_000) this.thresholds.clear();
    if (!alert || !(before >= alert.threshold_milli && after < alert.threshold_milli)) return;
    const ids = await retriedTransaction(this.dataSource, async (manager) => {
      const crossedAt = new Date();
      const marked = await manager
        .createQueryBuilder()
        .update(BalanceAlert)
        .set({ crossed_at: crossedAt })
        .where('user_id = :userId AND threshold_milli <= :before AND threshold_milli > :after', {
          userId,
          before,
          after,
        })
        .andWhere('crossed_at IS NULL')
        .execute();
      if (marked.affected !== 1) return [];
      const user = await manager.findOneBy(User, { id: userId });
      const targets: [AlertDelivery['channel'], string][] = [];
      const email = alert.email ?? user?.email ?? null;
      if (email) targets.push(['email', email]);
      if (alert.webhook_url) targets.push(['webhook', alert.webhook_url]);
      const lastDay = await manager.find(AlertDelivery, {
        select: { channel: true, created_at: true },
        where: { user_id: userId, created_at: MoreThan(new Date(crossedAt.getTime() - DAY_MS)) },
      });
      const allowed = (channel: AlertDelivery['channel']) => {
        const sent = lastDay.filter((d) => d.channel === channel);
        const gapStart = crossedAt.getTime() - ALERT_GAP_MS;
        return (
          sent.length < ALERT_DAILY_MAX && sent.every((d) => d.created_at.getTime() <= gapStart)
        );
      };
      const created: number[] = [];
      for (const [channel, target] of targets.filter(([channel]) => allowed(channel))) {
        const row = await manager.save(
          manager.create(AlertDelivery, { user_id: userId, channel, target, payload: '' }),
        );
        const event: LowBalanceEvent = {
          event: 'balance.low',
          delivery_id: row.id,
          user_id: userId,
          username: user?.username ?? '',
          balance: formatBalance(after),
          threshold: formatBalance(alert.threshold_milli),
          crossed_at: crossedAt.toISOString(),
        };
        await manager.update(AlertDelivery, { id: row.id }, { payload: JSON.stringify(event) });
        created.push(row.id);
      }
      return created;
    });
    this.sender.start(ids);
  }
}
