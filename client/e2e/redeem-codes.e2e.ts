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
  siteCall,
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

  it('starts a plan’s period for a plan code, said in the recharge centre and the dashboard', async () => {
    const admin = await site.newPage();
    await adminLogin(admin.page);
    const plan = await siteCall(admin.context, site.url, '/api/admin/save_plan.php', {
      name: '兑换专享',
      name_en: 'Voucher plan',
      price: '9.9',
      period: 'month',
      included_calls: 50,
      scope: 'all',
      overage: 'pay',
      status: 0,
    });
    expect(plan.success).toBe(true);
    await admin.page.goto('/admin/redeem-codes');
    await admin.page.getByLabel('批次名称').fill('套餐体验卡');
    await admin.page.getByLabel('面值类型').selectOption('plan');
    await admin.page.getByRole('button', { name: '生成', exact: true }).click();
    await admin.page.getByText('请选择套餐码开通的套餐').waitFor();
    await admin.page
      .getByLabel('套餐', { exact: true })
      .selectOption({ label: '兑换专享（已下架）' });
    await admin.page.getByLabel('数量').fill('1');
    await admin.page.getByRole('button', { name: '生成', exact: true }).click();
    const created = admin.page.getByRole('status');
    await created.getByText('已生成 1 个兑换码（套餐体验卡）。').waitFor();
    await admin.page
      .getByRole('row', { name: /套餐体验卡/ })
      .getByText('套餐：兑换专享')
      .waitFor();
    await screenshot(admin.page, 'redeem-plan-admin', false);
    const [download] = await Promise.all([
      admin.page.waitForEvent('download'),
      created.getByRole('link', { name: '下载 CSV' }).click(),
    ]);
    const [code] = readFileSync(await download.path(), 'utf8')
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(',')[0]);
    await admin.context.close();

    const { context, page } = await site.newPage();
    await signUpAndLogIn(page, 'redeem_erin', 'redeem-pass-2');
    await page.goto('/user/recharge');
    await page.getByLabel('Code', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Redeem', exact: true }).click();
    const said = page.getByRole('status');
    await said.getByText(/^Code redeemed: your plan Voucher plan runs until /).waitFor();
    await page
      .getByRole('table', { name: 'Redeemed codes' })
      .getByText('Plan: Voucher plan')
      .waitFor();
    for (const size of PHONE_AND_DESKTOP) {
      await page.setViewportSize(size);
      await screenshot(page, `redeem-plan-recharge-${size.width}`);
    }
    await said.getByRole('link', { name: 'See it in your user centre' }).click();
    await page.waitForURL('**/user/dashboard');
    const card = page.getByTestId('plan');
    await card.getByTestId('plan-name').getByText('Voucher plan').waitFor();
    await card.getByText('Used 0 of 50 calls this period').waitFor();
    // Paid by the code: it does not renew from the balance.
    await card
      .getByTestId('plan-renewal')
      .getByText(/^Paid by a redeem code: it ends /)
      .waitFor();
    await page.getByTestId('balance').getByText('¥0.00').waitFor();
    await context.close();
  });
});
