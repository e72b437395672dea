import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import {
  adminLogin,
  confirmIn,
  describeBrowser,
  PHONE_AND_DESKTOP,
  screenshot,
  signUpAndLogIn,
  Site,
  startSite,
} from './harness';

/** Text that fails WCAG AA contrast on the page, in the light and in the dark theme. */
async function contrastFailures(context: BrowserContext, page: Page, url: string) {
  const found: string[] = [];
  for (const theme of ['light', 'dark']) {
    await context.addCookies([{ name: 'theme', value: theme, url }]);
    await page.reload();
    await page.locator('h1').first().waitFor();
    const { violations } = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
    for (const violation of violations) {
      found.push(...violation.nodes.map((node) => `${theme}: ${node.target.join(' ')}`));
    }
  }
  await context.addCookies([{ name: 'theme', value: 'light', url }]);
  return found;
}

describeBrowser('redeem codes', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.stop());

  it('lets the admin generate and hand out codes, and a user redeem one once', async () => {
    const admin = await site.newPage();
    await adminLogin(admin.page);
    await admin.page.getByRole('link', { name: '兑换码' }).click();
    await admin.page.getByRole('heading', { name: '兑换码', level: 1 }).waitFor();
    await admin.page.getByLabel('批次名称').fill('新用户礼包');
    await admin.page.getByLabel('面值（元）').fill('0');
    await admin.page.getByRole('button', { name: '生成', exact: true }).click();
    await admin.page.getByText('面值须为大于 0 的金额，最多三位小数，不超过 100000 元').waitFor();
    await admin.page.getByLabel('面值（元）').fill('2.5');
    await admin.page.getByLabel('数量').fill('2');
    await admin.page.getByRole('button', { name: '生成', exact: true }).click();
    const created = admin.page.getByRole('status');
    await created.getByText('已生成 2 个兑换码（新用户礼包）。').waitFor();
    const [download] = await Promise.all([
      admin.page.waitForEvent('download'),
      created.getByRole('link', { name: '下载 CSV' }).click(),
    ]);
    const csv = readFileSync(await download.path(), 'utf8').split('\r\n');
    expect(csv[0]).toBe('\uFEFFcode,value,kind,uses,uses_per_code,expires_at,batch');
    const codes = csv.slice(1, -1).map((line) => line.split(',')[0]);
    expect(codes).toHaveLength(2);
    for (const size of PHONE_AND_DESKTOP) {
      await admin.page.setViewportSize(size);
      await screenshot(admin.page, `redeem-admin-${size.width}`);
    }

    const { context, page } = await site.newPage();
    await signUpAndLogIn(page, 'redeem_dave', 'redeem-pass-1');
    await page.goto('/user/recharge');
    const field = page.getByLabel('Code', { exact: true });
    await field.fill(codes[0].toLowerCase());
    await page.getByRole('button', { name: 'Redeem', exact: true }).click();
    await page.getByText('¥2.50 added to your balance, now ¥2.50.').waitFor();
    await page.getByTestId('balance').getByText('¥2.50').waitFor();
    const redeemed = page.getByRole('table', { name: 'Redeemed codes' });
    await redeemed.getByText(`…-${codes[0].slice(-5)}`).waitFor();

    await field.fill(codes[0]);
    await page.getByRole('button', { name: 'Redeem', exact: true }).click();
    await page.getByText('You have already redeemed this code.').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    for (const size of PHONE_AND_DESKTOP) {
      await page.setViewportSize(size);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        size.width,
      );
      await screenshot(page, `redeem-recharge-${size.width}`);
    }

    // The sandbox badge's dark text, the back office's red buttons in the dark theme.
    expect(await contrastFailures(context, page, site.url)).toEqual([]);
    expect(await contrastFailures(admin.context, admin.page, site.url)).toEqual([]);

    // Withdrawn, the batch's other code redeems no more.
    await admin.page.getByRole('button', { name: '停用' }).first().click();
    await confirmIn(
      admin.page,
      '停用后「新用户礼包」的兑换码都不能再兑换，且不能恢复。确定停用吗？',
      '停用',
    );
    await admin.page.getByText('批次已停用').waitFor();
    await field.fill(codes[1]);
    await page.getByRole('button', { name: 'Redeem', exact: true }).click();
    await page.getByText('This code has been withdrawn.').waitFor();
    await page.getByTestId('balance').getByText('¥2.50').waitFor();
    await context.close();
    await admin.context.close();
  });
});
