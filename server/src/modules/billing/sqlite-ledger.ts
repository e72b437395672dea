import type { Database } from 'better-sqlite3';
import { MAX_BALANCE_MILLI } from '../../common/money';
import { sqliteTransaction } from '../../database/transactions';
import {
  CallLog,
  callLogValues,
  Charge,
  chargedLogValues,
  ChargeResult,
  DailyUsage,
  INSERT_LOG,
  KeyOwner,
  Ledger,
  LOG_PLACEHOLDERS,
  refundPastCeiling,
  refused,
  SQL,
} from './ledger';

let lastTime = NaN;
let lastText = '';
/** SQLite keeps datetimes as UTC text, the way TypeORM writes them (formatted once per ms). */
const sqliteTime = (date: Date) => {
  if (date.getTime() !== lastTime) {
    lastTime = date.getTime();
    lastText = date.toISOString().replace('T', ' ').replace('Z', '');
  }
  return lastText;
};

/**
 * better-sqlite3 is synchronous, so each money transaction runs start to finish without yielding:
 * no other statement can interleave (see sqliteTransaction for the one wait it makes).
 */
export class SqliteLedger implements Ledger {
  private statements?: ReturnType<SqliteLedger['prepare']>;

  constructor(private readonly db: Database) {}

  /** Prepared on first use: the tables exist only once start-up migrations have run. */
  private get sql() {
    this.statements ??= this.prepare();
    return this.statements;
  }

  private prepare() {
    const db = this.db;
    return {
      findOwner: db.prepare(SQL.findOwner),
      // SQLite returns the debited row's id, so the log row needs no second look-up of the key.
      debit: db.prepare(`${SQL.debit} RETURNING id`),
      insertLog: db.prepare(`${INSERT_LOG} VALUES ${LOG_PLACEHOLDERS}`),
      refundZero: db.prepare(SQL.refundZero),
      refundCredit: db.prepare(SQL.refundCredit),
      bumpUsage: db.prepare(SQL.bumpUsage),
      upsertDaily: db.prepare(
        'INSERT INTO api_daily_stats (api_id, access_date, calls) VALUES (?, ?, ?) ON CONFLICT (api_id, access_date) DO UPDATE SET calls = calls + excluded.calls',
      ),
    };
  }

  findKeyOwner(keyHash: string): Promise<KeyOwner | null> {
    return Promise.resolve(this.owner(keyHash));
  }

  readonly parallelBatches = 1;

  async chargeBatch(charges: readonly Charge[]): Promise<ChargeResult[]> {
    const logIds = await sqliteTransaction(this.db, () =>
      charges.map(({ keyHash, priceMilli, log }) => {
        const debited = this.sql.debit.get(priceMilli, keyHash, priceMilli) as
          { id: number } | undefined;
        if (!debited) return null;
        const values = [debited.id, ...chargedLogValues(log, sqliteTime(log.access_time))];
        return Number(this.sql.insertLog.run(...values).lastInsertRowid);
      }),
    );
    return logIds.map((logId, i) =>
      logId === null ? refused(this.owner(charges[i].keyHash)) : { ok: true, logId },
    );
  }

  async refund(logId: number, priceMilli: number, statusCode: number): Promise<void> {
    await sqliteTransaction(this.db, () => {
      // Only a row still carrying its cost is refunded, so a refund can never run twice.
      if (this.sql.refundZero.run(statusCode, logId, priceMilli).changes !== 1) return;
      const credit = this.sql.refundCredit.run(priceMilli, logId, priceMilli, MAX_BALANCE_MILLI);
      if (credit.changes !== 1) throw refundPastCeiling();
    });
  }

  async insertLogs(rows: readonly CallLog[]): Promise<void> {
    if (rows.length === 0) return;
    await sqliteTransaction(this.db, () => {
      for (const row of rows)
        this.sql.insertLog.run(...callLogValues(row, sqliteTime(row.access_time)));
    });
  }

  async addUsage(totals: ReadonlyMap<number, number>, daily: readonly DailyUsage[]): Promise<void> {
    if (totals.size === 0 && daily.length === 0) return;
    await sqliteTransaction(this.db, () => {
      for (const [apiId, calls] of totals) this.sql.bumpUsage.run(calls, apiId);
      for (const row of daily) this.sql.upsertDaily.run(row.api_id, row.access_date, row.calls);
    });
  }

  private owner(keyHash: string): KeyOwner | null {
    const row = this.sql.findOwner.get(keyHash) as KeyOwner | undefined;
    return row ? { id: Number(row.id), balance_milli: Number(row.balance_milli) } : null;
  }
}
