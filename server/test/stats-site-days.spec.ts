import { dayOf } from '../src/common/quota-period';
import { UsageRecorder } from '../src/modules/gateway/usage-recorder';
import { adminClient } from './factories/admin';
import { createGatewayApi } from './factories/gateway';
import { describeEachDb } from './harness';

/** A zone whose date is not UTC's for the next hour at least: UTC+14 from 10:00 UTC, UTC−11 before 11:00. */
const ZONE = new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';

describeEachDb(
  "daily statistics on the site's clock",
  (ctx) => {
    it("counts a call on the site's date: the dashboard, the API's history, the home page", async () => {
      const t = ctx.t;
      const today = dayOf(Date.now(), ZONE);
      expect(today).not.toBe(new Date().toISOString().slice(0, 10));
      const admin = await adminClient(t);
      const read = async () => ({
        dashboard: (await admin.get('/api/admin/get_dashboard_stats.php')).body.data,
        summary: (await t.client().get('/api/get_usage_stats.php')).body.data,
      });
      const before = await read();
      const api = await createGatewayApi(t);
      expect((await t.client().get(`/apis/${api.name_en}`)).status).toBe(200);
      await t.app.get(UsageRecorder).flush();

      const after = await read();
      expect(
        after.dashboard.daily_calls_per_api
          .filter((row: { api_id: number }) => row.api_id === api.id)
          .map((row: { access_date: string; daily_calls: number }) => [
            row.access_date,
            row.daily_calls,
          ]),
      ).toEqual([[today, 1]]);
      expect(after.dashboard.activity.calls_today).toBe(before.dashboard.activity.calls_today + 1);
      expect(after.summary.total_today_global_calls).toBe(
        before.summary.total_today_global_calls + 1,
      );
      const detail = await admin.get('/api/admin/get_api_daily_stats.php', {
        query: { id: api.id },
      });
      expect(JSON.parse(detail.body.data.daily_calls_history)).toEqual({ [today]: 1 });
    });
  },
  { SITE_TIME_ZONE: ZONE, GATEWAY_FLUSH_MS: '60000' },
);
