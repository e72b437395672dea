import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { SpaFallback } from './spa-fallback';

const STATUS_TEXT: Partial<Record<number, string>> = {
  400: 'bad request',
  401: 'please log in first',
  403: 'forbidden',
  404: 'not found',
  405: 'method not allowed',
  409: 'conflict',
  413: 'request body too large (max 1 MB)',
  415: 'unsupported content type',
  429: 'too many requests, try again later',
};

export interface ErrorEnvelope {
  status: number;
  message: string;
  headers: Record<string, string>;
}

/** Maps anything thrown while handling a request to a status and a safe message. */
export function toErrorEnvelope(error: unknown): ErrorEnvelope {
  if (error instanceof AppError) {
    return { status: error.status, message: error.message, headers: error.headers };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    return { status, message: httpExceptionMessage(error, status), headers: {} };
  }
  const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return { status: statusCode, message: STATUS_TEXT[statusCode] ?? 'bad request', headers: {} };
  }
  return { status: 500, message: 'internal server error', headers: {} };
}

function httpExceptionMessage(error: HttpException, status: number): string {
  const body = error.getResponse();
  // Errors Fastify raised before routing (body parsing) reach us wrapped, with Fastify's text.
  if (typeof body === 'string') {
    return status === 400 && /json/i.test(body)
      ? 'request body is not valid JSON'
      : (STATUS_TEXT[status] ?? 'bad request');
  }
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body;
    if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
    if (typeof message === 'string' && status !== Number(HttpStatus.NOT_FOUND)) return message;
  }
  return STATUS_TEXT[status] ?? 'request failed';
}

/** The one global filter: every error leaves as `{ success: false, message }`. */
@Catch()
export class EnvelopeFilter implements ExceptionFilter {
  private readonly logger = new Logger('Error');

  constructor(private readonly spa: SpaFallback) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const envelope = toErrorEnvelope(error);
    if (envelope.status === 404 && this.spa.serves(request)) {
      void this.spa.send(reply);
      return;
    }
    if (envelope.status >= 500) {
      this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    }
    if (reply.sent) return;
    void reply
      .status(envelope.status)
      .headers(envelope.headers)
      .send({ success: false, message: envelope.message });
  }
}
