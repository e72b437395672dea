import { sqlTime } from '../src/database/sql-time';
import { adminClient } from './factories/admin';
import { numbers } from './factories/numbers';
import { describeEachDb, TestApp } from './harness';
import type { HttpClient } from './http-client';
import { explain, recorded } from './query-plan';

const LIST = '/api/admin/get_user_list.php';

interface UserPage {
  users: { id: number; username: string }[];
  total: number;
  total_pages: number;
  current_page: number;
  total_capped: boolean;
  next_before: string | null;
}

/** `count` users (at most 10,000) named `prefix`n, signed up at `at(n)` as the database holds it. */
async function insertUsers(
  t: TestApp,
  prefix: string,
  count: number,
  at: (n: number) => Date,
): Promise<void> {
  const sqlite = t.dataSource.options.type === 'better-sqlite3';
  // One statement: each row's time from a base and a number of seconds, as the database adds them.
  const base = at(0);
  const step = count > 1 ? (at(1).getTime() - base.getTime()) / 1000 : 0;
  const time = sqlite
    ? `strftime('%Y-%m-%d %H:%M:%S', ?, '+' || (n * ${step}) || ' seconds')`
    : `DATE_ADD(?, INTERVAL n * ${step} SECOND)`;
  const name = sqlite ? `? || n` : `CONCAT(?, n)`;
  await t.dataSource.query(
    `INSERT INTO users (username, username_key, email, password_hash, balance_milli, status,
       notify_new_sign_in, created_at, updated_at)
     SELECT ${name}, ${name}, NULL, 'x', 0, 1, 0, ${time}, ${time}
     FROM ${numbers('n')} WHERE n < ?`,
    [prefix, prefix, sqlTime(t.dataSource, base), sqlTime(t.dataSource, base), count],
  );
}

/**
 * 用户列表 read by position (issue #31: lists that stay fast at any size): the page after a
 * `next_before` starts from that user by the index of users by sign-up time, the count stops a few
 * pages past the page, and neither sorts the table.
 */
describeEachDb('用户列表 by position', (ctx) => {
  let admin: HttpClient;
  const get = async (query: string): Promise<UserPage> => {
    const res = await admin.get(`${LIST}?${query}`);
    expect(res.status).toBe(200);
    return res.body.data as UserPage;
  };
  const names = (page: UserPage) => page.users.map((user) => user.username);

  beforeAll(async () => {
    admin = await adminClient(ctx.t);
  });

  it('reads the next page from where the last one ended, whatever signed up meanwhile', async () => {
    const t = ctx.t;
    // 25 users a minute apart, a year ago, but the 10th and 11th newest in the same second,
    // across the end of page 1 (their ids break the tie).
    const start = Date.now() - 365 * 86_400_000;
    await insertUsers(t, 'pos_', 25, (n) => new Date(start + n * 60_000));
    const [{ created_at: tie }] = await t.dataSource.query<{ created_at: unknown }[]>(
      'SELECT created_at FROM users WHERE username = ?',
      ['pos_15'],
    );
    await t.dataSource.query('UPDATE users SET created_at = ? WHERE username = ?', [tie, 'pos_14']);
    const query = 'search=pos_&per_page=10';
    const first = await get(`${query}&page=1`);
    expect(names(first)).toEqual([
      ...Array.from({ length: 9 }, (_, i) => `pos_${24 - i}`),
      'pos_15',
    ]);
    expect(first).toMatchObject({ total: 25, total_pages: 3, total_capped: false });
    expect(first.next_before).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?_\d+$/);
    const second = await get(`${query}&page=2&before=${first.next_before}`);
    expect(names(second)).toEqual(names(await get(`${query}&page=2`)));
    expect(names(second)[0]).toBe('pos_14');
    expect(second.current_page).toBe(2);
    const third = await get(`${query}&page=3&before=${second.next_before}`);
    expect(names(third)).toEqual(['pos_4', 'pos_3', 'pos_2', 'pos_1', 'pos_0']);
    // A part page is the last: there is no position after it.
    expect(third.next_before).toBeNull();

    // A new sign-up pushes the numbered pages on; the position stays where it was.
    await insertUsers(t, 'pos_new', 1, () => new Date());
    expect(names(await get(`${query}&page=2&before=${first.next_before}`))).toEqual(names(second));
    expect(names(await get(`${query}&page=2`))).not.toEqual(names(second));
  });

  it.each(['x', '12_', '2026-12-03 07:00:00_41', '2026-12-03T07:00_41'])(
    'refuses the position %p, naming it',
    async (before) => {
      const res = await admin.get(LIST, { query: { before } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'request.validation',
        field: 'before',
        message: 'before is not a position in the user list',
      });
    },
  );

  it('counts 10,000 users at most, says there are more, and reads both by index', async () => {
    const t = ctx.t;
    await insertUsers(t, 'many_', 10_000, (n) => new Date(Date.now() - 3_600_000 + n * 100));
    await t.dataSource.query(
      t.dataSource.options.type === 'better-sqlite3' ? 'ANALYZE' : 'ANALYZE TABLE users',
    );
    const first = await get('page=1&per_page=10');
    expect(first).toMatchObject({ total: 10_000, total_pages: 1000, total_capped: true });
    // Page 1,000 of 10 is counted to 5 pages past it (10,040 rows): past every user there is.
    const [{ n }] = await t.dataSource.query<{ n: number | string }[]>(
      'SELECT COUNT(*) AS n FROM users',
    );
    expect(Number(n)).toBeLessThan(10_040);
    const deep = await get('page=1000&per_page=10');
    expect(deep).toMatchObject({
      total: Number(n),
      total_pages: Math.ceil(Number(n) / 10),
      total_capped: false,
    });

    const seen = await recorded(t, async () => {
      await get('page=1&per_page=10');
      await get(`page=2&per_page=10&before=${first.next_before}`);
    });
    // The list's reads; not the lookup of a full page's last time by its id (MySQL only).
    const reads = seen.filter(
      ({ sql }) =>
        /^\s*SELECT\b/i.test(sql) && /\busers\b/.test(sql) && !sql.includes('DATE_FORMAT'),
    );
    expect(reads.length).toBeGreaterThanOrEqual(4);
    for (const { sql, params } of reads) {
      const plan = await explain(t, sql, params);
      // The page is read in sign-up order by its index; the count reads ids alone, which any
      // index holds, and the planner takes the smallest (since ADR 050, users' credit expiry).
      const count = /^SELECT COUNT\(\*\)/.test(sql);
      expect([sql.slice(0, 200), plan]).toEqual([
        sql.slice(0, 200),
        count
          ? expect.stringMatching(/COVERING INDEX idx_users_|index idx_users_\w+ Using index/)
          : expect.stringContaining('idx_users_created'),
      ]);
      expect([sql.slice(0, 200), plan]).not.toEqual([
        sql.slice(0, 200),
        expect.stringMatching(/filesort|TEMP B-TREE/),
      ]);
    }
  });
});
