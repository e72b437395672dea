import { HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { ErrorCode, ErrorEnvelope } from '../contracts/errors';
import { isDatabaseUnavailable } from '../database/db-timeouts';
import { isRolledBack } from '../database/transactions';
import { AppError } from './app-error';

/** What the answer says for errors raised below the features (parsing, routing, the guards). */
const STATUS_ERRORS: Partial<Record<number, [ErrorCode, string]>> = {
  400: ['request.invalid', 'bad request'],
  401: ['auth.unauthenticated', 'please log in first'],
  403: ['request.forbidden', 'forbidden'],
  404: ['request.not_found', 'not found'],
  405: ['request.method_not_allowed', 'method not allowed'],
  413: ['request.body_too_large', 'request body too large (max 1 MB)'],
  415: ['request.unsupported_media_type', 'unsupported content type: send application/json'],
  429: ['request.rate_limited', 'too many requests, try again later'],
  431: ['request.headers_too_large', 'request headers too large'],
};

export interface ErrorAnswer {
  status: number;
  headers: Record<string, string>;
  body: ErrorEnvelope;
}

const answer = (
  status: number,
  code: ErrorCode,
  message: string,
  headers: Record<string, string> = {},
  field?: string,
  details: Record<string, string | boolean> = {},
): ErrorAnswer => ({
  status,
  headers,
  body:
    field === undefined
      ? { success: false, message, code, ...details }
      : { success: false, message, code, field, ...details },
});

/** The answer for a bare HTTP status (errors that carry nothing else). */
export function statusAnswer(status: number): ErrorAnswer {
  const [code, message] = STATUS_ERRORS[status] ?? STATUS_ERRORS[400]!;
  return answer(status, code, message);
}

/**
 * Maps anything thrown while handling a request to its answer: the status, headers and the
 * envelope `{ success: false, message, code }`. The one place errors are turned into answers; the
 * gateway uses it too. Nothing from an unexpected error (stack, SQL, input) reaches the body.
 */
export function toErrorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof AppError) {
    return answer(
      error.status,
      error.code,
      error.message,
      error.headers,
      error.field,
      error.details,
    );
  }
  if (isDatabaseUnavailable(error)) {
    return answer(
      503,
      'server.unavailable',
      'the service is temporarily unavailable, try again in a moment',
      { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_S) },
    );
  }
  if (isRolledBack(error)) {
    return answer(
      503,
      'server.busy',
      'the service is busy and nothing was changed, try again in a moment',
      { 'retry-after': '1' },
    );
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    if (status >= 500) return answer(500, 'server.internal', 'internal server error');
    const [code, message] = httpExceptionError(error, status);
    return answer(status, code, message);
  }
  const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    if (statusCode === 400 && error instanceof SyntaxError) {
      return answer(400, 'request.invalid_json', 'request body is not valid JSON');
    }
    return statusAnswer(statusCode);
  }
  return answer(500, 'server.internal', 'internal server error');
}

/** What a 503 for an unreachable database tells clients to wait, in seconds. */
const UNAVAILABLE_RETRY_AFTER_S = 5;
/** A database failure this long after the previous one begins a new outage (and a new log line). */
const OUTAGE_QUIET_MS = 30_000;

/**
 * The database outage as the logs tell it: one warn line when the first call fails, one when the
 * database answers again (`recovered`, from the readiness monitor), however many calls failed in
 * between. Each call's 503 is in the access log and the HTTP metrics already.
 */
class DatabaseOutage {
  private readonly logger = new Logger('Database');
  private since?: number;
  private lastAt = 0;
  private calls = 0;

  /** Calls have failed for want of the database and it has not been seen answering since. */
  get active(): boolean {
    return this.since !== undefined;
  }

  failed(error: unknown): void {
    const now = Date.now();
    if (this.since === undefined || now - this.lastAt > OUTAGE_QUIET_MS) {
      this.since = now;
      this.calls = 0;
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.warn(`database unavailable (${reason}): calls answer 503 until it is back`);
    }
    this.lastAt = now;
    this.calls += 1;
  }

  recovered(): void {
    if (this.since === undefined) return;
    const seconds = ((Date.now() - this.since) / 1000).toFixed(1);
    this.logger.warn(
      `database available again after ${seconds} s; ${this.calls} calls answered 503`,
    );
    this.since = undefined;
  }
}

export const databaseOutage = new DatabaseOutage();

/**
 * Logs a failure that the answer does not explain to the caller: the database being away counts
 * towards its outage's one line; anything else is logged whole, stack included.
 */
export function logFailure(logger: Logger, error: unknown): void {
  if (isDatabaseUnavailable(error)) {
    databaseOutage.failed(error);
    return;
  }
  logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
}

function httpExceptionError(error: HttpException, status: number): [ErrorCode, string] {
  const fallback = STATUS_ERRORS[status] ?? STATUS_ERRORS[400]!;
  const body = error.getResponse();
  // Errors Fastify raised before routing (body parsing) reach us wrapped, with Fastify's text.
  if (typeof body === 'string') {
    return status === 400 && /json/i.test(body)
      ? ['request.invalid_json', 'request body is not valid JSON']
      : fallback;
  }
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body;
    if (Array.isArray(message) && typeof message[0] === 'string') return [fallback[0], message[0]];
    if (typeof message === 'string' && status !== Number(HttpStatus.NOT_FOUND)) {
      return [fallback[0], message];
    }
  }
  return fallback;
}
