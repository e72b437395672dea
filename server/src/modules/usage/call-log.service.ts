import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Readable } from 'node:stream';
import { Repository, SelectQueryBuilder } from 'typeorm';
import { AppError } from '../../common/app-error';
import { formatPrice } from '../../common/money';
import { AccessLog, ApiEntry, ApiKey } from '../../database/entities';
import { USER_TIME_INDEX } from '../../database/entities/access-log.entity';
import { forcingIndex } from '../../database/force-index';
import { positionedPage } from '../../common/positioned-page';
import type { CallLogOptions, CallLogPage } from '../../contracts/usage';
import { csvLine, UTF8_BOM } from '../../common/csv';
import { CallLogFilterQuery, CallLogQuery } from './dto/call-log.query';
import { rowTime } from '../../database/sql-time';
import { dayBounds } from '../../common/quota-period';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { CallLogRow, chargedFromOf, chargeOf, spentOf, toCallLog } from './dto/call-log.response';

/** Rows an export reads per query: memory stays flat whatever the log's size. */
export const EXPORT_CHUNK = 1000;

/** Exports one user may stream at once: each holds a connection and reads the log chunk by chunk. */
export const EXPORTS_PER_USER = 2;
const EXPORT_RETRY_AFTER_S = 10;

/** Where an export's next chunk starts: after this row in (access_time, id) order. */
export interface ExportCursor {
  time: Date | string;
  id: string | number;
}

const CSV_HEADER = [
  'id',
  'access_time',
  'api_name',
  'key_name',
  'status_code',
  'charge',
  'cost',
  'latency_ms',
  'ip_address',
  'access_url',
  'user_agent',
  'request_id',
  'charged_from',
  'api_title',
];

const badDay = (field: string, message: string) =>
  new AppError('request.validation', message, HttpStatus.BAD_REQUEST, {}, field);

/** A real calendar day ("2026-02-30" is not one). */
function isDay(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** An instant as the UTC datetime text both databases compare with access_time. */
const utcText = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/**
 * The [from, to] days on the site's clock (`timeZone`, as dashboards and statements count days)
 * as UTC datetime bounds: from's midnight, and the midnight after to.
 */
export function dayRange(
  timeZone: string,
  from?: string,
  to?: string,
): { start?: string; end?: string } {
  if (from !== undefined && !isDay(from)) throw badDay('from', 'from is not a calendar day');
  if (to !== undefined && !isDay(to)) throw badDay('to', 'to is not a calendar day');
  if (from !== undefined && to !== undefined && from > to) {
    throw badDay('from', 'from must not be after to');
  }
  return {
    start: from && utcText(dayBounds(from, timeZone).from),
    end: to && utcText(dayBounds(to, timeZone).to),
  };
}

/** The signed-in user's call log: its page, its filter choices and its CSV export. */
@Injectable()
export class CallLogService {
  /** Exports streaming now, per user id. */
  private readonly exporting = new Map<number, number>();

  private readonly timeZone: string;

  constructor(
    @InjectRepository(AccessLog) private readonly logs: Repository<AccessLog>,
    @InjectRepository(ApiEntry) private readonly apis: Repository<ApiEntry>,
    @InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>,
    @Inject(ENV) env: Env,
  ) {
    this.timeZone = env.SITE_TIME_ZONE;
  }

  /**
   * A page of the user's calls, newest first (time, not id: ids are not in time order across
   * cluster nodes), counted only so far past itself and, with `before`, read from that row on
   * (positionedPage). A full count of a hot user's log at a million rows made MariaDB read the
   * whole table (ledger-scale-plans.spec).
   */
  async page(userId: number, query: CallLogQuery): Promise<CallLogPage> {
    const { rows, ...info } = await positionedPage({
      list: () => this.filtered(userId, query),
      counted: () => this.counted(userId, query),
      time: 'log.access_time',
      id: 'log.id',
      query,
      read: (page, positioned) =>
        positioned
          ? this.logs.query<CallLogRow[]>(...forcingIndex(page, USER_TIME_INDEX))
          : page.getRawMany<CallLogRow>(),
      position: (row) => ({ time: row.access_time, id: row.id }),
    });
    return { logs: rows.map(toCallLog), ...info, time_zone: this.timeZone };
  }

  /**
   * The filter choices: the enabled APIs and the disabled ones found in the caller's own log (so
   * old rows stay findable), and the caller's keys. The log is read only when some API is
   * disabled, and then in one pass over the caller's rows for all of them.
   */
  async options(userId: number): Promise<CallLogOptions> {
    const [apis, keys] = await Promise.all([
      this.apis.find({
        select: { id: true, name: true, title_en: true, status: true },
        order: { name: 'ASC', id: 'ASC' },
      }),
      this.keys.find({
        select: { id: true, name: true, is_default: true },
        where: { user_id: userId },
        order: { is_default: 'DESC', id: 'ASC' },
      }),
    ]);
    const disabled = apis.filter((api) => api.status !== 1).map((api) => api.id);
    const called = new Set<number>();
    if (disabled.length > 0) {
      const rows = await this.logs
        .createQueryBuilder('log')
        .select('DISTINCT log.api_id', 'api_id')
        .where('log.user_id = :userId', { userId })
        .andWhere('log.api_id IN (:...disabled)', { disabled })
        .getRawMany<{ api_id: unknown }>();
      for (const row of rows) called.add(Number(row.api_id));
    }
    return {
      apis: apis
        .filter((api) => api.status === 1 || called.has(api.id))
        .map(({ id, name, title_en }) => ({ id, name, title_en })),
      keys: keys.map((key) => ({ id: key.id, name: key.name, is_default: key.is_default === 1 })),
    };
  }

  /** Checks the filters now, so a bad one is a 400 before the answer starts streaming. */
  validate(filters: CallLogFilterQuery): void {
    dayRange(this.timeZone, filters.from, filters.to);
  }

  /**
   * The filtered log as CSV, oldest first, read in keyset chunks of EXPORT_CHUNK rows: the next
   * chunk is read only when the client has taken the previous one (Readable.from pulls on demand),
   * so a slow reader holds one chunk in memory, never the log. A user runs at most
   * EXPORTS_PER_USER exports at once on an instance (429 beyond that); a slot is freed when its
   * stream closes, finished or cut off by the client.
   */
  exportCsv(userId: number, filters: CallLogFilterQuery, lang: 'en' | 'zh' = 'en'): Readable {
    const running = this.exporting.get(userId) ?? 0;
    if (running >= EXPORTS_PER_USER) {
      throw new AppError(
        'request.rate_limited',
        `at most ${EXPORTS_PER_USER} exports at a time; wait for one to finish`,
        HttpStatus.TOO_MANY_REQUESTS,
        { 'Retry-After': String(EXPORT_RETRY_AFTER_S) },
      );
    }
    const chunks = async function* (this: CallLogService) {
      yield UTF8_BOM + csvLine(CSV_HEADER);
      let after: ExportCursor | undefined;
      for (;;) {
        const rows = await this.logs.query<CallLogRow[]>(
          ...this.exportChunk(userId, filters, after),
        );
        if (rows.length === 0) return;
        yield rows.map((row) => csvRow(row, lang)).join('');
        if (rows.length < EXPORT_CHUNK) return;
        const last = rows[rows.length - 1];
        after = { time: last.access_time, id: last.id };
      }
    };
    const stream = Readable.from(chunks.call(this), { objectMode: false });
    this.exporting.set(userId, running + 1);
    stream.once('close', () => {
      const left = (this.exporting.get(userId) ?? 1) - 1;
      if (left > 0) this.exporting.set(userId, left);
      else this.exporting.delete(userId);
    });
    return stream;
  }

  /**
   * The export's next chunk: the rows after the cursor in (access_time, id) order, as SQL and
   * values. The bound is written `access_time >= t AND (access_time > t OR id > i)` so both
   * databases seek the index of the user's calls by time to t; the equivalent `t' > t OR (t' = t
   * AND id > i)` makes SQLite walk every row of the user from the start on each chunk (a 1M-row
   * export blocked the event loop for minutes). The index is forced: on the log in month
   * partitions MariaDB chose a ref on the user alone and walked the month from its start on every
   * chunk (a month's export six times slower).
   */
  exportChunk(
    userId: number,
    filters: CallLogFilterQuery,
    after?: ExportCursor,
  ): [string, unknown[]] {
    const qb = this.filtered(userId, filters);
    if (after) {
      qb.andWhere('log.access_time >= :afterTime', { afterTime: after.time }).andWhere(
        '(log.access_time > :afterTime OR log.id > :afterId)',
        { afterId: after.id },
      );
    }
    qb.orderBy('log.access_time', 'ASC').addOrderBy('log.id', 'ASC').limit(EXPORT_CHUNK);
    return forcingIndex(qb, USER_TIME_INDEX);
  }

  /** The user's calls the filters keep, with what a page and an export show of each. */
  private filtered(userId: number, filters: CallLogFilterQuery): SelectQueryBuilder<AccessLog> {
    const qb = this.logs
      .createQueryBuilder('log')
      .leftJoin(ApiKey, 'k', 'k.id = log.api_key_id')
      .leftJoin(ApiEntry, 'a', 'a.id = log.api_id')
      .select([
        'log.id AS id',
        'log.api_name AS api_name',
        'a.title_en AS api_title_en',
        'log.ip_address AS ip_address',
        'log.access_url AS access_url',
        'log.user_agent AS user_agent',
        'log.access_time AS access_time',
        'log.status_code AS status_code',
        'log.cost_milli AS cost_milli',
        'log.latency_ms AS latency_ms',
        'log.api_key_id AS api_key_id',
        'log.request_id AS request_id',
        'k.name AS key_name',
        'a.is_paid AS is_paid',
        'log.charged_from AS charged_from',
        'log.credit_milli AS credit_milli',
      ]);
    return this.filter(qb, userId, filters);
  }

  /**
   * The same calls as `filtered`, for counting: the API is joined only for the refunded filter,
   * which reads it. With both joins a page's count of 10,000 of a hot user's rows took three
   * times as long on MariaDB (18 ms against 6 at 3 million rows).
   */
  private counted(userId: number, filters: CallLogFilterQuery): SelectQueryBuilder<AccessLog> {
    const qb = this.logs.createQueryBuilder('log');
    if (filters.status === 'refunded') qb.leftJoin(ApiEntry, 'a', 'a.id = log.api_id');
    return this.filter(qb, userId, filters);
  }

  /** Keeps the user's calls that pass the filters (days on the site's clock). */
  private filter(
    qb: SelectQueryBuilder<AccessLog>,
    userId: number,
    filters: CallLogFilterQuery,
  ): SelectQueryBuilder<AccessLog> {
    const { start, end } = dayRange(this.timeZone, filters.from, filters.to);
    qb.where('log.user_id = :userId', { userId });
    if (filters.api_id !== undefined) qb.andWhere('log.api_id = :apiId', { apiId: filters.api_id });
    if (filters.key_id !== undefined) {
      qb.andWhere('log.api_key_id = :keyId', { keyId: filters.key_id });
    }
    if (filters.status === 'success') qb.andWhere('log.status_code < 400');
    if (filters.status === 'error') qb.andWhere('log.status_code >= 400');
    if (filters.status === 'refunded') {
      qb.andWhere(
        'log.cost_milli = 0 AND log.credit_milli = 0 AND log.status_code >= 400 AND a.is_paid = 1',
      );
    }
    if (start) qb.andWhere('log.access_time >= :start', { start });
    if (end) qb.andWhere('log.access_time < :end', { end });
    return qb;
  }
}

/**
 * A row of the export. `api_name` is the name the log keeps (the Chinese one, as SPEC's call log
 * says it); `api_title` is the API's name in the reader's language: its English title on the
 * English site when it has one.
 */
function csvRow(row: CallLogRow, lang: 'en' | 'zh'): string {
  return csvLine([
    Number(row.id),
    rowTime(row.access_time).toISOString(),
    row.api_name,
    row.key_name ?? '',
    Number(row.status_code),
    chargeOf(row),
    formatPrice(spentOf(row)),
    Number(row.latency_ms),
    row.ip_address,
    row.access_url,
    row.user_agent,
    row.request_id ?? '',
    chargedFromOf(row) ?? '',
    (lang === 'en' && row.api_title_en) || row.api_name,
  ]);
}
