import { ArgumentsHost, Catch, ExceptionFilter, Inject, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { logFailure, toErrorAnswer } from './error-answer';

/** Who answers a page address nothing else served: the site's pages (the pages module). */
export const NOT_FOUND_PAGE = Symbol('NOT_FOUND_PAGE');
export interface NotFoundPage {
  serves(request: FastifyRequest): boolean;
  send(reply: FastifyReply): Promise<unknown>;
}

/** The one global filter: every error leaves as `{ success: false, message, code }`. */
@Catch()
export class EnvelopeFilter implements ExceptionFilter {
  private readonly logger = new Logger('Error');

  constructor(@Inject(NOT_FOUND_PAGE) private readonly spa: NotFoundPage) {}

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
