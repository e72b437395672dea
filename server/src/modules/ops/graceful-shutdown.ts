import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { HealthRecorder } from '../api-health';
import { UsageRecorder } from '../gateway';

const SWEEP_MS = 100;

/**
 * Shutdown in the order that loses nothing: stop accepting and finish in-flight requests, then
 * write the batched counters, logs and health counts, and only then (Nest's later hooks) close the database pool.
 * The drain lasts at most SHUTDOWN_DRAIN_MS: Node stops timing requests out once its server
 * closes, so a client that sent half a request (or a cancelled fetch, whose connection the server
 * still sees inside a request) would hold it until the supervisor's SIGKILL, and the batched
 * writes with it.
 */
@Injectable()
export class GracefulShutdown implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Shutdown');

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly usage: UsageRecorder,
    private readonly health: HealthRecorder,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async beforeApplicationShutdown(signal?: string): Promise<void> {
    if (signal) this.logger.log(`${signal}: draining requests`);
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const closing = fastify.close();
    // Close only drops the connections idle at that moment; one that finishes its response later
    // would otherwise stay open for the whole keep-alive timeout and hold the shutdown.
    const sweep = setInterval(() => fastify.server.closeIdleConnections(), SWEEP_MS);
    const cutOff = setTimeout(() => {
      this.logger.warn(
        `requests still in flight after ${this.env.SHUTDOWN_DRAIN_MS} ms: closing their connections`,
      );
      fastify.server.closeAllConnections();
    }, this.env.SHUTDOWN_DRAIN_MS);
    try {
      await closing;
    } finally {
      clearInterval(sweep);
      clearTimeout(cutOff);
    }
    await Promise.all([this.usage.stop(), this.health.stop()]);
  }
}
