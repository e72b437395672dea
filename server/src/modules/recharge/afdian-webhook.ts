import { HttpStatus, Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../common/app-error';
import { RateLimiter } from '../../common/rate-limiter';
import { RechargeService } from './recharge.service';

export const WEBHOOK_PATH = '/api/afdian/webhook';
/** Afdian's webhook bodies are under 8 KB; twice that leaves room without storing floods. */
export const WEBHOOK_BODY_LIMIT = 16 * 1024;
/** Afdian pushes each order once (and retries a failure); a flood from one address is not it. */
export const WEBHOOK_HITS_PER_MINUTE = 60;

/** What Afdian expects back once a push is handled; anything else makes it retry. */
const ACK = { ec: 200, em: '' };

const bodyTooLarge = () =>
  new AppError(
    'request.body_too_large',
    `webhook body too large (max ${WEBHOOK_BODY_LIMIT / 1024} KB)`,
    HttpStatus.PAYLOAD_TOO_LARGE,
  );

/**
 * `POST /api/afdian/webhook`, Afdian's push of an order. A Fastify route of its own rather than a
 * Nest controller, for its body limit: a flood is refused while it is read, not after 1 MB of it.
 * Counted per address before the body is read. Carries no session and is exempt from CSRF.
 */
@Injectable()
export class AfdianWebhookRoute implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly limiter: RateLimiter,
    private readonly recharge: RechargeService,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    void fastify.register((instance, _options, done) => {
      // Only the size refusal is the webhook's own; every other error goes to the site's handler.
      instance.setErrorHandler((error: FastifyError) => {
        throw error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? bodyTooLarge() : error;
      });
      instance.post(
        WEBHOOK_PATH,
        { bodyLimit: WEBHOOK_BODY_LIMIT, onRequest: (request) => this.limit(request) },
        async (request) => {
          await this.recharge.webhook(request.body);
          return ACK;
        },
      );
      done();
    });
  }

  private async limit(request: FastifyRequest): Promise<void> {
    const hit = await this.limiter.hit(`afdian-webhook:${request.ip}`, WEBHOOK_HITS_PER_MINUTE);
    if (hit.allowed) return;
    throw new AppError(
      'request.rate_limited',
      'too many webhook calls from this address, try again later',
      HttpStatus.TOO_MANY_REQUESTS,
      { 'Retry-After': String(hit.resetSeconds) },
    );
  }
}
