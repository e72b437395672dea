import type { Database } from 'better-sqlite3';
import type { PoolConnection, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import { MAX_BALANCE_MILLI } from '../../common/money';
import type { ReferralRefusal } from '../../contracts/referrals';
import { sqliteTime } from '../../database/sql-time';

/**
 * An invitee's first credited recharge decides its referral, inside that credit's transaction: the
 * inviter is paid the site's reward as cash (a referral_rewards row, money in for the ledger), or
 * the referral is refused for good with a reason. The invitee's user row is locked by the credit
 * before anything here runs, so one invitee's recharges decide its referral one at a time; the
 * inviter's count is a conditional write, so however many invitees recharge at once, one inviter
 * is paid at most `cap` times. Locks go invitee, then inviter: an inviter registered before its
 * invitee, so no two decisions wait for each other in a circle.
 */
const SQL = {
  waiting: `SELECT r.id, r.inviter_id, r.flag, c.referral_reward_milli AS reward, c.referral_cap AS cap,
      i.rewarded AS rewarded
    FROM referrals r
      CROSS JOIN (SELECT referral_reward_milli, referral_cap FROM site_config ORDER BY id LIMIT 1) c
      LEFT JOIN referral_inviters i ON i.user_id = r.inviter_id
    WHERE r.invitee_id = ? AND r.state = 'waiting'`,
  count: 'UPDATE referral_inviters SET rewarded = rewarded + 1 WHERE user_id = ? AND rewarded < ?',
  uncount: 'UPDATE referral_inviters SET rewarded = rewarded - 1 WHERE user_id = ?',
  credit:
    'UPDATE users SET balance_milli = balance_milli + ?, updated_at = updated_at WHERE id = ? AND balance_milli + ? <= ?',
  decide:
    "UPDATE referrals SET state = ?, reason = ?, reward_milli = ?, out_trade_no = ?, decided_at = ? WHERE id = ? AND state = 'waiting'",
  record: 'INSERT INTO referral_rewards (user_id, referral_id, value_milli) VALUES (?, ?, ?)',
} as const;

interface Waiting {
  id: number;
  inviter_id: number;
  flag: ReferralRefusal | null;
  reward: number | string;
  cap: number | string;
  /** The inviter's count as this transaction first read it (no lock). */
  rewarded: number | string | null;
}

/**
 * The refusal known before any write: registration's flag, rewards being off, or the cap reached
 * already. A committed count never falls (a ceiling's undo commits with its own count), so a
 * count read without a lock that has reached the cap is right; once an inviter is capped, the
 * decisions of its invitees no longer queue for its row. Below the cap, the count's conditional
 * UPDATE decides.
 */
const refusalBefore = (row: Waiting): ReferralRefusal | null => {
  if (row.flag !== null) return row.flag;
  if (Number(row.reward) <= 0) return 'off';
  return Number(row.rewarded ?? 0) >= Number(row.cap) ? 'cap' : null;
};

const decideValues = (row: Waiting, reason: ReferralRefusal | null, order: string, at: unknown) => [
  reason === null ? 'rewarded' : 'refused',
  reason,
  reason === null ? Number(row.reward) : 0,
  order,
  at,
  row.id,
];

class LostDecision extends Error {
  constructor(invitee: number) {
    super(`the referral of user ${invitee} was decided by another transaction`);
  }
}

export function decideReferralSqlite(db: Database, invitee: number, order: string): void {
  const row = db.prepare(SQL.waiting).get(invitee) as Waiting | undefined;
  if (!row) return;
  const changes = (sql: string, values: unknown[]) => db.prepare(sql).run(...values).changes;
  const reward = Number(row.reward);
  let reason = refusalBefore(row);
  if (reason === null && changes(SQL.count, [row.inviter_id, Number(row.cap)]) !== 1) {
    reason = 'cap';
  }
  if (reason === null) {
    const credit = [reward, row.inviter_id, reward, MAX_BALANCE_MILLI];
    if (changes(SQL.credit, credit) !== 1) {
      changes(SQL.uncount, [row.inviter_id]);
      reason = 'ceiling';
    }
  }
  const decided = decideValues(row, reason, order, sqliteTime(new Date()));
  if (changes(SQL.decide, decided) !== 1) throw new LostDecision(invitee);
  if (reason === null) changes(SQL.record, [row.inviter_id, row.id, reward]);
}

export async function decideReferralMysql(
  conn: PoolConnection,
  invitee: number,
  order: string,
): Promise<void> {
  const [rows] = await conn.query<RowDataPacket[]>(SQL.waiting, [invitee]);
  const row = rows[0] as Waiting | undefined;
  if (!row) return;
  const changes = async (sql: string, values: unknown[]) =>
    (await conn.query<ResultSetHeader>(sql, values))[0].affectedRows;
  const reward = Number(row.reward);
  let reason = refusalBefore(row);
  if (reason === null && (await changes(SQL.count, [row.inviter_id, Number(row.cap)])) !== 1) {
    reason = 'cap';
  }
  if (reason === null) {
    const credit = [reward, row.inviter_id, reward, MAX_BALANCE_MILLI];
    if ((await changes(SQL.credit, credit)) !== 1) {
      await changes(SQL.uncount, [row.inviter_id]);
      reason = 'ceiling';
    }
  }
  const decided = decideValues(row, reason, order, new Date());
  if ((await changes(SQL.decide, decided)) !== 1) throw new LostDecision(invitee);
  if (reason === null) await changes(SQL.record, [row.inviter_id, row.id, reward]);
}
