import { randomBytes } from 'node:crypto';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppError } from '../../common/app-error';
import { parseYuan } from '../../common/money';
import { BalanceAlert, User } from '../../database/entities';
import type { BalanceAlertView } from '../../contracts/usage';
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

  /** Sets (or, with an empty threshold, removes) the alert; a new threshold starts un-crossed. */
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
      throw new AppError('request.validation', problem, HttpStatus.BAD_REQUEST, {}, 'webhook_url');
    }
    const threshold = parseYuan(body.threshold)!;
    const existing = await this.alerts.findOneBy({ user_id: userId });
    await this.alerts.save(
      this.alerts.create({
        user_id: userId,
        threshold_milli: threshold,
        email: body.email || null,
        webhook_url: webhookUrl,
        webhook_secret: existing?.webhook_secret ?? randomBytes(32).toString('hex'),
        crossed_at: existing?.threshold_milli === threshold ? existing.crossed_at : null,
      }),
    );
    return this.get(userId);
  }

  private async user(userId: number): Promise<User> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user || user.status !== 1) {
      throw new AppError('auth.unauthenticated', 'please log in first', HttpStatus.UNAUTHORIZED);
    }
    return user;
  }
}
