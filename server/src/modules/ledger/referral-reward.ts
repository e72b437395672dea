import type { Database } from 'better-sqlite3';
import type { PoolConnection, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import { MAX_BALANCE_MILLI } from '../../common/money';
import type { ReferralRefusal } from '../../contracts/referrals';
import { sqliteTime } from '../../database/sql-time';
import { CeilingRefusal, lockForGrantAt, writeGrantMysql, writeGrantSqlite } from './credit-book';
import type { NewGrant } from './credit-book';

/**
 * An invitee's first credited recharge decides its referral, inside that credit's transaction: the
 * inviter is paid the site's reward as cash (a referral_rewards row, money in for the ledger) or,
 * when the site gives rewards' credit days, as credit (a grant with reason `referral`, its
 * referral_rewards row naming the grant), or the referral is refused for good with a reason. The
 * invitee's user row is locked by the credit before anything here runs, so one invitee's
 * recharges decide its referral one at a time; the inviter's count is a conditional write, so
 * however many invitees recharge at once, one inviter is paid at most `cap` times. Locks go
 * invitee, then inviter: an inviter registered before its invitee, so no two decisions wait for
 * each other in a circle.
 */
const SQL = {
  waiting: `SELECT r.id, r.inviter_id, r.flag, c.referral_reward_milli AS reward, c.referral_cap AS cap,
      c.referral_credit_days AS credit_days, i.rewarded AS rewarded
    FROM referrals r
      CROSS JOIN (SELECT referral_reward_milli, referral_cap, referral_credit_days
        FROM site_config ORDER BY id LIMIT 1) c
      LEFT JOIN referral_inviters i ON i.user_id = r.inviter_id
    WHERE r.invitee_id = ? AND r.state = 'waiting'`,
  count: 'UPDATE referral_inviters SET rewarded = rewarded + 1 WHERE user_id = ? AND rewarded < ?',
  uncount: 'UPDATE referral_inviters SET rewarded = rewarded - 1 WHERE user_id = ?',
  credit:
    'UPDATE users SET balance_milli = balance_milli + ?, updated_at = updated_at WHERE id = ? AND balance_milli + ? <= ?',
  decide:
    "UPDATE referrals SET state = ?, reason = ?, reward_milli = ?, out_trade_no = ?, decided_at = ? WHERE id = ? AND state = 'waiting'",
  record:
    'INSERT INTO referral_rewards (user_id, referral_id, value_milli, credit_grant_id) VALUES (?, ?, ?, ?)',
} as const;

interface Waiting {
  id: number;
  inviter_id: number;
  flag: ReferralRefusal | null;
  reward: number | string;
  cap: number | string;
  credit_days: number | string;
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

const DAY_MS = 86_400_000;

/** The credit grant a reward paid as credit makes, lasting the site's days from `now`. */
const rewardGrant = (row: Waiting, now: number): NewGrant => ({
  userId: row.inviter_id,
  amountMilli: Number(row.reward),
  expiresAt: new Date(now + Number(row.credit_days) * DAY_MS),
  reason: 'referral',
  note: '',
  adminId: null,
});

/**
 * A reward's grant that the credit ceiling refused is no grant (null) and the referral is refused
 * for `ceiling`; the settlement of the inviter's grants it ran first stands, as any event's would.
 */
const refusedAtCeiling = (error: unknown): null => {
  if (error instanceof CeilingRefusal) return null;
  throw error;
};

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
  const now = Date.now();
  let grantId: number | null = null;
  if (reason === null && Number(row.credit_days) > 0) {
    let written: { grantId: number } | null;
    try {
      written = writeGrantSqlite(db, rewardGrant(row, now), now);
    } catch (error) {
      written = refusedAtCeiling(error);
    }
    if (written) grantId = written.grantId;
    else reason = 'ceiling';
  } else if (reason === null) {
    const credit = [reward, row.inviter_id, reward, MAX_BALANCE_MILLI];
    if (changes(SQL.credit, credit) !== 1) reason = 'ceiling';
  }
  if (reason === 'ceiling') changes(SQL.uncount, [row.inviter_id]);
  const decided = decideValues(row, reason, order, sqliteTime(new Date(now)));
  if (changes(SQL.decide, decided) !== 1) throw new LostDecision(invitee);
  if (reason === null) changes(SQL.record, [row.inviter_id, row.id, reward, grantId]);
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
  let grantId: number | null = null;
  if (reason === null && Number(row.credit_days) > 0) {
    // The inviter's row (which the cash credit's UPDATE locks otherwise) is locked first.
    const held = await lockForGrantAt(conn, row.inviter_id);
    const written = held
      ? await writeGrantMysql(conn, rewardGrant(row, held.now), held.credit, held.now).catch(
          refusedAtCeiling,
        )
      : null;
    if (written) grantId = written.grantId;
    else reason = 'ceiling';
  } else if (reason === null) {
    const credit = [reward, row.inviter_id, reward, MAX_BALANCE_MILLI];
    if ((await changes(SQL.credit, credit)) !== 1) reason = 'ceiling';
  }
  if (reason === 'ceiling') await changes(SQL.uncount, [row.inviter_id]);
  const decided = decideValues(row, reason, order, new Date());
  if ((await changes(SQL.decide, decided)) !== 1) throw new LostDecision(invitee);
  if (reason === null) await changes(SQL.record, [row.inviter_id, row.id, reward, grantId]);
}
