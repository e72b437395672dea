import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { adminClient, seedApi, seedDailyCalls } from './factories/admin';
import { describeEachDb } from './harness';

/**
 * Daily statistics are the site's days (SITE_TIME_ZONE, UTC unless set); a server whose own clock
 * is west of UTC must not shift them to the day before.
 */
const WEST_OF_UTC = 'America/Los_Angeles';

const utcDay = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

if (process.env.TZ !== WEST_OF_UTC) {
  // Jest hands each test file a copy of process.env, so setting TZ here would never reach the
  // clock: the cases run again in a child Jest started with TZ set.
  it(`keeps UTC days with TZ=${WEST_OF_UTC}`, () => {
    const child = spawnSync(
      process.execPath,
      [require.resolve('jest/bin/jest'), '--ci', '--runTestsByPath', __filename],
      { cwd: join(__dirname, '..'), env: { ...process.env, TZ: WEST_OF_UTC }, encoding: 'utf8' },
    );
    // On failure the child's report is the message.
    expect(child.status === 0 ? 'passed' : child.stderr).toBe('passed');
  }, 120_000);
} else {
  describeEachDb(`daily statistics with TZ=${WEST_OF_UTC}`, (ctx) => {
    it('runs on a clock west of UTC', () => {
      expect(new Date(Date.UTC(2026, 2, 1)).getDate()).toBe(28);
    });

    it('answers the stored UTC dates in the dashboard and the per-API history', async () => {
      const admin = await adminClient(ctx.t);
      const api = await seedApi(ctx.t, { name: '时区接口' });
      await seedDailyCalls(ctx.t, api.id, utcDay(0), 7);
      await seedDailyCalls(ctx.t, api.id, utcDay(-29), 3);
      await seedDailyCalls(ctx.t, api.id, '2026-03-01', 5);

      const dashboard = await admin.get('/api/admin/get_dashboard_stats.php');
      const days = dashboard.body.data.daily_calls_per_api
        .filter((row: { api_id: number }) => row.api_id === api.id)
        .map((row: { access_date: string; daily_calls: number }) => [
          row.access_date,
          row.daily_calls,
        ]);
      expect(days).toEqual([
        [utcDay(-29), 3],
        [utcDay(0), 7],
      ]);

      const detail = await admin.get('/api/admin/get_api_daily_stats.php', {
        query: { id: api.id },
      });
      expect(JSON.parse(detail.body.data.daily_calls_history)).toEqual({
        [utcDay(0)]: 7,
        [utcDay(-29)]: 3,
        '2026-03-01': 5,
      });
    });
  });
}
