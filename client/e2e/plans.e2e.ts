import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import {
  adminLogin,
  describeBrowser,
  payingUser,
  PHONE_AND_DESKTOP,
  screenshot,
  shootEveryWay,
  Site,
  siteCall,
  startSite,
} from './harness';

/** One part of the page as a screenshot of its own, at each of a phone's and a desktop's widths. */
async function shootPart(page: Page, part: Locator, name: string) {
  mkdirSync(join(__dirname, 'screenshots'), { recursive: true });
  for (const size of PHONE_AND_DESKTOP) {
    await page.setViewportSize(size);
    await part.screenshot({ path: join(__dirname, 'screenshots', `${name}-${size.width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * axe's serious and critical findings on the page as it is now, in the light theme (every rule)
 * and the dark one (colour contrast, the one rule a theme changes), one line each.
 */
async function serious(context: BrowserContext, page: Page, where: string): Promise<string[]> {
  const found: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await context.addCookies([{ name: 'theme', value: theme, url: page.url() }]);
    await page.reload();
    await page.locator('h1').first().waitFor();
    await page.waitForFunction(
      () => !document.querySelector('.spinner-border, [aria-busy="true"]'),
    );
    const axe = new AxeBuilder({ page });
    const { violations } = await (
      theme === 'dark' ? axe.withRules(['color-contrast']) : axe
    ).analyze();
    for (const violation of violations.filter((v) =>
      ['serious', 'critical'].includes(v.impact ?? ''),
    )) {
      const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 3);
      found.push(`${where} ${theme} ${violation.impact} ${violation.id}: ${targets.join(', ')}`);
    }
  }
  await context.addCookies([{ name: 'theme', value: 'light', url: page.url() }]);
  await page.reload();
  return found;
}

/** Sends the console's request and gives back its billing line, once it says something new. */
async function send(page: Page): Promise<string> {
  const billing = page.getByTestId('console-billing');
  const before = (await billing.count()) > 0 ? await billing.textContent() : null;
  await page
    .getByTestId('api-console')
    .getByRole('button', { name: /Send request/ })
    .click();
  await page.waitForFunction((previous) => {
    const line = document.querySelector('[data-testid="console-billing"]');
    return line !== null && line.textContent !== previous;
  }, before);
  return (await billing.textContent()) ?? '';
}

describeBrowser('plans', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.stop());

  it('sells a plan the admin made: subscribed on /pricing, its calls fall in the console and dashboard', async () => {
    // The back office makes a monthly plan of 2 calls of every paid API that stops past them.
    const admin = await site.newPage();
    await adminLogin(admin.page);
    await admin.page.getByRole('link', { name: '套餐管理' }).click();
    await admin.page.getByRole('heading', { name: '套餐管理', level: 1 }).waitFor();
    await admin.page.getByText('还没有套餐。').waitFor();
    await admin.page.getByRole('button', { name: '新建套餐' }).click();
    const form = admin.page.getByRole('dialog', { name: '新建套餐' });
    await form.getByLabel('名称', { exact: true }).fill('基础版');
    await form.getByLabel('英文名称（可不填）').fill('Basic');
    await form.getByLabel('描述（可不填）', { exact: true }).fill('适合个人项目');
    await form.getByLabel('英文描述（可不填）').fill('For side projects');
    await form.getByLabel('价格（元）').fill('0.5');
    await form.getByLabel('包含调用次数').fill('2');
    await form.getByLabel('超出后').selectOption('stop');
    // A paid plan cannot be given to new users: said at the box, nothing saved.
    await form.getByLabel(/^新用户默认套餐/).check();
    await form.getByRole('button', { name: '保存' }).click();
    await form.getByText('只有免费套餐（价格为 0）可以设为新用户默认套餐').waitFor();
    await form.getByLabel(/^新用户默认套餐/).uncheck();
    await screenshot(admin.page, 'plans-admin-dialog', false);
    await form.getByRole('button', { name: '保存' }).click();
    await admin.page.getByRole('status').getByText('已新建套餐「基础版」').waitFor();
    await form.waitFor({ state: 'detached' });
    // The list is fetched again after the save: the row is there once it is.
    const row = admin.page.getByRole('row', { name: /基础版/ });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      '基础版Basic',
      '¥0.50',
      '月',
      '2',
      '全部付费接口',
      '停止调用',
      '0',
      '上架',
      '编辑',
    ]);
    const listed = await siteCall(admin.context, site.url, '/api/get_plans.php');
    expect(listed.data.plans).toHaveLength(1);

    // A user with ¥1.00 finds the plans signed out, signs in from there and comes back.
    const registered = await site.newPage();
    await payingUser(site, registered, 'plan_erin', 'plan-pass-1', '1');
    await registered.context.close();
    const { context, page } = await site.newPage();
    const served = await context.request.get(`${site.url}/pricing`);
    expect(served.status()).toBe(200);
    expect(await served.text()).toContain('For side projects');
    // From any page's footer (home greets a first visit with the site's notice over it).
    await page.goto('/about');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL('**/pricing');
    const offer = page.getByRole('region', { name: 'Basic' });
    await offer
      .getByTestId(/-price$/)
      .getByText('¥0.50 / month')
      .waitFor();
    await offer.getByText('2 calls a month').waitFor();
    await offer.getByText('For every paid API').waitFor();
    await offer.getByText('Past them, calls stop until the next period').waitFor();
    await offer.getByRole('link', { name: 'Sign in to subscribe' }).click();
    await page.waitForURL('**/login?redirect=%2Fpricing');
    await page.getByLabel('Username').fill('plan_erin');
    await page.getByLabel('Password').fill('plan-pass-1');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/pricing');

    await offer.getByRole('button', { name: 'Subscribe' }).click();
    const confirm = page.getByRole('dialog', { name: 'Subscribe to Basic?' });
    await confirm
      .getByText(
        '¥0.50 will be taken from your balance now. The plan renews from your balance at the end of each month. Cancel anytime: it then runs to the end of the period.',
      )
      .waitFor();
    await confirm.getByText('Your balance: ¥1.00').waitFor();
    await screenshot(page, 'plans-subscribe-dialog', false);
    await confirm.getByRole('button', { name: 'Pay ¥0.50 and subscribe' }).click();
    await page
      .getByTestId('subscribed')
      .getByText(/^You are subscribed to Basic: 2 calls until .+\. Your balance is now ¥0\.50\./)
      .waitFor();
    await offer.getByText('Your plan').waitFor();
    await offer
      .getByTestId('plan-yours')
      .getByText(/^Renews /)
      .waitFor();
    const me = await siteCall(context, site.url, '/api/user/get_user_info.php');
    expect(me.data.balance).toBe('0.50');
    await shootEveryWay(context, page, 'plans-pricing', ['en', 'zh']);
    const found = await serious(context, page, '/pricing');

    // The dashboard counts the period's calls: none used yet.
    await page.goto('/user/dashboard');
    const card = page.getByTestId('plan');
    await card.getByTestId('plan-name').getByText('Basic').waitFor();
    await card.getByText('Used 0 of 2 calls this period').waitFor();
    await card.getByTestId('plan-left').getByText('2 left').waitFor();

    // Paid calls from the console: the plan pays, the balance does not move, the count falls.
    await page.goto('/api/qrcode');
    await page.getByTestId('api-console').getByLabel(/^text/).fill('Portico plan');
    expect(await send(page)).toBe('Paid by your plan: 1 of 2 calls left this period.');
    await page.goto('/user/dashboard');
    await card.getByText('Used 1 of 2 calls this period').waitFor();
    await card.getByTestId('plan-left').getByText('1 left').waitFor();
    await page.getByTestId('balance').getByText('¥0.50').waitFor();
    await shootPart(page, card, 'plans-dashboard-card');
    await shootEveryWay(context, page, 'plans-dashboard', ['en', 'zh']);
    found.push(...(await serious(context, page, '/user/dashboard')));

    await page.goto('/api/qrcode');
    await page.getByTestId('api-console').getByLabel(/^text/).fill('Portico plan');
    expect(await send(page)).toBe('Paid by your plan: 0 of 2 calls left this period.');
    // The plan stops calls past its own: refused by its code's text, nothing charged.
    expect(await send(page)).toBe('Nothing was charged; your balance is ¥0.50.');
    expect(await page.getByTestId('console-status').textContent()).toBe('429');
    await page
      .getByRole('alert')
      .getByText('Your plan’s calls are used up for now, and the plan stops calls past them.')
      .waitFor();
    await page
      .getByTestId('console-plan-reset')
      .getByText(/^Your plan’s calls start again /)
      .waitFor();
    expect((await siteCall(context, site.url, '/api/user/get_user_info.php')).data.balance).toBe(
      '0.50',
    );

    await page.goto('/user/dashboard');
    await card.getByText('Used 2 of 2 calls this period').waitFor();
    await card.getByTestId('plan-left').getByText('0 left').waitFor();

    // The call log marks the calls the plan paid for.
    await page.goto('/user/accesslogs');
    await page.getByRole('table').waitFor();
    await expect(page.getByText('Plan', { exact: true }).count()).resolves.toBe(2);
    await shootEveryWay(context, page, 'plans-call-log', ['en', 'zh']);
    found.push(...(await serious(context, page, '/user/accesslogs')));

    // Cancelled, it runs to the period's end and does not renew. Clicked once the usage card
    // above it has its figures, as a person would: before, the card grows and moves the button.
    await page.goto('/user/dashboard');
    await page.getByTestId('calls-left').waitFor();
    await card.getByRole('button', { name: 'Cancel plan' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel your plan?' });
    await cancel.getByText(/^Basic stays until the end of this period/).waitFor();
    await cancel.getByRole('button', { name: 'Cancel plan' }).click();
    await card
      .getByRole('status')
      .getByText(/^Your plan is cancelled: it runs until /)
      .waitFor();
    await card
      .getByTestId('plan-renewal')
      .getByText(/^Cancelled: it ends .+ and will not renew\.$/)
      .waitFor();
    const mine = await siteCall(context, site.url, '/api/user/get_plan.php');
    expect(mine.data.subscription).toMatchObject({ state: 'active', auto_renew: false });
    await shootPart(page, card, 'plans-dashboard-cancelled');
    await context.close();

    // The back office counts the subscriber.
    await admin.page.reload();
    await admin.page
      .getByRole('row', { name: /基础版/ })
      .getByRole('cell')
      .nth(6)
      .getByText('1')
      .waitFor();
    await shootEveryWay(admin.context, admin.page, 'plans-admin', ['en', 'zh']);
    found.push(...(await serious(admin.context, admin.page, '/admin/plans')));
    expect(found).toEqual([]);
    await admin.context.close();
  }, 180_000);

  it('limits a plan’s calls a day and charges its own price past them, said on every page', async () => {
    // The back office makes a plan of 10 calls a month, at most 2 a day, ¥0.002 a call past them.
    const admin = await site.newPage();
    await adminLogin(admin.page);
    await admin.page.goto('/admin/plans');
    await admin.page.getByRole('button', { name: '新建套餐' }).click();
    const form = admin.page.getByRole('dialog', { name: '新建套餐' });
    await form.getByLabel('名称', { exact: true }).fill('限速版');
    await form.getByLabel('英文名称（可不填）').fill('Metered');
    await form.getByLabel('价格（元）').fill('0');
    await form.getByLabel('包含调用次数').fill('10');
    // A day's limit above the week's is said at its field, nothing sent.
    await form.getByLabel('每天最多').fill('2');
    await form.getByLabel('每周最多').fill('1');
    await form.getByRole('button', { name: '保存' }).click();
    await form.getByText('每小时上限不能大于每日上限，每日上限不能大于每周上限').waitFor();
    await form.getByLabel('每周最多').fill('');
    await form.getByLabel('超额单价（元/次）').fill('0.002');
    await screenshot(admin.page, 'plans-limits-admin-dialog', false);
    await form.getByRole('button', { name: '保存' }).click();
    await form.waitFor({ state: 'detached' });
    const row = admin.page.getByRole('row', { name: /限速版/ });
    await row.getByText('每天 ≤ 2').waitFor();
    await row.getByText('¥0.002/次').waitFor();
    await shootEveryWay(admin.context, admin.page, 'plans-limits-admin', ['zh']);
    await admin.context.close();

    const { context, page } = await site.newPage();
    await payingUser(site, { context, page }, 'plan_fay', 'plan-pass-2', '1');
    await page.goto('/pricing');
    const offer = page.getByRole('region', { name: 'Metered' });
    await offer.getByText('At most 2 calls a day').waitFor();
    await offer.getByText('Past them, calls cost ¥0.002 each from your balance').waitFor();
    await offer.getByRole('button', { name: 'Subscribe' }).click();
    await page
      .getByRole('dialog', { name: 'Subscribe to Metered?' })
      .getByRole('button', { name: 'Subscribe' })
      .click();
    await offer.getByText('Your plan').waitFor();
    await shootEveryWay(context, page, 'plans-limits-pricing', ['en', 'zh']);

    // The console says the day's calls left; past them the call pays the plan's price.
    await page.goto('/api/qrcode');
    await page.getByTestId('api-console').getByLabel(/^text/).fill('Portico limits');
    expect(await send(page)).toBe('Paid by your plan: 1 of 2 calls left today.');
    expect(await send(page)).toBe('Paid by your plan: 0 of 2 calls left today.');
    expect(await send(page)).toBe('Charged ¥0.002; your balance is now ¥0.998.');

    await page.goto('/user/dashboard');
    const card = page.getByTestId('plan');
    await card.getByText('Used 2 of 10 calls this period').waitFor();
    await card
      .getByTestId('plan-windows')
      .getByText(/^Today: 2 of 2 calls · resets /)
      .waitFor();
    await card.getByText('Calls past them cost ¥0.002 each from your balance.').waitFor();
    await shootPart(page, card, 'plans-limits-dashboard-card');
    await shootEveryWay(context, page, 'plans-limits-dashboard', ['en', 'zh']);
    expect((await siteCall(context, site.url, '/api/user/get_user_info.php')).data.balance).toBe(
      '0.998',
    );
    await context.close();
  }, 180_000);
});
