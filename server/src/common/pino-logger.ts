import type { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';

const NEST_STARTUP_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
]);

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** pino's JSON lines turned into `12:00:00 WARN  Context  message` for a terminal. */
const readableLines = {
  write(line: string) {
    const entry = JSON.parse(line) as {
      time: number;
      level: number;
      context?: string;
      msg?: string;
      trace?: string;
    };
    const time = new Date(entry.time).toTimeString().slice(0, 8);
    const level = (LEVELS[entry.level] ?? String(entry.level)).padEnd(5);
    const context = entry.context ? `${entry.context}  ` : '';
    const trace = entry.trace ? `\n${entry.trace}` : '';
    process.stdout.write(`${time} ${level} ${context}${entry.msg ?? ''}${trace}\n`);
  },
};

/** Nest's logger interface over pino: one JSON line per message, secrets redacted by path. */
export class PinoLogger implements LoggerService {
  private readonly pino: Logger;

  constructor(level: string, pretty = false) {
    this.pino = pino(
      {
        level,
        base: { service: 'portico' },
        redact: [
          'headers.authorization',
          'headers["x-api-key"]',
          'headers.cookie',
          'apiKey',
          'password',
        ],
      },
      pretty ? readableLines : process.stdout,
    );
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
