import type { DataSource } from 'typeorm';

/** A user whose balance is not the money their ledger rows moved in less the money moved out. */
export interface UnexplainedBalance {
  user_id: number;
  username: string;
  balance_milli: number;
  /** Σ credited orders + Σ adjustments (either sign) + Σ cash codes + Σ cash invite rewards. */
  money_in_milli: number;
  /** Σ charged calls (a refunded call's row costs 0) + Σ plan periods bought. */
  money_out_milli: number;
}

export interface LedgerCheck {
  users: number;
  unexplained: UnexplainedBalance[];
}

/**
 * The ledger's invariant, user by user: balance = Σ credited orders + Σ adjustments + Σ cash codes
 * + Σ cash invite rewards − Σ charged calls − Σ plan periods bought. Closed months count by their closing rows (ledger/closings.ts: their raw rows
 * may be gone to retention), the time after the last closed month by its rows. Read in one
 * statement, the last closed month's end included, so a check made while calls are charged or a
 * month is closed compares each balance with the rows of the same snapshot (InnoDB's consistent
 * read; SQLite's one reader).
 */
export async function checkBalances(dataSource: DataSource): Promise<LedgerCheck> {
  const rows: {
    id: number;
    username: string;
    balance: string | number;
    money_in: string | number;
    money_out: string | number;
  }[] = await dataSource.query(
    `SELECT u.id AS id, u.username AS username, u.balance_milli AS balance,
       COALESCE((SELECT SUM(k.money_in_milli) FROM ledger_closings k WHERE k.user_id = u.id), 0)
       + COALESCE((SELECT SUM(r.amount_milli) FROM recharge_records r WHERE r.user_id = u.id AND r.state = 'credited' AND r.updated_at >= m.since), 0)
       + COALESCE((SELECT SUM(b.delta_milli) FROM balance_adjustments b WHERE b.user_id = u.id AND b.created_at >= m.since), 0)
       + COALESCE((SELECT SUM(c.value_milli) FROM redemptions c WHERE c.user_id = u.id AND c.kind = 'cash' AND c.created_at >= m.since), 0)
       + COALESCE((SELECT SUM(f.value_milli) FROM referral_rewards f WHERE f.user_id = u.id AND f.credit_grant_id IS NULL AND f.created_at >= m.since), 0) AS money_in,
       COALESCE((SELECT SUM(k.money_out_milli) FROM ledger_closings k WHERE k.user_id = u.id), 0)
       + COALESCE((SELECT SUM(a.cost_milli) FROM access_logs a WHERE a.user_id = u.id AND a.access_time >= m.since), 0)
       + COALESCE((SELECT SUM(p.price_milli) FROM plan_periods p WHERE p.user_id = u.id AND p.created_at >= m.since), 0) AS money_out
     FROM users u CROSS JOIN (SELECT COALESCE(MAX(to_at), '1970-01-01 00:00:00') AS since FROM ledger_months) m ORDER BY u.id`,
  );
  return {
    users: rows.length,
    unexplained: rows
      .map((row) => ({
        user_id: Number(row.id),
        username: row.username,
        balance_milli: Number(row.balance),
        money_in_milli: Number(row.money_in),
        money_out_milli: Number(row.money_out),
      }))
      .filter((user) => user.balance_milli !== user.money_in_milli - user.money_out_milli),
  };
}

/** A user whose credit is not what their grants gave less what calls spent and what expired. */
export interface UnexplainedCredit {
  user_id: number;
  credit_milli: number;
  /** Σ grants − Σ expired − Σ credit calls spent (closed months by their closings). */
  expected_milli: number;
}

/**
 * Credit's invariant, user by user (ADR 050): credit = Σ grants − Σ expired − Σ credit calls
 * spent, the months closed counted by their closings, as `checkBalances` counts cash.
 */
export async function checkCredit(dataSource: DataSource): Promise<UnexplainedCredit[]> {
  const rows: { id: number; credit: string | number; expected: string | number }[] =
    await dataSource.query(
      `SELECT u.id AS id, u.credit_milli AS credit,
         COALESCE((SELECT SUM(g.amount_milli - g.expired_milli) FROM credit_grants g WHERE g.user_id = u.id), 0)
         - COALESCE((SELECT SUM(k.credit_out_milli) FROM ledger_closings k WHERE k.user_id = u.id), 0)
         - COALESCE((SELECT SUM(a.credit_milli) FROM access_logs a WHERE a.user_id = u.id AND a.access_time >= m.since), 0) AS expected
       FROM users u CROSS JOIN (SELECT COALESCE(MAX(to_at), '1970-01-01 00:00:00') AS since FROM ledger_months) m ORDER BY u.id`,
    );
  return rows
    .map((row) => ({
      user_id: Number(row.id),
      credit_milli: Number(row.credit),
      expected_milli: Number(row.expected),
    }))
    .filter((user) => user.credit_milli !== user.expected_milli);
}
