import type { Database } from 'better-sqlite3';
import { PLAN_WINDOWS } from '../../contracts/plans';
import { MAX_BALANCE_MILLI } from '../../common/money';
import { sqliteTransaction } from '../../database/transactions';
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
  LOG_PLACEHOLDERS,
  planLog,
  planMove,
  PLAN_COUNTS,
  quotaMove,
  Refund,
  refundPastCeiling,
  refusedDebit,
  refusedPlan,
  refusedSpend,
  SQL,
  userMove,
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

/** Why a charge was refused, decided inside its transaction (nothing else can run meanwhile). */
type Written = { ok: ChargeResult & { ok: true } } | { refused: ChargeResult };

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
      owner: db.prepare(SQL.owner.text),
      debit: db.prepare(`${SQL.debit.text} RETURNING balance_milli`),
      undoDebit: db.prepare(SQL.undoDebit.text),
      spend: db.prepare(SQL.spend.text),
      unspend: db.prepare(SQL.unspend.text),
      caps: db.prepare(SQL.caps.text),
      insertLog: db.prepare(`${INSERT_LOG} VALUES ${LOG_PLACEHOLDERS}`),
      refundZero: db.prepare(SQL.refundZero.text),
      refundFree: db.prepare(SQL.refundFree.text),
      spendCredit: db.prepare(SQL.spendCredit.text),
      giveCredit: db.prepare(SQL.giveCredit.text),
      toCredit: db.prepare(SQL.toCredit.text),
      refundCreditRow: db.prepare(SQL.refundCreditRow.text),
      ensureQuota: db.prepare(
        'INSERT INTO free_quota_uses (user_id, api_id) VALUES (?, ?) ON CONFLICT DO NOTHING',
      ),
      take: db.prepare(`${SQL.take.text} RETURNING used`),
      takePlan: db.prepare(
        `${SQL.takePlan.text} RETURNING used_calls, hour_limit - hour_used AS hour, day_limit - day_used AS day, week_limit - week_used AS week`,
      ),
      planCounts: db.prepare(PLAN_COUNTS),
      givePlanBack: db.prepare(SQL.givePlanBack.text),
      refundPlanRow: db.prepare(SQL.refundPlanRow.text),
      giveBack: db.prepare(SQL.giveBack.text),
      refundCredit: db.prepare(`${SQL.refundCredit.text} RETURNING balance_milli`),
      touchKey: db.prepare(SQL.touchKey.text),
      setLatency: db.prepare('UPDATE access_logs SET latency_ms = ? WHERE id = ?'),
      bumpUsage: db.prepare(SQL.bumpUsage.text),
      upsertDaily: db.prepare(
        'INSERT INTO api_daily_stats (api_id, access_date, calls) VALUES (?, ?, ?) ON CONFLICT (api_id, access_date) DO UPDATE SET calls = calls + excluded.calls',
      ),
    };
  }

  readonly parallelBatches = 1;

  async chargeBatch(charges: readonly Charge[]): Promise<ChargeResult[]> {
    const written = await sqliteTransaction(this.db, () => charges.map((c) => this.write(c)));
    return written.map((w) => ('refused' in w ? w.refused : w.ok));
  }

  private write(charge: Charge): Written {
    const { log, quota } = charge;
    if (quota) {
      this.sql.ensureQuota.run(log.user_id, quota.apiId);
      const move = SQL.take.values(quotaMove({ ...charge, quota }));
      const took = this.sql.take.get(...move) as { used: number } | undefined;
      if (took) {
        const row = freeLog(log);
        const logId = this.sql.insertLog.run(...callLogValues(row, sqliteTime(log.access_time)));
        return {
          ok: {
            ok: true,
            logId: Number(logId.lastInsertRowid),
            balance_milli: null,
            from: 'free',
            quota_used: Number(took.used),
          },
        };
      }
    }
    if (charge.plan) {
      const move = planMove({ ...charge, plan: charge.plan }, sqliteTime(log.access_time));
      const took = this.sql.takePlan.get(...SQL.takePlan.values(move)) as
        (Record<'used_calls', number> & Record<'hour' | 'day' | 'week', number | null>) | undefined;
      if (took) {
        const row = planLog(log);
        const logId = this.sql.insertLog.run(...callLogValues(row, sqliteTime(log.access_time)));
        return {
          ok: {
            ok: true,
            logId: Number(logId.lastInsertRowid),
            balance_milli: null,
            from: 'plan',
            quota_used: Number(took.used_calls),
            windows_left: Object.fromEntries(
              PLAN_WINDOWS.flatMap((w) => (took[w] === null ? [] : [[w, Number(took[w])]])),
            ),
          },
        };
      }
      if (charge.plan.stop) {
        const counts = this.sql.planCounts.get(charge.plan.subscriptionId) as never;
        return {
          refused: refusedPlan(this.sql.owner.get(log.user_id) as never, counts, charge.plan),
        };
      }
    }
    const credit = { ...userMove(charge), now: sqliteTime(log.access_time) };
    if (this.sql.spendCredit.run(...SQL.spendCredit.values(credit)).changes === 1) {
      return this.writeCredited(charge);
    }
    const move = SQL.debit.values(userMove(charge));
    const debited = this.sql.debit.get(...move) as { balance_milli: number } | undefined;
    if (!debited) {
      return { refused: refusedDebit(this.sql.owner.get(log.user_id) as never) };
    }
    if (charge.counted && this.sql.spend.run(...SQL.spend.values(keySpend(charge))).changes !== 1) {
      this.sql.undoDebit.run(...SQL.undoDebit.values(userMove(charge)));
      return { refused: refusedSpend(charge, this.sql.caps.get(log.api_key_id) as never) };
    }
    const logId = Number(
      this.sql.insertLog.run(...callLogValues(log, sqliteTime(log.access_time))).lastInsertRowid,
    );
    return {
      ok: {
        ok: true,
        logId,
        balance_milli: Number(debited.balance_milli),
        from: 'balance',
        quota_used: null,
      },
    };
  }

  /** The rest of a charge its user's credit paid for: the key's spend, then its row. */
  private writeCredited(charge: Charge): Written {
    const { log } = charge;
    if (charge.counted && this.sql.spend.run(...SQL.spend.values(keySpend(charge))).changes !== 1) {
      this.sql.giveCredit.run(...SQL.giveCredit.values(userMove(charge)));
      return { refused: refusedSpend(charge, this.sql.caps.get(log.api_key_id) as never) };
    }
    const row = { ...log, cost_milli: 0, charged_from: 'credit' as const };
    const logId = Number(
      this.sql.insertLog.run(...callLogValues(row, sqliteTime(log.access_time))).lastInsertRowid,
    );
    this.sql.toCredit.run(...SQL.toCredit.values({ price: charge.priceMilli, logId }));
    return { ok: { ok: true, logId, balance_milli: null, from: 'credit', quota_used: null } };
  }

  async refund(refund: Refund): Promise<number | null> {
    const { logId, charge, statusCode } = refund;
    return sqliteTransaction(this.db, () => {
      if (refund.from === 'credit') {
        const marked = this.sql.refundCreditRow.run(
          ...SQL.refundCreditRow.values({ statusCode, logId }),
        );
        if (marked.changes === 1) {
          this.sql.giveCredit.run(...SQL.giveCredit.values(userMove(charge)));
          if (charge.counted) this.sql.unspend.run(...SQL.unspend.values(keySpend(charge)));
        }
        return null;
      }
      if (refund.from === 'plan') {
        const marked = this.sql.refundPlanRow.run(
          ...SQL.refundPlanRow.values({ statusCode, logId }),
        );
        if (marked.changes === 1 && charge.plan) {
          const move = planMove(
            { ...charge, plan: charge.plan },
            sqliteTime(charge.log.access_time),
          );
          this.sql.givePlanBack.run(...SQL.givePlanBack.values(move));
        }
        return null;
      }
      if (refund.from === 'free') {
        const marked = this.sql.refundFree.run(...SQL.refundFree.values({ statusCode, logId }));
        if (marked.changes === 1 && charge.quota) {
          const move = quotaMove({ ...charge, quota: charge.quota });
          this.sql.giveBack.run(...SQL.giveBack.values(move));
        }
        return null;
      }
      // Only a row still carrying its cost is refunded, so a refund can never run twice.
      const zero = SQL.refundZero.values({ statusCode, logId, price: charge.priceMilli });
      if (this.sql.refundZero.run(...zero).changes !== 1) return null;
      const back = SQL.refundCredit.values({ ...userMove(charge), ceiling: MAX_BALANCE_MILLI });
      const credit = this.sql.refundCredit.get(...back) as { balance_milli: number } | undefined;
      if (!credit) throw refundPastCeiling();
      if (charge.counted) this.sql.unspend.run(...SQL.unspend.values(keySpend(charge)));
      return Number(credit.balance_milli);
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
      for (const [apiId, calls] of totals) {
        this.sql.bumpUsage.run(...SQL.bumpUsage.values({ calls, apiId }));
      }
      for (const row of daily) this.sql.upsertDaily.run(row.api_id, row.access_date, row.calls);
    });
  }

  async touchKeys(uses: readonly KeyUse[]): Promise<void> {
    if (uses.length === 0) return;
    await sqliteTransaction(this.db, () => {
      for (const { keyId, at, ip } of uses) {
        this.sql.touchKey.run(...SQL.touchKey.values({ at: sqliteTime(at), ip, keyId }));
      }
    });
  }

  async setLatencies(rows: readonly CallLatency[]): Promise<void> {
    if (rows.length === 0) return;
    await sqliteTransaction(this.db, () => {
      for (const { logId, ms } of rows) this.sql.setLatency.run(ms, logId);
    });
  }
}
