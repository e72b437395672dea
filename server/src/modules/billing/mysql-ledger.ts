import type { Pool, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import { MAX_BALANCE_MILLI } from '../../common/money';
import { mysqlTransaction } from '../../database/transactions';
import {
  CallLog,
  callLogValues,
  Charge,
  chargedLogValues,
  ChargeResult,
  DailyUsage,
  INSERT_CHARGED_LOG,
  INSERT_LOG,
  KeyOwner,
  Ledger,
  LOG_PLACEHOLDERS,
  refundPastCeiling,
  refused,
  SQL,
} from './ledger';

/** MySQL/MariaDB through mysql2's pool: the row lock of the conditional UPDATE serialises charges. */
export class MysqlLedger implements Ledger {
  constructor(private readonly pool: Pool) {}

  async findKeyOwner(keyHash: string): Promise<KeyOwner | null> {
    const [rows] = await this.pool.query<RowDataPacket[]>(SQL.findOwner, [keyHash]);
    const row = rows[0];
    return row ? { id: Number(row.id), balance_milli: Number(row.balance_milli) } : null;
  }

  readonly parallelBatches = 4;

  async chargeBatch(charges: readonly Charge[]): Promise<ChargeResult[]> {
    const logIds = await mysqlTransaction(this.pool, async (conn) => {
      const ids: (number | null)[] = [];
      for (const { keyHash, priceMilli, log } of charges) {
        const [debit] = await conn.query<ResultSetHeader>(SQL.debit, [
          priceMilli,
          keyHash,
          priceMilli,
        ]);
        if (debit.affectedRows !== 1) {
          ids.push(null);
          continue;
        }
        const [insert] = await conn.query<ResultSetHeader>(INSERT_CHARGED_LOG, [
          ...chargedLogValues(log, log.access_time),
          keyHash,
        ]);
        ids.push(insert.insertId);
      }
      return ids;
    });
    return Promise.all(
      logIds.map(async (logId, i) =>
        logId === null
          ? refused(await this.findKeyOwner(charges[i].keyHash))
          : { ok: true as const, logId },
      ),
    );
  }

  async refund(logId: number, priceMilli: number, statusCode: number): Promise<void> {
    await mysqlTransaction(this.pool, async (conn) => {
      // Only a row still carrying its cost is refunded, so a refund can never run twice.
      const [zeroed] = await conn.query<ResultSetHeader>(SQL.refundZero, [
        statusCode,
        logId,
        priceMilli,
      ]);
      if (zeroed.affectedRows !== 1) return;
      const [credit] = await conn.query<ResultSetHeader>(SQL.refundCredit, [
        priceMilli,
        logId,
        priceMilli,
        MAX_BALANCE_MILLI,
      ]);
      if (credit.affectedRows !== 1) throw refundPastCeiling();
    });
  }

  async insertLogs(rows: readonly CallLog[]): Promise<void> {
    if (rows.length === 0) return;
    await this.pool.query(
      `${INSERT_LOG} VALUES ${rows.map(() => LOG_PLACEHOLDERS).join(', ')}`,
      rows.flatMap((row) => callLogValues(row, row.access_time)),
    );
  }

  async addUsage(totals: ReadonlyMap<number, number>, daily: readonly DailyUsage[]): Promise<void> {
    if (totals.size === 0 && daily.length === 0) return;
    await mysqlTransaction(this.pool, async (conn) => {
      for (const [apiId, calls] of totals) await conn.query(SQL.bumpUsage, [calls, apiId]);
      if (daily.length > 0) {
        await conn.query(
          `INSERT INTO api_daily_stats (api_id, access_date, calls) VALUES ${daily.map(() => '(?, ?, ?)').join(', ')} ON DUPLICATE KEY UPDATE calls = calls + VALUES(calls)`,
          daily.flatMap((row) => [row.api_id, row.access_date, row.calls]),
        );
      }
    });
  }
}
