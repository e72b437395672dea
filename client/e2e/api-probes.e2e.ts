import type { Page } from 'playwright-core';
import { adminLogin, describeBrowser, screenshot, Site, siteCall, startSite } from './harness';

/**
 * Reloads `path` until `text` is on it (probes, refreshes and caches take a few seconds), giving
 * each load two seconds to show it: the back office renders in the browser.
 */
async function reloadUntil(page: Page, path: string, text: string | RegExp): Promise<void> {
  const deadline = Date.now() + 30_000;
  await page.goto(path);
  for (;;) {
    try {
      await page.getByText(text).first().waitFor({ timeout: 2000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await page.reload();
    }
  }
}

describeBrowser('probes and automatic maintenance', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({
      HEALTH_REFRESH_MS: '1000',
      HEALTH_PROBE_TICK_MS: '300',
      GATEWAY_FLUSH_MS: '200',
    });
  });
  afterAll(() => site?.stop());

  it('puts an API whose probe fails into maintenance and takes it out when it passes', async () => {
    const { context, page } = await site.newPage();
    try {
      await adminLogin(page);
      const listed = await siteCall(context, site.url, '/api/admin/get_api_list.php?search=uuid');
      const uuid = (listed.data as { id: number; name_en: string }[]).find(
        (api) => api.name_en === 'uuid',
      )!;

      // 网站配置: one failed probe is down, and a down API with a failing probe goes into maintenance.
      await page.goto('/admin/config');
      await page.getByLabel('“不可用”：探测连续失败').fill('1');
      await page.getByLabel('自动维护').check();
      await page.getByRole('button', { name: '保存配置' }).click();
      await page.getByText('保存成功').waitFor();

      // The seeded probe, from the API's own example; expecting a 201 makes it fail.
      await page.goto(`/admin/edit/${uuid.id}`);
      const card = page.locator('.card', { has: page.getByRole('heading', { name: '健康探测' }) });
      await card.getByLabel('期望状态码').waitFor();
      expect(await card.getByLabel('间隔（秒）').inputValue()).toBe('300');
      await card.getByLabel('期望状态码').fill('201');
      await card.getByRole('button', { name: '保存探测' }).click();
      await card.getByText('探测已保存').waitFor();
      await card.getByRole('button', { name: '立即探测' }).click();
      await card.getByText('探测未通过：answered 200, expected 201').waitFor();

      await reloadUntil(page, '/admin/control?search=uuid', '维护中');
      const refused = await fetch(`${site.url}/apis/uuid`);
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { code: string }).code).toBe('gateway.maintenance');
      await reloadUntil(page, '/api/uuid', /under maintenance/);
      await page.goto('/status');
      const row = page
        .getByRole('region', { name: 'APIs' })
        .getByRole('listitem')
        .filter({ hasText: 'UUID generator' });
      await row.getByText(/^Maintenance · Down/).waitFor();
      await screenshot(page, 'api-probes-status-maintenance');

      // Expecting a 200 again: the next run passes and the API is back.
      await page.goto(`/admin/edit/${uuid.id}`);
      await card.getByLabel('期望状态码').fill('200');
      await card.getByRole('button', { name: '保存探测' }).click();
      await card.getByText('探测已保存').waitFor();
      const deadline = Date.now() + 30_000;
      while ((await fetch(`${site.url}/apis/uuid`)).status !== 200) {
        if (Date.now() > deadline) throw new Error('uuid never left maintenance');
        await page.waitForTimeout(500);
      }
      await page.goto('/admin/control?search=uuid');
      await page.getByText('UUID 生成').first().waitFor();
      expect(await page.getByText('维护中').count()).toBe(0);
      await page.goto(`/admin/edit/${uuid.id}`);
      await card.getByText(/^通过/).waitFor();
      await screenshot(page, 'api-probes-editor');
    } finally {
      await context.close();
    }
  });
});
