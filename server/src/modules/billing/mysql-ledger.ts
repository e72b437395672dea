import { Logger } from '@nestjs/common';
import type { Pool, PoolConnection, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import { setTimeout as sleep } from 'node:timers/promises';
import { MAX_BALANCE_MILLI } from '../../common/money';
import {
  CommitOutcomeUnknown,
  isUniqueViolation,
  mysqlRead,
  mysqlTransaction,
} from '../../database/transactions';
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
  LOG_COLUMNS,
  LOG_PLACEHOLDERS,
  refundPastCeiling,
  refused,
  SQL,
} from './ledger';

/** A charged call's log row inserted under the id its first attempt was given. */
const INSERT_PINNED_LOG = `INSERT INTO access_logs (id, ${LOG_COLUMNS.join(', ')}) SELECT ?, id, ${LOG_COLUMNS.slice(
  1,
)
  .map(() => '?')
  .join(', ')} FROM users WHERE api_key_hash = ?`;
const IS_OUR_LOG = `SELECT COUNT(*) AS n FROM access_logs WHERE id = ? AND user_id = (SELECT id FROM users WHERE api_key_hash = ?) AND api_id = ? AND ip_address = ? AND access_url = ? AND user_agent = ? AND cost_milli = ?`;
const DROP_PINNED_LOG = 'DELETE FROM access_logs WHERE id = ?';

/** A batch whose outcome is unknown is settled within this many rounds (~11 s of pauses). */
const SETTLE_ROUNDS = 8;
const SETTLE_PAUSE_MS = 400;

/** The batch being settled was applied (its rows exist under their ids). */
class AlreadyApplied extends Error {}
/** An id of the batch is another row's: the batch was not applied and cannot be replayed. */
class IdTaken extends Error {}

/** MySQL/MariaDB through mysql2's pool: the row lock of the conditional UPDATE serialises charges. */
export class MysqlLedger implements Ledger {
  /**
   * Charges whose batch could not be settled: they may have been applied, so they are never
   * charged again (the charge queue retries the calls of a failed batch one by one).
   */
  private readonly unsettled = new WeakSet<Charge>();
  private readonly logger = new Logger('MysqlLedger');

  constructor(private readonly pool: Pool) {}

  async findKeyOwner(keyHash: string): Promise<KeyOwner | null> {
    const [row] = await mysqlRead(this.pool, SQL.findOwner, [keyHash]);
    return row ? { id: Number(row.id), balance_milli: Number(row.balance_milli) } : null;
  }

  readonly parallelBatches = 4;

  async chargeBatch(charges: readonly Charge[]): Promise<ChargeResult[]> {
    if (charges.some((charge) => this.unsettled.has(charge))) {
      throw new Error('this charge may have been applied already and is not tried again');
    }
    let logIds: (number | null)[];
    try {
      logIds = await mysqlTransaction(this.pool, (conn) => this.writeBatch(conn, charges));
    } catch (error) {
      if (!(error instanceof CommitOutcomeUnknown)) throw error;
      logIds = await this.settle(charges, error.result as (number | null)[]);
      this.logger.warn(
        `a charge batch's COMMIT got no answer (${String(error.cause)}): settled, ${logIds.filter((id) => id !== null).length} of ${charges.length} charged once`,
      );
    }
    return Promise.all(
      logIds.map(async (logId, i) =>
        logId === null
          ? refused(await this.findKeyOwner(charges[i].keyHash))
          : { ok: true as const, logId },
      ),
    );
  }

  private async writeBatch(conn: PoolConnection, charges: readonly Charge[]) {
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
  }

  /**
   * Finds out whether a batch whose COMMIT got no answer was applied, and applies it if not, so
   * that it takes effect exactly once. The batch is replayed with its log rows under the ids they
   * were given: if it was applied, the first insert finds its row; if it is still in flight on
   * Galera, the two write the same keys and certification lets only one of them commit (the other
   * fails with 1213 and is replayed again, finding the rows). The calls the batch refused stay
   * refused; one whose debit no longer passes is refused now, its row withdrawn.
   */
  private async settle(
    charges: readonly Charge[],
    ids: readonly (number | null)[],
  ): Promise<(number | null)[]> {
    for (let round = 1; ; round += 1) {
      try {
        return await mysqlTransaction(this.pool, (conn) => this.replay(conn, charges, ids));
      } catch (error) {
        if (error instanceof AlreadyApplied) return this.appliedIds(charges, ids);
        if (error instanceof IdTaken) return this.settleFresh(charges);
        // A replay whose own COMMIT got no answer is settled like the batch: every replay writes
        // all the batch's ids, so whichever of them was applied shows under those ids.
        if (round >= SETTLE_ROUNDS) {
          for (const charge of charges) this.unsettled.add(charge);
          throw error;
        }
        await sleep(SETTLE_PAUSE_MS * (round - 1));
      }
    }
  }

  private async replay(
    conn: PoolConnection,
    charges: readonly Charge[],
    ids: readonly (number | null)[],
  ) {
    for (const [i, { keyHash, log }] of charges.entries()) {
      const id = ids[i];
      if (id === null) continue;
      try {
        await conn.query(INSERT_PINNED_LOG, [
          id,
          ...chargedLogValues(log, log.access_time),
          keyHash,
        ]);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        throw (await this.isOurLog(conn, charges[i], id)) ? new AlreadyApplied() : new IdTaken();
      }
    }
    const replayed: (number | null)[] = [];
    for (const [i, { keyHash, priceMilli }] of charges.entries()) {
      if (ids[i] === null) {
        replayed.push(null);
        continue;
      }
      const [debit] = await conn.query<ResultSetHeader>(SQL.debit, [
        priceMilli,
        keyHash,
        priceMilli,
      ]);
      if (debit.affectedRows !== 1) await conn.query(DROP_PINNED_LOG, [ids[i]]);
      replayed.push(debit.affectedRows === 1 ? ids[i] : null);
    }
    return replayed;
  }

  /**
   * Another node may hand out an id the batch was given on a node that died before committing, so
   * a row under that id is the batch's only if it says so. A row that the key's owner can no longer
   * be matched to (the key was changed since) is taken for another's: the fresh attempt that
   * follows then finds no such key and charges nothing.
   */
  private async isOurLog(conn: PoolConnection, charge: Charge, id: number): Promise<boolean> {
    const { log } = charge;
    const [rows] = await conn.query<RowDataPacket[]>(IS_OUR_LOG, [
      id,
      charge.keyHash,
      log.api_id,
      log.ip_address,
      log.access_url,
      log.user_agent,
      log.cost_milli,
    ]);
    return Number(rows[0]?.n) === 1;
  }

  /** The ids of the applied batch: the rows it wrote are there, the calls it refused are not. */
  private async appliedIds(charges: readonly Charge[], ids: readonly (number | null)[]) {
    const pinned = ids.filter((id): id is number => id !== null);
    const [rows] = await this.pool.query<RowDataPacket[]>(
      'SELECT id FROM access_logs WHERE id IN (?)',
      [pinned],
    );
    const present = new Set(rows.map((row) => Number(row.id)));
    return charges.map((_, i) => (ids[i] !== null && present.has(ids[i]) ? ids[i] : null));
  }

  /** The batch was not applied and its ids went to other rows: charged anew, and settled again. */
  private async settleFresh(charges: readonly Charge[]): Promise<(number | null)[]> {
    try {
      return await mysqlTransaction(this.pool, (conn) => this.writeBatch(conn, charges));
    } catch (error) {
      if (!(error instanceof CommitOutcomeUnknown)) throw error;
      return this.settle(charges, error.result as (number | null)[]);
    }
  }

  /**
   * A refund whose COMMIT got no answer is simply run again: it only zeroes a row that still
   * carries its cost, so a second run after an applied first one changes nothing, and on Galera a
   * first one still in flight writes the same rows, so certification lets only one commit.
   */
  async refund(logId: number, priceMilli: number, statusCode: number): Promise<void> {
    for (let round = 1; ; round += 1) {
      try {
        await mysqlTransaction(this.pool, (conn) =>
          this.refundOnce(conn, logId, priceMilli, statusCode),
        );
        return;
      } catch (error) {
        if (!(error instanceof CommitOutcomeUnknown) || round >= SETTLE_ROUNDS) throw error;
        await sleep(SETTLE_PAUSE_MS * (round - 1));
      }
    }
  }

  private async refundOnce(
    conn: PoolConnection,
    logId: number,
    priceMilli: number,
    statusCode: number,
  ): Promise<void> {
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
