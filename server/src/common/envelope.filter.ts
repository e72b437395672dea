import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { logFailure, toErrorAnswer } from './error-answer';
import { SpaFallback } from './spa-fallback';

/** The one global filter: every error leaves as `{ success: false, message, code }`. */
@Catch()
export class EnvelopeFilter implements ExceptionFilter {
  private readonly logger = new Logger('Error');

  constructor(private readonly spa: SpaFallback) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const answer = toErrorAnswer(error);
    if (answer.status === 404 && this.spa.serves(request)) {
      void this.spa.send(reply);
      return;
    }
    if (answer.status >= 500) logFailure(this.logger, error);
    if (reply.sent) return;
    void reply.status(answer.status).headers(answer.headers).send(answer.body);
  }
}
