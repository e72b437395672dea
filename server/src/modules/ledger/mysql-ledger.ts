import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { MAX_BALANCE_MILLI } from '../../common/money';
import type { Pool as CallbackPool, PoolOptions } from 'mysql2';
import type { Pool, PoolConnection, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource } from 'typeorm';
import {
  CommitOutcomeUnknown,
  isUniqueViolation,
  mysqlRead,
  mysqlTransaction,
} from '../../database/transactions';
import { statement } from '../../database/named-statement';
import type { NamedStatement } from '../../database/named-statement';
import {
  CallLatency,
  CallLog,
  callLogValues,
  Charge,
  ChargeResult,
  DailyUsage,
  freeLog,
  INSERT_LOG,
  keySpend,
  KeyUse,
  Ledger,
  LOG_COLUMNS,
  LOG_PLACEHOLDERS,
  planLog,
  PLAN_COUNTS,
  planAnswer,
  planMove,
  quotaMove,
  Refund,
  refundPastCeiling,
  refusedDebit,
  refusedPlan,
  refusedSpend,
  setLatenciesSql,
  setLatenciesValues,
  SQL,
  takePlanStatement,
  userMove,
} from './ledger';
import type { PlanMove, QuotaMove, UserMove, WindowsLeft } from './ledger';
import type { ChargedFrom } from '../../contracts/usage';
import type { Owed, OwedJournal } from './owed-journal';

/**
 * SQL.refundCredit as it runs here: the new balance is wrapped in LAST_INSERT_ID(expr), which
 * MySQL and MariaDB report as the statement's insert id, so the balance a move leaves costs no
 * second round trip. Conditions as in SQL (a test holds them so).
 */
export const REFUND_CREDIT = statement<UserMove & { ceiling: number }>`
  UPDATE users SET balance_milli = LAST_INSERT_ID(balance_milli + ${'price'}), updated_at = updated_at
  WHERE id = ${'userId'} AND balance_milli + ${'price'} <= ${'ceiling'}`;
/** SQL.spendCredit's condition, on the database's clock: instances' clocks may disagree. */
const CREDIT_FITS = 'credit_milli >= ? AND credit_until > UTC_TIMESTAMP()';
/**
 * SQL.spendCredit, else SQL.debit, as one statement: the charges of a batch are sent together, so
 * which of them pays cannot wait for an answer (ADR 050). The statement's insert id is twice the
 * balance it leaves, plus 1 when credit paid (see `paidBy`). The balance is assigned first: MySQL
 * assigns left to right with the new values, and the credit condition must read the old credit.
 */
export const CHARGE: NamedStatement<UserMove> = {
  text: `UPDATE users SET
    balance_milli = LAST_INSERT_ID(2 * IF(${CREDIT_FITS}, balance_milli, balance_milli - ?) + IF(${CREDIT_FITS}, 1, 0)) DIV 2,
    credit_milli = IF(${CREDIT_FITS}, credit_milli - ?, credit_milli),
    updated_at = updated_at
  WHERE id = ? AND status = 1 AND (${CREDIT_FITS} OR balance_milli >= ?)`,
  values: ({ price, userId }) => [price, price, price, price, price, userId, price, price],
};
/** What a CHARGE that changed its row answered: the balance it left, and whether credit paid. */
export const paidBy = (insertId: number) => ({
  credit: insertId % 2 === 1,
  balance: Math.floor(insertId / 2),
});
/** SQL.take with the count it leaves as the statement's insert id, as CHARGE does the balance. */
export const TAKE: NamedStatement<QuotaMove> = {
  ...SQL.take,
  text: SQL.take.text.replace(
    /used = (CASE WHEN period >= \? THEN used ELSE 0 END \+ 1)/,
    'used = LAST_INSERT_ID($1)',
  ),
};
/** SQL.takePlan on the database's clock, answering through its insert id (planAnswer). */
export const TAKE_PLAN = takePlanStatement(true);
/**
 * A quota charge locks its user's row first, as a debit does, so that every transaction takes a
 * user's rows in one order (user, then quota and key rows) and two batches cannot deadlock.
 */
const LOCK_USER = 'SELECT id FROM users WHERE id = ? FOR UPDATE';
const ENSURE_QUOTA =
  'INSERT INTO free_quota_uses (user_id, api_id) VALUES (?, ?) ON DUPLICATE KEY UPDATE used = used';
/**
 * Where a charge may be paid from, in the order they are tried: its API's free quota, its user's
 * plan, then credit or cash (one statement, CHARGE).
 */
type Stage = 'free' | 'plan' | 'pay';
const stagesOf = (charge: Charge): Stage[] => [
  ...(charge.quota ? (['free'] as const) : []),
  ...(charge.plan ? (['plan'] as const) : []),
  'pay',
];
/** The charge's log row as its first statement writes it: as paid from its first stage. */
const rowLog = (charge: Charge) =>
  charge.quota ? freeLog(charge.log) : charge.plan ? planLog(charge.log) : charge.log;
/**
 * What a batch's earlier quota charges took: users' row locks, quota rows made sure of. A debit
 * does not count as a lock here: one that changes nothing keeps no lock under READ COMMITTED.
 */
interface Taken {
  users: Set<number>;
  rows: Set<string>;
}

/**
 * A quota charge's statements: its user's lock and its quota row, unless the transaction's earlier
 * statements took them (a batch locks a user once and makes sure of a row once), then the take.
 */
const quotaStatements = (
  charge: Charge,
  take: NamedStatement<QuotaMove>,
  taken: Taken = { users: new Set(), rows: new Set() },
): Statement[] => {
  const move = quotaMove(charge as Charge & { quota: NonNullable<Charge['quota']> });
  const row = `${move.userId}:${move.apiId}`;
  const statements: Statement[] = [];
  if (!taken.users.has(move.userId)) statements.push([LOCK_USER, [move.userId]]);
  if (!taken.rows.has(row)) statements.push([ENSURE_QUOTA, [move.userId, move.apiId]]);
  taken.users.add(move.userId);
  taken.rows.add(row);
  return [...statements, bound(take, move)];
};
/** A plan charge's statements: its user's lock unless taken already, then the plan's take. */
const planStatements = (
  charge: Charge,
  take: NamedStatement<PlanMove>,
  taken: Taken = { users: new Set(), rows: new Set() },
): Statement[] => {
  const userId = charge.log.user_id;
  const plan = charge.plan!;
  const lock: Statement[] = taken.users.has(userId) ? [] : [[LOCK_USER, [userId]]];
  taken.users.add(userId);
  return [...lock, bound(take, planMove({ ...charge, plan }, ''))];
};
/** A charged call's log row inserted under the id its first attempt was given. */
const INSERT_PINNED_LOG = `INSERT INTO access_logs (id, ${LOG_COLUMNS.join(', ')}) VALUES (?, ${LOG_COLUMNS.map(() => '?').join(', ')})`;
/** A user's counted rows of calls made in a span, by their request ids (`count` of them). */
const OWED_ROWS = (count: number) =>
  `SELECT id, request_id, charged_from FROM access_logs
   WHERE user_id = ? AND access_time >= ? AND access_time <= ?
     AND request_id IN (${Array.from({ length: count }, () => '?').join(', ')})
     AND (cost_milli > 0 OR charged_from IN ('free', 'plan', 'credit'))`;
/**
 * The rows under a pinned id, each saying whether it is the call's own. A plain read: a locking one
 * of an id past the newest would lock the gap every new call's row goes into.
 */
const PINNED_ROWS = `SELECT (user_id = ? AND request_id = ? AND (cost_milli = ? OR charged_from IN ('free', 'plan', 'credit'))) AS ours
  FROM access_logs WHERE id = ?`;
const DROP_PINNED_LOG =
  'DELETE FROM access_logs WHERE id = ? AND access_time = ? AND request_id = ?';
const DROP_LOGS = 'DELETE FROM access_logs WHERE id IN (?)';

type Statement = readonly [string, readonly unknown[]];

/** What paid for a charged row, as it says (a row older than sources says nothing: cash). */
const rowSource = (chargedFrom: unknown): ChargedFrom =>
  chargedFrom === 'free' || chargedFrom === 'plan' || chargedFrom === 'credit'
    ? chargedFrom
    : 'balance';

const bound = <P>(named: NamedStatement<P>, params: P): Statement => [
  named.text,
  named.values(params),
];

const IS_OPEN: Statement = ['SELECT @@in_transaction AS open', []];

/** A batch's transaction that Galera aborted under its query: a deadlock, run again whole. */
const abortedUnderQuery = () =>
  Object.assign(new Error("the batch's transaction was aborted under its query"), {
    errno: 1213,
  });

/**
 * What a charge did in its transaction: wrote its row (leaving `balance`, null when a settled
 * batch cannot tell or its quota took it, then `used` counts its period's free calls), or was
 * refused by the debit or the cap.
 */
type Written =
  | {
      logId: number;
      balance: number | null;
      from: ChargedFrom;
      used: number | null;
      windows?: WindowsLeft;
    }
  | { refused: 'debit' | 'spend' | 'plan' };

const logIds = (written: readonly Written[]) => written.map((w) => ('logId' in w ? w.logId : null));

/**
 * How long a batch whose COMMIT got no answer is settled for while its calls wait: this many
 * rounds, the pause growing by `pauseMs` a round (~8 s of pauses). One not settled by then is
 * settled in the background, a round every `latePauseMs` until the database answers.
 */
export interface Settling {
  rounds: number;
  pauseMs: number;
  latePauseMs: number;
}
const SETTLING: Settling = { rounds: 8, pauseMs: 400, latePauseMs: 1000 };

/** A batch whose COMMIT got no answer, with the log ids that show whether it was applied. */
interface Unsettled {
  charges: readonly Charge[];
  ids: (number | null)[];
}

/** The batch being settled was applied (its rows exist under their ids). */
class AlreadyApplied extends Error {}
/** An id of the batch is another row's: the batch was not applied and cannot be replayed. */
class IdTaken extends Error {}

/** The ledger's connections: a few batches at once, their refusals' reads, refunds, flushes. */
const LEDGER_CONNECTIONS = 10;

/**
 * The ledger's own mysql2 pool, built as TypeORM builds its own (same login, options and hosts,
 * failover included) except that its connections take several statements a query, which lets a
 * batch of charges cost a few round trips instead of two a charge. Only the ledger's statements run
 * on it, every value through a placeholder.
 */
export function ledgerPool(dataSource: DataSource): Pool {
  const driver = dataSource.driver as unknown as {
    mysql: { createPool(options: PoolOptions): CallbackPool };
    createConnectionOptions(options: object, credentials: object): PoolOptions;
  };
  const options = { ...dataSource.options, multipleStatements: true };
  return driver.mysql
    .createPool({
      ...driver.createConnectionOptions(options, options),
      connectionLimit: LEDGER_CONNECTIONS,
    })
    .promise();
}

/**
 * MySQL/MariaDB through a mysql2 pool whose connections take several statements a query (see
 * `ledgerPool`): the row lock of the conditional UPDATE serialises charges.
 */
export class MysqlLedger implements Ledger, OnApplicationBootstrap, OnApplicationShutdown {
  /**
   * Charges whose batch could not be settled while its calls waited: they may have been applied,
   * so they are never charged again (the charge queue retries the calls of a failed batch one by
   * one). They are settled in the background (`settleLater`).
   */
  private readonly unsettled = new WeakSet<Charge>();
  private readonly late = new Set<Promise<void>>();
  private lateCharges = 0;
  private closing = false;
  private readonly logger = new Logger('MysqlLedger');

  /**
   * The writes a batch sends several at a query. On MariaDB each acts only inside its transaction
   * (`@@in_transaction`): on Galera, a transaction that another node's write aborts is rolled back
   * under a running query, which goes on with the statements left, outside any transaction, and
   * reports no error (the Galera suite found a hot user's balance 2 milli-yuan below its log rows:
   * debits that outlived their transaction's rollback). `run` then sees the transaction gone.
   * MySQL has no such abort, nor the variable.
   */
  private readonly batchSql: {
    debit: typeof CHARGE;
    undoCredit: typeof SQL.giveCredit;
    spend: typeof SQL.spend;
    undoDebit: typeof SQL.undoDebit;
    take: typeof TAKE;
    takePlan: typeof TAKE_PLAN;
  };

  /**
   * `returning`: the server is MariaDB, whose INSERT … RETURNING answers a batch's log ids.
   * `journal`: where refunds owed to answered calls are kept until they are written (none: in
   * memory only, lost if the instance stops first).
   */
  constructor(
    private readonly pool: Pool,
    private readonly returning: boolean,
    private readonly settling: Settling = SETTLING,
    private readonly journal: OwedJournal | null = null,
  ) {
    const guarded = <P>(named: NamedStatement<P>): NamedStatement<P> =>
      returning ? { ...named, text: `${named.text} AND @@in_transaction = 1` } : named;
    this.batchSql = {
      debit: guarded(CHARGE),
      undoCredit: guarded(SQL.giveCredit),
      spend: guarded(SQL.spend),
      undoDebit: guarded(SQL.undoDebit),
      take: guarded(TAKE),
      takePlan: guarded(TAKE_PLAN),
    };
  }

  /**
   * Takes up the refunds an earlier run of this instance owed when it stopped (killed, or shut
   * down before the database answered): each charged row of those calls, found by its request id,
   * is refunded, in the background.
   */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.journal) return;
    const { entries, unreadable } = await this.journal.left();
    for (const file of unreadable) {
      this.logger.error(`refunds owed could not be read from ${file}: refund its calls by hand`);
    }
    for (const { name, owed } of entries) {
      this.later(
        owed.charges,
        `refunds an earlier run owed (${name}) are written`,
        async () => `${await this.refundOwed(owed)} refunded`,
        name,
      );
    }
  }

  /**
   * Closes the pool after the last flush (graceful shutdown runs before this hook) and after the
   * batches settled in the background had their last try.
   */
  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    await Promise.all(this.late);
    await this.pool.end();
  }

  /** Charges whose settling or refund waits for the database: their calls were answered so. */
  get unsettledCharges(): number {
    return this.lateCharges;
  }

  /**
   * Batches of one user wait for each other's row lock: a third would only split the calls waiting
   * into smaller batches. Two keep one batch ready while the other commits.
   */
  readonly parallelBatches = 2;

  async chargeBatch(charges: readonly Charge[]): Promise<ChargeResult[]> {
    if (charges.some((charge) => this.unsettled.has(charge))) {
      throw new Error('this charge may have been applied already and is not tried again');
    }
    let written: Written[];
    try {
      written = await mysqlTransaction(this.pool, (conn) => this.writeBatch(conn, charges), {
        startsItself: true,
      });
    } catch (error) {
      if (!(error instanceof CommitOutcomeUnknown)) throw error;
      const batch: Unsettled = { charges, ids: logIds(error.result as Written[]) };
      const settled = await this.settle(batch, this.settling.rounds).catch(
        async (failure: unknown) => {
          await this.settleLater(batch);
          throw failure;
        },
      );
      this.logger.warn(
        `a charge batch's COMMIT got no answer (${String(error.cause)}): settled, ${settled.filter((id) => id !== null).length} of ${charges.length} charged once`,
      );
      // The balances a settled batch left are not known; its refused calls are told as insufficient
      // (or their plan's stop) or invalid from what the rows say now, and what paid for the others
      // from their rows.
      const sources = await this.sources(settled).catch(async (failure: unknown) => {
        // Not knowing what paid for a row, a refund could give back the wrong thing: the calls
        // are answered 503 and what the batch applied is refunded once the database answers.
        await this.settleLater(batch);
        throw failure;
      });
      // A plan that stops refuses a call it cannot take: such a call never reaches the debit.
      written = settled.map((logId, i) =>
        logId === null
          ? { refused: charges[i].plan?.stop ? 'plan' : 'debit' }
          : { logId, balance: null, from: sources.get(logId) ?? 'balance', used: null },
      );
    }
    return Promise.all(written.map((w, i) => this.result(charges[i], w)));
  }

  private async result(charge: Charge, written: Written): Promise<ChargeResult> {
    if ('logId' in written) {
      return {
        ok: true,
        logId: written.logId,
        balance_milli: written.balance,
        from: written.from,
        quota_used: written.used,
        ...(written.windows && { windows_left: written.windows }),
      };
    }
    // The batch is committed: a failed read answers this refused call alone, as the database
    // being unavailable. Failing the batch would have the charge queue charge its calls again.
    try {
      if (written.refused === 'spend') {
        const keyId = charge.log.api_key_id;
        const [row] = await mysqlRead(this.pool, SQL.caps.text, SQL.caps.values({ keyId }));
        return refusedSpend(charge, row as never);
      }
      const userId = charge.log.user_id;
      const [[owner], counts] = await Promise.all([
        mysqlRead(this.pool, SQL.owner.text, SQL.owner.values({ userId })),
        written.refused === 'plan'
          ? mysqlRead(this.pool, PLAN_COUNTS, [charge.plan!.subscriptionId])
          : [],
      ]);
      return written.refused === 'plan'
        ? refusedPlan(owner as never, counts[0], charge.plan!)
        : refusedDebit(owner as never);
    } catch (error) {
      return { ok: false, reason: 'unavailable', error };
    }
  }

  /**
   * Runs statements as one query, one round trip (the pool's connections must take several
   * statements a query), and answers each one's result: a header, or the rows of a RETURNING. On
   * MariaDB the query ends by asking whether its transaction is still open, and throws the
   * deadlock it was if not (see `batchSql`).
   */
  private async run(
    conn: PoolConnection,
    list: readonly Statement[],
  ): Promise<(ResultSetHeader | RowDataPacket[])[]> {
    if (list.length === 0) return [];
    const all = this.returning ? [...list, IS_OPEN] : list;
    const [result] = await conn.query<ResultSetHeader | ResultSetHeader[]>(
      all.map(([sql]) => sql).join(';\n'),
      all.flatMap(([, values]) => values),
    );
    const results: (ResultSetHeader | RowDataPacket[])[] =
      all.length === 1 ? [result as ResultSetHeader] : (result as ResultSetHeader[]);
    if (!this.returning) return results;
    const open = results.pop() as RowDataPacket[];
    if (Number(open[0]?.open) !== 1) throw abortedUnderQuery();
    return results;
  }

  /**
   * A batch in two round trips, whatever its size, when no key counts its spend. The first begins
   * the transaction and carries every call's log row, then every debit (user rows, in the batch's
   * order): a new row locks nothing another transaction waits for, and the user's row is held only
   * until the COMMIT, the second. A call of an API with a free quota takes one from it instead (its
   * row written as free), and a call its user's plan covers one of the plan's calls; one they
   * refuse tries the next stage (the plan, then the debit) in one more round trip each, its row
   * made that stage's (a plan with a stop refuses the call instead). Counted keys' spends (key
   * rows) take one more round trip, and the debits of charges a cap refused are taken back in
   * another; a charge refused by its debit while a cap's refusal was giving its user money back is
   * tried again after it, so the batch ends as if its charges had run one by one. The rows of the
   * calls not charged go in a last statement.
   */
  private async writeBatch(conn: PoolConnection, charges: readonly Charge[]): Promise<Written[]> {
    const inserts = this.insertStatements(charges.map(rowLog));
    const taken: Taken = { users: new Set(), rows: new Set() };
    const stages = charges.map(stagesOf);
    /** Each charge's stage: the first round trip tries every charge's first one. */
    const at = charges.map(() => 0);
    /** The charges a free quota or a plan took, with the calls of the period they used. */
    const used = new Map<
      number,
      { from: 'free' | 'plan'; count: number; windows: WindowsLeft | undefined }
    >();
    const stopped = new Set<number>();
    let ids: number[] = [];
    let pending: number[] = [];
    let debits: ResultSetHeader[] = [];
    let trying = charges.map((_, i) => i);
    let firstTrip = true;
    while (trying.length > 0) {
      const list: Statement[] = [];
      /** Where each charge's take or debit answers, among the round trip's writes. */
      const answerAt = trying.map((i) => {
        const stage = stages[i][at[i]];
        const charge = charges[i];
        // A later stage's row is made its own: its earlier stages wrote it as theirs.
        if (at[i] > 0 && stage === 'plan') list.push(bound(SQL.toPlan, { logId: ids[i] }));
        if (at[i] > 0 && stage === 'pay') {
          list.push(bound(SQL.toBalance, { price: charge.priceMilli, logId: ids[i] }));
        }
        if (stage === 'free') list.push(...quotaStatements(charge, this.batchSql.take, taken));
        else if (stage === 'plan') {
          list.push(...planStatements(charge, this.batchSql.takePlan, taken));
        } else list.push(bound(this.batchSql.debit, userMove(charge)));
        return list.length - 1;
      });
      let answers: ResultSetHeader[];
      if (firstTrip) {
        firstTrip = false;
        const [, ...first] = await this.run(conn, [['START TRANSACTION', []], ...inserts, ...list]);
        ids = this.returning
          ? (first[0] as RowDataPacket[]).map((row) => Number(row.id))
          : (first.slice(0, inserts.length) as ResultSetHeader[]).map((insert) => insert.insertId);
        answers = first.slice(inserts.length) as ResultSetHeader[];
      } else answers = (await this.run(conn, list)) as ResultSetHeader[];
      const next: number[] = [];
      trying.forEach((i, n) => {
        const stage = stages[i][at[i]];
        const answer = answers[answerAt[n]];
        if (stage === 'pay') {
          pending.push(i);
          debits.push(answer);
        } else if (answer.affectedRows === 1) {
          const plan = stage === 'plan' ? planAnswer(answer.insertId) : undefined;
          used.set(i, {
            from: stage,
            count: plan ? plan.used : answer.insertId,
            windows: plan?.left,
          });
        } else if (stage === 'plan' && charges[i].plan!.stop) stopped.add(i);
        else {
          at[i] += 1;
          next.push(i);
        }
      });
      trying = next;
    }
    const out: Written[] = charges.map((_, i) =>
      stopped.has(i) ? { refused: 'plan' } : { refused: 'debit' },
    );
    const balances = new Map<number, number>();
    /** The charges their users' credit paid for. */
    const credited = new Set<number>();
    /** The order the debits ran in: a cap's refusal gives money back to those that ran after. */
    const debitOrder = new Map<number, number>();
    for (;;) {
      const debited: number[] = [];
      pending.forEach((i, n) => {
        if (debits[n].affectedRows !== 1) return;
        debited.push(i);
        const paid = paidBy(Number(debits[n].insertId));
        if (paid.credit) credited.add(i);
        else balances.set(i, paid.balance);
        debitOrder.set(i, debitOrder.size);
      });
      const counted = debited.filter((i) => charges[i].counted);
      // The rows credit paid for are marked so in the same round trip as the keys' spends.
      const spends = (await this.run(conn, [
        ...counted.map((i) => bound(this.batchSql.spend, keySpend(charges[i]))),
        ...debited
          .filter((i) => credited.has(i))
          .map((i) => bound(SQL.toCredit, { price: charges[i].priceMilli, logId: ids[i] })),
      ])) as ResultSetHeader[];
      const capped = counted.filter((_, n) => spends[n].affectedRows !== 1);
      await this.run(
        conn,
        capped.map((i) =>
          bound(
            credited.has(i) ? this.batchSql.undoCredit : this.batchSql.undoDebit,
            userMove(charges[i]),
          ),
        ),
      );
      for (const i of capped) {
        out[i] = { refused: 'spend' };
        credited.delete(i);
        // A credit charge's refusal gives credit back: the balances after it stand.
        if (!balances.delete(i)) continue;
        // The charges of its user debited after it saw its price gone: give it back to them.
        for (const j of debited) {
          const balance = balances.get(j);
          if (
            balance !== undefined &&
            debitOrder.get(j)! > debitOrder.get(i)! &&
            charges[j].log.user_id === charges[i].log.user_id
          ) {
            balances.set(j, balance + charges[i].priceMilli);
          }
        }
      }
      const refunded = new Set(capped.map((i) => charges[i].log.user_id));
      pending = pending.filter((i) => !debited.includes(i) && refunded.has(charges[i].log.user_id));
      if (pending.length === 0) break;
      debits = (await this.run(
        conn,
        pending.map((i) => bound(this.batchSql.debit, userMove(charges[i]))),
      )) as ResultSetHeader[];
    }
    const dropped = ids.filter((_, i) => !balances.has(i) && !used.has(i) && !credited.has(i));
    if (dropped.length > 0) await this.run(conn, [[DROP_LOGS, [dropped]]]);
    return out.map((refused, i) => {
      const balance = balances.get(i);
      const taken = used.get(i);
      if (taken) {
        const { from, count, windows } = taken;
        return { logId: ids[i], balance: null, from, used: count, ...(windows && { windows }) };
      }
      if (credited.has(i)) return { logId: ids[i], balance: null, from: 'credit', used: null };
      return balance === undefined
        ? refused
        : { logId: ids[i], balance, from: 'balance', used: null };
    });
  }

  /**
   * The log rows' insert, answering their ids: one multi-row insert with RETURNING on MariaDB; on
   * MySQL, which has no RETURNING, one insert a row, as the ids of a multi-row insert are known only
   * from the first one and an increment that Galera may change at any moment.
   */
  private insertStatements(logs: readonly CallLog[]): Statement[] {
    if (this.returning) {
      return [
        [
          `${INSERT_LOG} VALUES ${logs.map(() => LOG_PLACEHOLDERS).join(', ')} RETURNING id`,
          logs.flatMap((log) => callLogValues(log, log.access_time)),
        ],
      ];
    }
    return logs.map((log) => [
      `${INSERT_LOG} VALUES ${LOG_PLACEHOLDERS}`,
      callLogValues(log, log.access_time),
    ]);
  }

  /**
   * Finds out whether a batch whose COMMIT got no answer was applied, and applies it if not, so
   * that it takes effect exactly once. The batch is replayed with its log rows under the ids they
   * were given: if it was applied, the first insert finds its row; if it is still in flight on
   * Galera, the two write the same keys and certification lets only one of them commit (the other
   * fails with 1213 and is replayed again, finding the rows). The calls the batch refused stay
   * refused; one whose debit or cap no longer passes is refused now, its row withdrawn.
   */
  private async settle(batch: Unsettled, rounds: number): Promise<(number | null)[]> {
    const { charges } = batch;
    for (let round = 1; ; round += 1) {
      let failure: unknown;
      try {
        return await mysqlTransaction(this.pool, (conn) => this.replay(conn, charges, batch.ids));
      } catch (error) {
        if (error instanceof AlreadyApplied) return this.appliedIds(charges, batch.ids);
        failure = error;
        if (error instanceof IdTaken) {
          const fresh = await this.chargeAnew(charges);
          // The batch's rows are now under these ids, for whoever settles or refunds it next.
          batch.ids = fresh.ids;
          if (!('unknown' in fresh)) return fresh.ids;
          // Charged anew and again without an answer: those ids are settled in the rounds left.
          failure = fresh.unknown;
        }
      }
      // A replay whose own COMMIT got no answer is settled like the batch: every replay writes
      // all the batch's ids, so whichever of them was applied shows under those ids.
      if (round >= rounds) throw failure;
      await sleep(this.settling.pauseMs * (round - 1));
    }
  }

  /**
   * A batch not settled while its calls waited: they were answered 503, so once the database
   * answers it is settled and whatever of it was applied is refunded, each call then charged
   * nothing, as it was told.
   */
  private async settleLater(batch: Unsettled): Promise<void> {
    for (const charge of batch.charges) this.unsettled.add(charge);
    const kept = await this.keep({ statusCode: 503, charges: batch.charges });
    this.later(
      batch.charges,
      'charges whose COMMIT got no answer, their calls answered 503, are settled and refunded if applied',
      async () => `settled, ${await this.settleAndRefund(batch)} applied and refunded`,
      kept,
    );
  }

  /** Keeps owed refunds in the journal, if there is one and the disk takes them. */
  private async keep(owed: Owed): Promise<string | null> {
    if (!this.journal) return null;
    try {
      return await this.journal.keep(owed);
    } catch (error) {
      const requests = owed.charges.map((charge) => charge.log.request_id).join(', ');
      this.logger.error(
        `refunds owed could not be kept in ${this.journal.dir} (${String(error)}), only in memory: ${requests}`,
      );
      return null;
    }
  }

  /**
   * Refunds every charged row of owed calls, found by their request ids (a call's own, never
   * reused), whatever the batch's fate was: a row refunded already carries nothing and is left. A
   * refund a rule refuses (the balance ceiling) is logged and the others go on. Answers how many.
   */
  private async refundOwed({ statusCode, charges }: Owed): Promise<number> {
    const rows = await this.untilDone(() => this.rowsOf(charges));
    let refunded = 0;
    for (const charge of charges) {
      for (const row of rows.get(charge.log.request_id ?? '') ?? []) {
        const refund: Refund = { logId: row.id, charge, statusCode, from: row.from };
        try {
          await this.untilDone(() => this.refundNow(refund));
          refunded += 1;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          this.logger.error(`not refunded (${error.message}): ${charge.log.request_id}`);
        }
      }
    }
    return refunded;
  }

  /** The counted rows of calls, by request id: a user's at a time, on its (user, time) index. */
  private async rowsOf(
    charges: readonly Charge[],
  ): Promise<Map<string, { id: number; from: ChargedFrom }[]>> {
    const rows = new Map<string, { id: number; from: ChargedFrom }[]>();
    const byUser = new Map<number, Charge[]>();
    for (const charge of charges) {
      byUser.set(charge.log.user_id, [...(byUser.get(charge.log.user_id) ?? []), charge]);
    }
    for (const [userId, made] of byUser) {
      const times = made.map((charge) => charge.log.access_time.getTime());
      const [found] = await this.pool.query<RowDataPacket[]>(OWED_ROWS(made.length), [
        userId,
        // A second either way: MySQL's DATETIME keeps whole seconds, rounded.
        new Date(Math.min(...times) - 1000),
        new Date(Math.max(...times) + 1000),
        ...made.map((charge) => charge.log.request_id),
      ]);
      for (const row of found) {
        const from = rowSource(row.charged_from);
        const list = rows.get(String(row.request_id)) ?? [];
        list.push({ id: Number(row.id), from });
        rows.set(String(row.request_id), list);
      }
    }
    return rows;
  }

  /** Settles the batch, then refunds the calls it charged: answers how many. */
  private async settleAndRefund(batch: Unsettled): Promise<number> {
    const ids = await this.untilDone(() => this.settle(batch, 1));
    const charged = ids.flatMap((logId, i) =>
      logId === null ? [] : [{ logId, charge: batch.charges[i] }],
    );
    const sources = await this.untilDone(() => this.sources(ids));
    for (const { logId, charge } of charged) {
      const from = sources.get(logId) ?? 'balance';
      await this.untilDone(() => this.refundNow({ logId, charge, statusCode: 503, from }));
    }
    return charged.length;
  }

  /**
   * Money work that could not be done while its calls waited, done in the background; while it
   * waits, its charges count in `unsettledCharges`.
   */
  private later(
    charges: readonly Charge[],
    what: string,
    work: () => Promise<string>,
    kept: string | null,
  ): void {
    const requests = charges.map((charge) => charge.log.request_id).join(', ');
    const left = kept && this.journal ? `, left to the next start in ${this.journal.dir}` : '';
    this.lateCharges += charges.length;
    this.logger.warn(`${what} once the database answers: ${requests}`);
    const done = work()
      .then(async (outcome) => {
        this.logger.warn(`${outcome}: ${requests}`);
        // Left behind, the entry is only taken up again: its refunds change nothing twice.
        if (kept) await this.journal?.done(kept).catch(() => {});
      })
      .catch((error: unknown) =>
        this.logger.error(`gave up (${String(error)})${left}: ${what}: ${requests}`),
      )
      .finally(() => {
        this.lateCharges -= charges.length;
        this.late.delete(done);
      });
    this.late.add(done);
  }

  /**
   * Runs a step again every `latePauseMs` while the database fails it, until it is done, a rule
   * refuses it (an AppError) or the instance shuts down.
   */
  private async untilDone<T>(step: () => Promise<T>): Promise<T> {
    for (;;) {
      try {
        return await step();
      } catch (error) {
        if (this.closing || error instanceof AppError) throw error;
        await sleep(this.settling.latePauseMs);
      }
    }
  }

  private async replay(
    conn: PoolConnection,
    charges: readonly Charge[],
    ids: readonly (number | null)[],
  ) {
    for (const [i, charge] of charges.entries()) {
      const id = ids[i];
      if (id === null) continue;
      // A partitioned log's primary key is (id, access_time), so the insert alone would not
      // collide with another call's row under the id: the rows under it are looked at first.
      const found = await this.underId(conn, charge, id);
      if (found) throw found;
      try {
        await conn.query(INSERT_PINNED_LOG, [
          id,
          ...callLogValues(rowLog(charge), charge.log.access_time),
        ]);
      } catch (error) {
        // A row that arrived since the look (the first attempt's, on Galera) is newer than the
        // transaction's snapshot: only a locking read sees it (it exists, so no gap is locked).
        if (!isUniqueViolation(error)) throw error;
        throw (await this.underId(conn, charge, id, ' FOR UPDATE')) ?? new IdTaken();
      }
    }
    const replayed: (number | null)[] = [];
    for (const [i, charge] of charges.entries()) {
      const id = ids[i];
      if (id === null) {
        replayed.push(null);
        continue;
      }
      if (charge.quota && (await this.takeFree(conn, charge))) {
        replayed.push(id);
        continue;
      }
      if (charge.plan) {
        const move = planMove({ ...charge, plan: charge.plan }, '');
        await conn.query(LOCK_USER, [move.userId]);
        const [taken] = await conn.query<ResultSetHeader>(TAKE_PLAN.text, TAKE_PLAN.values(move));
        const took = taken.affectedRows === 1;
        if (took && charge.quota) {
          await conn.query(SQL.toPlan.text, SQL.toPlan.values({ logId: id }));
        }
        if (!took && charge.plan.stop) {
          await conn.query(DROP_PINNED_LOG, [id, charge.log.access_time, charge.log.request_id]);
        }
        if (took || charge.plan.stop) {
          replayed.push(took ? id : null);
          continue;
        }
      }
      const move = userMove(charge);
      const [debit] = await conn.query<ResultSetHeader>(CHARGE.text, CHARGE.values(move));
      let applied = debit.affectedRows === 1;
      const credit = applied && paidBy(Number(debit.insertId)).credit;
      const price = charge.priceMilli;
      if (applied && (charge.quota || charge.plan)) {
        await conn.query(SQL.toBalance.text, SQL.toBalance.values({ price, logId: id }));
      }
      if (credit) await conn.query(SQL.toCredit.text, SQL.toCredit.values({ price, logId: id }));
      if (applied && charge.counted) {
        const [spend] = await conn.query<ResultSetHeader>(
          SQL.spend.text,
          SQL.spend.values(keySpend(charge)),
        );
        if (spend.affectedRows !== 1) {
          const undo = credit ? SQL.giveCredit : SQL.undoDebit;
          await conn.query(undo.text, undo.values(move));
          applied = false;
        }
      }
      if (!applied) {
        await conn.query(DROP_PINNED_LOG, [id, charge.log.access_time, charge.log.request_id]);
      }
      replayed.push(applied ? id : null);
    }
    return replayed;
  }

  /** A replayed quota charge's statements one by one: whether its quota took it. */
  private async takeFree(conn: PoolConnection, charge: Charge): Promise<boolean> {
    const statements = quotaStatements(charge, TAKE);
    const [take, values] = statements.pop()!;
    for (const [sql, before] of statements) await conn.query(sql, [...before]);
    const [took] = await conn.query<ResultSetHeader>(take, [...values]);
    return took.affectedRows === 1;
  }

  /**
   * What the rows under a pinned id say of the batch (none: nothing). Another node may hand out an
   * id the batch was given on a node that died before committing, so a row under that id is the
   * batch's only if it says so: its request id is the call's own.
   */
  private async underId(
    conn: PoolConnection,
    charge: Charge,
    id: number,
    locking = '',
  ): Promise<AlreadyApplied | IdTaken | undefined> {
    const { log } = charge;
    const [rows] = await conn.query<RowDataPacket[]>(PINNED_ROWS + locking, [
      log.user_id,
      log.request_id,
      log.cost_milli,
      id,
    ]);
    if (rows.length === 0) return undefined;
    return rows.some((row) => Number(row.ours) === 1) ? new AlreadyApplied() : new IdTaken();
  }

  /** What paid for a settled batch's rows other than cash: its free quota or credit. */
  private async sources(ids: readonly (number | null)[]): Promise<Map<number, ChargedFrom>> {
    const written = ids.filter((id): id is number => id !== null);
    if (written.length === 0) return new Map();
    const [rows] = await this.pool.query<RowDataPacket[]>(
      "SELECT id, charged_from FROM access_logs WHERE id IN (?) AND charged_from IN ('free', 'plan', 'credit')",
      [written],
    );
    return new Map(rows.map((row) => [Number(row.id), rowSource(row.charged_from)]));
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

  /** The batch was not applied and its ids went to other rows: it is charged anew. */
  private async chargeAnew(
    charges: readonly Charge[],
  ): Promise<
    { ids: (number | null)[] } | { ids: (number | null)[]; unknown: CommitOutcomeUnknown }
  > {
    try {
      const written = await mysqlTransaction(this.pool, (conn) => this.writeBatch(conn, charges), {
        startsItself: true,
      });
      return { ids: logIds(written) };
    } catch (error) {
      if (!(error instanceof CommitOutcomeUnknown)) throw error;
      return { ids: logIds(error.result as Written[]), unknown: error };
    }
  }

  async refund(refund: Refund): Promise<number | null> {
    try {
      return await this.refundNow(refund);
    } catch (error) {
      // The call failed and is answered so; the money it took goes back once the database answers.
      if (!(error instanceof AppError)) {
        const kept = await this.keep({ statusCode: refund.statusCode, charges: [refund.charge] });
        this.later(
          [refund.charge],
          'refunds of failed calls are written',
          async () => {
            await this.untilDone(() => this.refundNow(refund));
            return 'refunded';
          },
          kept,
        );
      }
      throw error;
    }
  }

  /**
   * A refund whose COMMIT got no answer is simply run again: it only zeroes a row that still
   * carries its cost, so a second run after an applied first one changes nothing, and on Galera a
   * first one still in flight writes the same rows, so certification lets only one commit.
   */
  private async refundNow(refund: Refund): Promise<number | null> {
    for (let round = 1; ; round += 1) {
      try {
        return await mysqlTransaction(this.pool, (conn) => this.refundOnce(conn, refund));
      } catch (error) {
        if (!(error instanceof CommitOutcomeUnknown) || round >= this.settling.rounds) throw error;
        await sleep(this.settling.pauseMs * (round - 1));
      }
    }
  }

  private async refundOnce(conn: PoolConnection, refund: Refund): Promise<number | null> {
    const { logId, charge, statusCode } = refund;
    if (refund.from === 'credit') {
      // Only a row still marked credit is refunded, so its credit goes back at most once.
      const [marked] = await conn.query<ResultSetHeader>(
        SQL.refundCreditRow.text,
        SQL.refundCreditRow.values({ statusCode, logId }),
      );
      if (marked.affectedRows === 1) {
        await conn.query(SQL.giveCredit.text, SQL.giveCredit.values(userMove(charge)));
        if (charge.counted) {
          await conn.query(SQL.unspend.text, SQL.unspend.values(keySpend(charge)));
        }
      }
      return null;
    }
    if (refund.from === 'plan') {
      // Only a row still marked plan is refunded, so its call goes back at most once.
      const [marked] = await conn.query<ResultSetHeader>(
        SQL.refundPlanRow.text,
        SQL.refundPlanRow.values({ statusCode, logId }),
      );
      if (marked.affectedRows === 1 && charge.plan) {
        const move = planMove({ ...charge, plan: charge.plan }, charge.log.access_time);
        await conn.query(SQL.givePlanBack.text, SQL.givePlanBack.values(move));
      }
      return null;
    }
    if (refund.from === 'free') {
      // Only a row still marked free is refunded, so a quota is given back at most once.
      const [marked] = await conn.query<ResultSetHeader>(
        SQL.refundFree.text,
        SQL.refundFree.values({ statusCode, logId }),
      );
      if (marked.affectedRows === 1 && charge.quota) {
        const move = quotaMove({ ...charge, quota: charge.quota });
        await conn.query(SQL.giveBack.text, SQL.giveBack.values(move));
      }
      return null;
    }
    // Only a row still carrying its cost is refunded, so a refund can never run twice.
    const [zeroed] = await conn.query<ResultSetHeader>(
      SQL.refundZero.text,
      SQL.refundZero.values({ statusCode, logId, price: charge.priceMilli }),
    );
    if (zeroed.affectedRows !== 1) return null;
    const [credit] = await conn.query<ResultSetHeader>(
      REFUND_CREDIT.text,
      REFUND_CREDIT.values({ ...userMove(charge), ceiling: MAX_BALANCE_MILLI }),
    );
    if (credit.affectedRows !== 1) throw refundPastCeiling();
    if (charge.counted) {
      await conn.query(SQL.unspend.text, SQL.unspend.values(keySpend(charge)));
    }
    return Number(credit.insertId);
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
      for (const [apiId, calls] of totals) {
        await conn.query(SQL.bumpUsage.text, SQL.bumpUsage.values({ calls, apiId }));
      }
      if (daily.length > 0) {
        await conn.query(
          `INSERT INTO api_daily_stats (api_id, access_date, calls) VALUES ${daily.map(() => '(?, ?, ?)').join(', ')} ON DUPLICATE KEY UPDATE calls = calls + VALUES(calls)`,
          daily.flatMap((row) => [row.api_id, row.access_date, row.calls]),
        );
      }
    });
  }

  async touchKeys(uses: readonly KeyUse[]): Promise<void> {
    if (uses.length === 0) return;
    // One row a statement, outside any transaction: holding one key row while waiting for another
    // could close a cycle with a charge batch, which locks key rows in the order of their users.
    for (const { keyId, at, ip } of uses) {
      await this.pool.query(SQL.touchKey.text, SQL.touchKey.values({ at, ip, keyId }));
    }
  }

  /** One statement, outside any transaction: it locks only log rows, each already written. */
  async setLatencies(rows: readonly CallLatency[]): Promise<void> {
    if (rows.length === 0) return;
    await this.pool.query(setLatenciesSql(rows.length), setLatenciesValues(rows));
  }
}
