import { randomBytes } from 'node:crypto';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppError } from '../../common/app-error';
import { parseYuan } from '../../common/money';
import { BalanceAlert, User } from '../../database/entities';
import type { BalanceAlertView } from '../../contracts/usage';
import { isUniqueViolation } from '../../database/transactions';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { AlertSender } from './alert-sender';
import { BalanceWatch } from './balance-watch';
import { BalanceAlertDto, toBalanceAlertView } from './dto/balance-alert.dto';
import { webhookUrlProblem } from './webhook-target';

/** The user's low-balance alert settings and what it has sent. */
@Injectable()
export class AlertsService {
  constructor(
    @InjectRepository(BalanceAlert) private readonly alerts: Repository<BalanceAlert>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly sender: AlertSender,
    private readonly watch: BalanceWatch,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async get(userId: number): Promise<BalanceAlertView> {
    const [user, alert, deliveries] = await Promise.all([
      this.user(userId),
      this.alerts.findOneBy({ user_id: userId }),
      this.sender.recent(userId),
    ]);
    return toBalanceAlertView(user, alert, deliveries);
  }

  /**
   * Sets (or, with an empty threshold, removes) the alert. A new threshold starts armed (it fires
   * at the next crossing); changing only where it is sent keeps the state. Concurrent first saves
   * are one insert and updates: an insert that loses the race on the primary key becomes an update.
   */
  async set(userId: number, body: BalanceAlertDto): Promise<BalanceAlertView> {
    await this.user(userId);
    this.watch.forget(userId);
    if (body.threshold === '') {
      await this.alerts.delete({ user_id: userId });
      return this.get(userId);
    }
    const webhookUrl = body.webhook_url || null;
    const problem =
      webhookUrl && webhookUrlProblem(webhookUrl, this.env.ALERT_WEBHOOK_ALLOW_LOOPBACK);
    if (problem) {
      throw new AppError(problem.code, problem.message, HttpStatus.BAD_REQUEST, {}, 'webhook_url');
    }
    const settings = {
      threshold: parseYuan(body.threshold)!,
      email: body.email || null,
      webhookUrl,
    };
    if (await this.update(userId, settings)) return this.get(userId);
    try {
      await this.alerts.insert({
        user_id: userId,
        threshold_milli: settings.threshold,
        email: settings.email,
        webhook_url: settings.webhookUrl,
        webhook_secret: randomBytes(32).toString('hex'),
        crossed_at: null,
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await this.update(userId, settings);
    }
    return this.get(userId);
  }

  /**
   * Changes an existing row in one statement, keeping its signing secret; whether it existed. The
   * crossing is forgotten when the threshold changes: crossed_at is assigned first, as MySQL
   * evaluates SET from left to right.
   */
  private async update(
    userId: number,
    s: { threshold: number; email: string | null; webhookUrl: string | null },
  ): Promise<boolean> {
    const result = await this.alerts
      .createQueryBuilder()
      .update(BalanceAlert)
      .set({
        crossed_at: () => 'CASE WHEN threshold_milli = :threshold THEN crossed_at ELSE NULL END',
        threshold_milli: s.threshold,
        email: s.email,
        webhook_url: s.webhookUrl,
      })
      .where('user_id = :userId', { userId, threshold: s.threshold })
      .execute();
    return result.affected === 1;
  }

  private async user(userId: number): Promise<User> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user || user.status !== 1) {
      throw new AppError('auth.unauthenticated', 'please log in first', HttpStatus.UNAUTHORIZED);
    }
    return user;
  }
}
