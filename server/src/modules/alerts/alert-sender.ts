import { createHmac } from 'node:crypto';
import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import type { Agent } from 'undici';
import { request } from 'undici';
import { AlertDelivery, BalanceAlert, SiteConfig } from '../../database/entities';
import type { ApiIncidentEvent } from '../../contracts/health';
import type { LowBalanceEvent } from '../../contracts/usage';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { Mailer } from '../mail';
import { webhookAgent, webhookUrlProblem } from './webhook-target';

/** The webhook's signature: HMAC-SHA256 of `<timestamp>.<body>` under the alert's secret, as hex. */
export const signWebhook = (secret: string, timestamp: string, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

const ERROR_MAX = 500;
/** How often an instance looks for deliveries another instance left pending when it stopped. */
const SWEEP_MS = 60_000;

/**
 * Sends the e-mails and webhooks of low-balance crossings and of API incidents, retrying a failure after ALERT_RETRY_MS,
 * then twice that, and so on, up to ALERT_ATTEMPTS tries. Every try first claims its attempt
 * number in the row (a conditional UPDATE), so two instances never send the same try twice, and
 * deliveries still pending when an instance stopped are taken up again when one starts.
 */
@Injectable()
export class AlertSender implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('AlertSender');
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly agent: Agent;
  private closed = false;
  private sweeper?: NodeJS.Timeout;

  constructor(
    @InjectRepository(AlertDelivery) private readonly deliveries: Repository<AlertDelivery>,
    @InjectRepository(BalanceAlert) private readonly alerts: Repository<BalanceAlert>,
    @InjectRepository(SiteConfig) private readonly configs: Repository<SiteConfig>,
    @Inject(ENV) private readonly env: Env,
    private readonly mailer: Mailer,
  ) {
    this.agent = webhookAgent(env.ALERT_WEBHOOK_ALLOW_LOOPBACK, env.ALERT_WEBHOOK_TIMEOUT_MS);
  }

  onModuleInit(): void {
    this.sweeper = setInterval(() => {
      this.sweep().catch((error: unknown) =>
        this.logger.warn(`alert delivery sweep failed: ${String(error)}`),
      );
    }, SWEEP_MS);
    this.sweeper.unref();
  }

  /**
   * Takes up deliveries left pending by an instance that stopped: those untouched for twice the
   * longest pause between tries. Each try's claim keeps a live instance's own retry from doubling.
   */
  async sweep(now = Date.now()): Promise<void> {
    const longest = this.env.ALERT_RETRY_MS * 2 ** (this.env.ALERT_ATTEMPTS - 1);
    const stale = await this.deliveries.find({
      select: { id: true },
      where: { state: 'pending', updated_at: LessThan(new Date(now - 2 * longest)) },
      take: 100,
    });
    for (const { id } of stale) this.later(id, 0);
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.agent.close();
  }

  /** Starts delivering these rows in the background; the caller never waits for the network. */
  start(ids: readonly number[]): void {
    for (const id of ids) this.later(id, 0);
  }

  private later(id: number, delayMs: number): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.attempt(id).catch((error: unknown) =>
        this.logger.warn(`alert delivery ${id}: ${String(error)}`),
      );
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private async attempt(id: number): Promise<void> {
    const row = await this.deliveries.findOneBy({ id });
    if (!row || row.state !== 'pending' || this.closed) return;
    const claimed = await this.deliveries.update(
      { id, state: 'pending', attempts: row.attempts },
      { attempts: row.attempts + 1 },
    );
    if (claimed.affected !== 1) return;
    const attempt = row.attempts + 1;
    let error: string | null;
    try {
      error = row.channel === 'email' ? await this.mail(row) : await this.post(row);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    if (error === null) {
      await this.deliveries.update({ id }, { state: 'delivered', last_error: '' });
      return;
    }
    const last = attempt >= this.env.ALERT_ATTEMPTS;
    await this.deliveries.update(
      { id },
      { state: last ? 'failed' : 'pending', last_error: error.slice(0, ERROR_MAX) },
    );
    if (!last) this.later(id, this.env.ALERT_RETRY_MS * 2 ** (attempt - 1));
  }

  private async mail(row: AlertDelivery): Promise<string | null> {
    if (!this.mailer.configured) return 'e-mail is not configured on this site (SMTP_URL)';
    if (row.event === 'api.incident') {
      await this.mailer.send({
        to: row.target,
        ...incidentMail(JSON.parse(row.payload) as ApiIncidentEvent),
      });
      return null;
    }
    const event = JSON.parse(row.payload) as LowBalanceEvent;
    await this.mailer.send({
      to: row.target,
      subject: `Low balance: ${event.balance} yuan left (alert at ${event.threshold} yuan)`,
      text: [
        `Hello ${event.username},`,
        '',
        `Your balance fell below ${event.threshold} yuan at ${event.crossed_at}: ${event.balance} yuan left.`,
        'Recharge in the user centre to keep your paid API calls working.',
        '',
        `余额提醒：您的余额已低于 ${event.threshold} 元，当前余额 ${event.balance} 元。`,
      ].join('\n'),
    });
    return null;
  }

  private async post(row: AlertDelivery): Promise<string | null> {
    const problem = webhookUrlProblem(row.target, this.env.ALERT_WEBHOOK_ALLOW_LOOPBACK);
    if (problem) return problem.message;
    const secret = await this.secretOf(row);
    if (secret === null) return 'the alert was turned off';
    const timestamp = String(Math.floor(Date.now() / 1000));
    const answer = await request(row.target, {
      method: 'POST',
      dispatcher: this.agent,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Portico-Webhook/1',
        'x-portico-event': row.event,
        'x-portico-delivery': String(row.id),
        'x-portico-timestamp': timestamp,
        'x-portico-signature': `sha256=${signWebhook(secret, timestamp, row.payload)}`,
      },
      body: row.payload,
      signal: AbortSignal.timeout(this.env.ALERT_WEBHOOK_TIMEOUT_MS),
    });
    await answer.body.dump({ limit: 64 * 1024 });
    if (answer.statusCode >= 200 && answer.statusCode < 300) return null;
    return answer.statusCode >= 300 && answer.statusCode < 400
      ? `answered ${answer.statusCode}: redirects are not followed`
      : `answered ${answer.statusCode}`;
  }

  /**
   * What signs the row's webhook: the user's alert secret, or the site's for its incidents; null
   * when the alert (or the site's webhook) was removed since.
   */
  private async secretOf(row: AlertDelivery): Promise<string | null> {
    if (row.event === 'api.incident') {
      const site = await this.configs.findOne({ where: {}, order: { id: 'ASC' } });
      return site?.health_alert_webhook_url ? site.health_alert_webhook_secret : null;
    }
    const alert = await this.alerts.findOneBy({ user_id: row.user_id });
    return alert?.webhook_secret ?? null;
  }

  /** The user's latest deliveries, newest first. */
  recent(userId: number, take = 20): Promise<AlertDelivery[]> {
    return this.deliveries.find({ where: { user_id: userId }, order: { id: 'DESC' }, take });
  }
}

const CHANGE_WORDS: Record<ApiIncidentEvent['change'], [string, string]> = {
  started: ['is %s', '状态：%s'],
  worsened: ['is now %s', '已恶化为：%s'],
  maintenance: ['was put into maintenance', '已自动进入维护'],
  ended: ['is operational again', '已恢复正常'],
};
const STATE_ZH: Record<string, string> = {
  operational: '正常',
  degraded: '性能下降',
  down: '不可用',
  unknown: '未知',
};

/** An incident's e-mail: what changed, the figures that opened it, in English and Chinese. */
function incidentMail(event: ApiIncidentEvent): { subject: string; text: string } {
  const [en, zh] = CHANGE_WORDS[event.change];
  const what = en.replace('%s', event.state);
  const cause =
    event.cause === 'probe'
      ? 'its probe failed'
      : `${event.success_rate}% of ${event.calls} calls worked` +
        (event.p95_ms === null ? '' : `, p95 ${event.p95_ms} ms`);
  return {
    subject: `[Portico] ${event.name_en} ${what}`,
    text: [
      `${event.name_en} ${what} (${event.at}).`,
      `Incident #${event.incident_id} started at ${event.started_at}: ${cause}.`,
      ...(event.ended_at ? [`It ended at ${event.ended_at}.`] : []),
      ...(event.maintenance ? ['Calls answer 503 until its probe passes again.'] : []),
      '',
      `接口 ${event.name}（${event.name_en}）${zh.replace('%s', STATE_ZH[event.state] ?? event.state)}。`,
    ].join('\n'),
  };
}
