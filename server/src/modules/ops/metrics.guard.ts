import { timingSafeEqual } from 'node:crypto';
import { CanActivate, ExecutionContext, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../common/app-error';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * /metrics (every spelling routes here) needs `Authorization: Bearer <METRICS_TOKEN>`. Without a
 * token configured, only a scraper on this machine that connects directly may read it: the socket
 * address is loopback and no proxy header says the request came from further away.
 */
@Injectable()
export class MetricsGuard implements CanActivate {
  private readonly token?: Buffer;

  constructor(@Inject(ENV) env: Env) {
    this.token = env.METRICS_TOKEN ? Buffer.from(`Bearer ${env.METRICS_TOKEN}`) : undefined;
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (this.token ? this.bearerMatches(request) : this.directLoopback(request)) return true;
    throw new AppError(
      'auth.metrics_token',
      'the metrics endpoint needs its bearer token',
      HttpStatus.UNAUTHORIZED,
      { 'WWW-Authenticate': 'Bearer' },
    );
  }

  private bearerMatches(request: FastifyRequest): boolean {
    const sent = Buffer.from(request.headers.authorization ?? '');
    return sent.length === this.token!.length && timingSafeEqual(sent, this.token!);
  }

  private directLoopback(request: FastifyRequest): boolean {
    const forwarded = ['x-forwarded-for', 'x-real-ip', 'forwarded'].some(
      (name) => request.headers[name] !== undefined,
    );
    return !forwarded && LOOPBACK.has(request.socket.remoteAddress ?? '');
  }
}
