import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { HealthChecks } from './health.checks';

@Controller()
export class HealthController {
  constructor(private readonly checks: HealthChecks) {}

  /** The process is up (liveness: never asks the database). */
  @Get('healthz')
  healthz() {
    return { success: true, message: 'ok' };
  }

  /**
   * The instance can serve (see HealthChecks). A failing answer names the failed check first and
   * every check's state in `checks`; a ready one lists `checks` only when Redis is away.
   */
  @Get('readyz')
  async readyz(@Res({ passthrough: true }) reply: FastifyReply) {
    const { ready, degraded, message, checks } = await this.checks.readiness();
    if (ready) return degraded ? { success: true, message, checks } : { success: true, message };
    void reply.status(HttpStatus.SERVICE_UNAVAILABLE).header('retry-after', '5');
    return { success: false, message, checks };
  }
}
