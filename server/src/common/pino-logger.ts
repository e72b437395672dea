import type { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';

const NEST_STARTUP_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
]);

/** Nest's logger interface over pino: one JSON line per message, secrets redacted by path. */
export class PinoLogger implements LoggerService {
  private readonly pino: Logger;

  constructor(level: string) {
    this.pino = pino({
      level,
      base: { service: 'portico' },
      redact: [
        'headers.authorization',
        'headers["x-api-key"]',
        'headers.cookie',
        'apiKey',
        'password',
      ],
    });
  }

  log(message: unknown, context?: string) {
    // Nest's start-up chatter (one line per module and route) is debug detail, not news.
    if (context && NEST_STARTUP_CONTEXTS.has(context))
      this.pino.debug({ context }, String(message));
    else this.pino.info({ context }, String(message));
  }

  error(message: unknown, trace?: string, context?: string) {
    this.pino.error({ context, trace }, String(message));
  }

  warn(message: unknown, context?: string) {
    this.pino.warn({ context }, String(message));
  }

  debug(message: unknown, context?: string) {
    this.pino.debug({ context }, String(message));
  }

  verbose(message: unknown, context?: string) {
    this.pino.trace({ context }, String(message));
  }

  fatal(message: unknown, context?: string) {
    this.pino.fatal({ context }, String(message));
  }
}
