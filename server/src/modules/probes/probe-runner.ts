import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThanOrEqual, Repository } from 'typeorm';
import { ApiProbe } from '../../database/entities';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { HealthRecorder } from '../api-health';
import { GatewayService } from '../gateway';

/** Probes started per look: a site with more due at once runs the rest at the next look. */
const MAX_PER_TICK = 50;
const ERROR_MAX = 500;

/**
 * Runs the APIs' probes. Every HEALTH_PROBE_TICK_MS each instance looks for probes that are due
 * and claims each by moving its next run on with a conditional update: of the instances that see
 * a probe due at once, exactly one runs it (an instance that stops mid-run loses only that run).
 * A run is a keyless call made through the gateway for no caller, so nothing is charged, limited
 * or logged; it counts for the API's health as a call marked as a probe, and its outcome (the
 * expected status or not) moves the probe's runs of passes and failures in a row.
 */
@Injectable()
export class ProbeRunner implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('ProbeRunner');
  private timer?: NodeJS.Timeout;
  private looking?: Promise<void>;

  constructor(
    @InjectRepository(ApiProbe) private readonly probes: Repository<ApiProbe>,
    private readonly gateway: GatewayService,
    private readonly health: HealthRecorder,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => {
      this.runDue().catch((error: unknown) =>
        this.logger.warn(`could not run the API probes: ${String(error)}`),
      );
    }, this.env.HEALTH_PROBE_TICK_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Runs the probes due at `now` that this instance claims (one look at a time). */
  runDue(now = Date.now()): Promise<void> {
    this.looking ??= this.look(now).finally(() => (this.looking = undefined));
    return this.looking;
  }

  private async look(now: number): Promise<void> {
    const due = await this.probes.find({
      where: { enabled: 1, next_run_at: LessThanOrEqual(now) },
      order: { next_run_at: 'ASC' },
      take: MAX_PER_TICK,
    });
    await Promise.all(
      due.map(async (probe) => {
        const claimed = await this.probes
          .createQueryBuilder()
          .update()
          .set({ next_run_at: now + probe.interval_s * 1000 })
          .where('api_id = :id AND next_run_at = :was', {
            id: probe.api_id,
            was: probe.next_run_at,
          })
          .execute();
        if (claimed.affected === 1) await this.run(probe);
      }),
    );
  }

  /** Runs one probe now and records how it went; the probe as it stands after the run. */
  async run(probe: ApiProbe): Promise<ApiProbe | null> {
    const answer = await this.gateway.probe(probe.api_id, {
      method: probe.method,
      query: probe.query,
      body: probe.body,
      timeoutMs: probe.timeout_ms,
    });
    const passed = answer.status === probe.expected_status;
    this.health.record(probe.api_id, passed, answer.ms, true);
    const why = answer.error || `answered ${answer.status}, expected ${probe.expected_status}`;
    await this.probes
      .createQueryBuilder()
      .update()
      .set({
        last_run_at: new Date(),
        last_status: answer.status,
        last_ms: answer.ms,
        last_error: passed ? '' : why.slice(0, ERROR_MAX),
        consecutive_failures: () => (passed ? '0' : 'consecutive_failures + 1'),
        consecutive_passes: () => (passed ? 'consecutive_passes + 1' : '0'),
      })
      .where('api_id = :id', { id: probe.api_id })
      .execute();
    return this.probes.findOneBy({ api_id: probe.api_id });
  }
}
