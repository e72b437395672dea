import type { Page } from 'playwright-core';
import {
  adminLogin,
  describeBrowser,
  PHONE_AND_DESKTOP,
  screenshot,
  signUpAndLogIn,
  Site,
  siteCall,
  startSite,
} from './harness';

const consoleOf = (page: Page) => page.getByTestId('api-console');

async function send(page: Page): Promise<string> {
  const billing = page.getByTestId('console-billing');
  const before = (await billing.count()) > 0 ? await billing.textContent() : null;
  await consoleOf(page)
    .getByRole('button', { name: /Send request|发送请求/ })
    .click();
  await page.waitForFunction((previous) => {
    const line = document.querySelector('[data-testid="console-billing"]');
    return line !== null && line.textContent !== previous;
  }, before);
  return (await billing.textContent()) ?? '';
}

describeBrowser('free quotas', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.stop());

  it('lets the admin give free calls, and the user watch them run out', async () => {
    const admin = await site.newPage();
    await adminLogin(admin.page);
    const listed = await siteCall(
      admin.context,
      site.url,
      '/api/admin/get_api_list.php?search=qrcode',
    );
    const qrcode = (listed.data as { id: number; name_en: string }[]).find(
      (api) => api.name_en === 'qrcode',
    )!;
    await admin.page.goto(`/admin/edit/${qrcode.id}`);
    const calls = admin.page.getByLabel('每位用户免费次数');
    await calls.waitFor();
    await calls.fill('1.5');
    await admin.page.getByRole('button', { name: '保存', exact: true }).click();
    await admin.page.getByText('免费次数须为 0 到 1000000 之间的整数').first().waitFor();
    await calls.fill('2');
    await admin.page.getByLabel('免费周期').selectOption('day');
    await admin.page.getByRole('button', { name: '保存', exact: true }).click();
    await admin.page.getByText('保存成功').waitFor();
    await admin.context.close();

    const { context, page } = await site.newPage();
    await signUpAndLogIn(page, 'quota_carol', 'quota-pass-1');
    await page.goto('/api/qrcode');
    await page.getByText('the first 2 calls each day are free').first().waitFor();
    // Before a call, the console says how many of the user's free calls are left.
    await consoleOf(page)
      .getByText(/2 of 2 free calls left today\.$/)
      .waitFor();
    await consoleOf(page).getByLabel(/^text/).fill('Portico quota');

    expect(await send(page)).toBe('Free call: 1 of 2 free calls left today.');
    expect(await send(page)).toBe('Free call: 0 of 2 free calls left today.');
    await consoleOf(page)
      .getByText(/; a successful call costs .*\. 0 of 2 free calls left today\.$/)
      .waitFor();
    const used = await send(page);
    expect(await page.getByTestId('console-status').textContent()).toBe('402');
    expect(used).toContain('No free calls left today.');
    for (const size of PHONE_AND_DESKTOP) {
      await page.setViewportSize(size);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        size.width,
      );
      await screenshot(page, `free-quota-console-${size.width}`);
    }

    await page.goto('/user/dashboard');
    const quota = page.getByTestId('free-quota-qrcode');
    await quota.getByText('0 of 2 left today').waitFor();
    expect(await quota.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    for (const size of PHONE_AND_DESKTOP) {
      await page.setViewportSize(size);
      await quota.scrollIntoViewIfNeeded();
      await screenshot(page, `free-quota-dashboard-${size.width}`);
    }

    await page.goto('/user/accesslogs');
    await page.getByRole('table').waitFor();
    const cells = page.getByText('Free quota', { exact: true });
    await cells.first().waitFor();
    expect(await cells.count()).toBe(2);
    await context.close();
  });
});
