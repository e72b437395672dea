import { formatPrice } from '../common/money';
import { monthBounds } from '../common/quota-period';
import type { Env } from '../env/env';
import {
  checkBalances,
  checkClosings,
  checkCredit,
  checkHours,
  checkRollups,
  keptFrom,
  retentionBounds,
} from '../modules/ledger';
import { withDatabase } from './database';
import { runCli } from './run';
import type { Print } from './run';

const calls = (count: number) => `${count} call${count === 1 ? '' : 's'}`;

/** Yuan with its sign: "+0.100", "−0.100". */
const signed = (milli: number) => `${milli < 0 ? '−' : '+'}${formatPrice(Math.abs(milli))}`;
/** Calls with their sign: "+2 calls", "−1 call". */
const signedCalls = (count: number) => `${count < 0 ? '−' : '+'}${calls(Math.abs(count))}`;

/** `--since YYYY-MM`: the first month whose rollups and closings are checked (none: all). */
function sinceOf(args: readonly string[]): string | null | Error {
  const at = args.indexOf('--since');
  if (at === -1) return null;
  const month = args[at + 1] ?? '';
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(month)
    ? month
    : new Error(`--since takes a month as YYYY-MM (2026-10), not '${month}'`);
}

/**
 * `npm run ledger:verify [-- --since YYYY-MM]`: checks every user's balance against the ledger
 * (money in − money out), every user's credit against their grants (grants − expired − spent), and
 * the daily rollups against the raw rows (and the site's day totals
 * against the rollups), names each user and month that differs, with the difference, and exits 1
 * if any does. Reads only. With `--since`, the rollups and closings of earlier months are not
 * read again (at 10M rows they are most of its minute); balances are always checked whole.
 */
export async function ledgerVerifyCommand(
  env: Env,
  print: Print,
  args: readonly string[] = [],
): Promise<number> {
  const since = sinceOf(args);
  if (since instanceof Error) {
    print(since.message);
    return 2;
  }
  const sinceMs = since === null ? undefined : monthBounds(since, env.SITE_TIME_ZONE).from;
  return withDatabase(env, async (dataSource) => {
    const started = performance.now();
    const { users, unexplained } = await checkBalances(dataSource);
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    for (const user of unexplained) {
      const expected = user.money_in_milli - user.money_out_milli;
      print(
        `user ${user.user_id} (${user.username}): balance ¥${formatPrice(user.balance_milli)}, ` +
          `money in ¥${formatPrice(user.money_in_milli)} − money out ¥${formatPrice(user.money_out_milli)} ` +
          `= ¥${formatPrice(expected)}, difference ${signed(user.balance_milli - expected)}`,
      );
    }
    const credit = await checkCredit(dataSource);
    for (const user of credit) {
      print(
        `user ${user.user_id}: credit ¥${formatPrice(user.credit_milli)}, grants − expired − spent ` +
          `= ¥${formatPrice(user.expected_milli)}, difference ${signed(user.credit_milli - user.expected_milli)}`,
      );
    }
    // From where retention left the raw rows, as it recorded it: today's settings may differ.
    const kept = keptFrom(await retentionBounds(dataSource));
    const rollups = await checkRollups(dataSource, env.SITE_TIME_ZONE, kept.any, since ?? '');
    rollups.mismatches.push(...(await checkHours(dataSource, env.SITE_TIME_ZONE)));
    const sinceDay = since === null ? null : `${since}-01`;
    const fromSince = sinceDay !== null && sinceDay >= (rollups.fromDay ?? '');
    const fromDay = fromSince ? sinceDay : rollups.fromDay;
    for (const { table, source, user_id, month, rolled, raw } of rollups.mismatches) {
      const who = user_id === null ? `site day totals, ${month}` : `user ${user_id}, ${month}`;
      const which = table === 'usage_rollups' ? '' : ` (${table})`;
      print(
        `${who}${which}: rollups hold ${calls(rolled.calls)} ¥${formatPrice(rolled.cost_milli)}, ` +
          `${source} ${calls(raw.calls)} ¥${formatPrice(raw.cost_milli)}, ` +
          `difference ${signedCalls(rolled.calls - raw.calls)} ${signed(rolled.cost_milli - raw.cost_milli)}`,
      );
    }
    const closings = await checkClosings(dataSource, Math.max(kept.charged ?? 0, sinceMs ?? 0));
    for (const { user_id, month, closed, raw, checksum_differs } of closings.mismatches) {
      const money = (m: typeof closed) =>
        `in ¥${formatPrice(m.money_in_milli)}, out ¥${formatPrice(m.money_out_milli)} in ${m.charged_rows} charged rows`;
      print(
        `user ${user_id}, ${month}: its closing holds ${money(closed)}, the raw rows ${money(raw)}` +
          (checksum_differs ? " (the rows' checksum differs)" : ''),
      );
    }
    if (unexplained.length > 0) {
      print(
        `ledger NOT verified: ${unexplained.length} of ${users} balances differ from money in − money out (${seconds} s)`,
      );
    }
    if (credit.length > 0) {
      print(
        `credit NOT verified: ${credit.length} of ${users} users' credit differs from grants − expired − spent`,
      );
    }
    if (rollups.mismatches.length > 0) {
      print(
        `rollups NOT verified: ${rollups.mismatches.length} user- or site-months differ from what they were made from`,
      );
    }
    if (closings.mismatches.length > 0) {
      print(
        `closings NOT verified: ${closings.mismatches.length} user-months differ from their raw rows`,
      );
    }
    const wrong = unexplained.length + credit.length;
    if (wrong + rollups.mismatches.length + closings.mismatches.length > 0) return 1;
    print(`ledger verified: ${users} balances are money in − money out (${seconds} s)`);
    print(`credit verified: every user's credit is grants − expired − spent`);
    print(
      !rollups.throughDay
        ? 'rollups: no day rolled up yet'
        : fromDay
          ? `rollups verified: every day from ${fromDay} through ${rollups.throughDay} adds up to its raw rows (${fromSince ? 'from --since' : 'retention removed rows before it'})`
          : `rollups verified: every day through ${rollups.throughDay} adds up to its raw rows`,
    );
    print(
      closings.months === 0
        ? 'closings: no month closed yet'
        : closings.checked === closings.months
          ? `closings verified: ${closings.months} closed months add up to their raw rows`
          : since !== null && (sinceMs ?? 0) >= (kept.charged ?? 0)
            ? `closings verified: ${closings.months} closed months; the ${closings.checked} from ${since} on add up to their raw rows`
            : `closings verified: ${closings.months} closed months; the ${closings.checked} whose raw rows retention kept add up to them`,
    );
    return 0;
  });
}

if (require.main === module) {
  runCli((env, print) => ledgerVerifyCommand(env, print, process.argv.slice(2)));
}
