import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { UsageRecorder } from '../billing/usage-recorder';

/**
 * Shutdown in the order that loses nothing: stop accepting and finish in-flight requests, then
 * write the batched counters and logs, and only then (Nest's later hooks) close the database pool.
 */
@Injectable()
export class GracefulShutdown implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Shutdown');

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly usage: UsageRecorder,
  ) {}

  async beforeApplicationShutdown(signal?: string): Promise<void> {
    if (signal) this.logger.log(`${signal}: draining requests`);
    await this.adapterHost.httpAdapter.getInstance<FastifyInstance>().close();
    await this.usage.stop();
  }
}
