import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import {
  ADMIN,
  adminLogin,
  describeBrowser,
  Site,
  signUpAndLogIn,
  siteCall,
  startSite,
} from './harness';

type Theme = 'light' | 'dark';

const SERIOUS = new Set(['serious', 'critical']);

/** The signed-in user's pages (the public ones are themes.e2e.ts's), each with what shows it is ready. */
const USER_PAGES: [path: string, ready: string][] = [
  ['/user/dashboard', 'h1'],
  ['/user/accesslogs', 'h1'],
  ['/user/recharge', 'h1'],
  ['/user/recharge/sandbox', 'h1'],
  ['/user/invite', 'h1'],
  ['/account/security', 'h1'],
];

/** Every back-office screen. */
const ADMIN_PAGES = [
  '/admin',
  '/admin/control',
  '/admin/create',
  '/admin/edit/1',
  '/admin/categories',
  '/admin/import',
  '/admin/partners',
  '/admin/ads',
  '/admin/config',
  '/admin/sign-in-providers',
  '/admin/sidebar',
  '/admin/statistics',
  '/admin/api/stats/1',
  '/admin/users',
  '/admin/friendlinks',
  '/admin/pending-orders',
  '/admin/reconciliation',
  '/admin/redeem-codes',
  '/admin/referrals',
  '/admin/plans',
  '/admin/audit',
  '/admin/password',
];

/**
 * axe's serious and critical findings on the page as it is now, one line each: every rule in the
 * light theme; in the dark one only colour contrast, the one rule a theme changes.
 */
async function serious(page: Page, where: string, theme: Theme): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  const { violations } = await (
    theme === 'dark' ? axe.withRules(['color-contrast']) : axe
  ).analyze();
  return violations
    .filter(({ impact }) => SERIOUS.has(impact ?? ''))
    .map((violation) => {
      const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 3);
      return `${where} ${violation.impact} ${violation.id}: ${targets.join(', ')}`;
    });
}

/** Waits for the page's heading and for every list on it to have loaded (no spinner, nothing busy). */
async function settled(page: Page, heading: string) {
  await page.locator(heading).first().waitFor();
  await page.waitForFunction(
    () =>
      !document.querySelector('.spinner-border, [aria-busy="true"], [role="status"] .spinner-grow'),
  );
}

/** Waits for a dialog to be fully shown: open, nothing loading in it, its fade-in finished. */
async function dialogShown(page: Page, dialog: Locator) {
  await dialog.waitFor();
  await page.waitForFunction(
    () =>
      document.querySelector('.modal.show') !== null &&
      !document.querySelector('.modal .spinner-border, .modal [aria-busy="true"]') &&
      document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

/**
 * Makes one refunded call for the user of `context`: the admin credits ¥1, then a paid demo API
 * (质数, ¥0.020) is called with a number it refuses, so the call is charged and refunded.
 */
async function refundedCall(site: Site, context: BrowserContext) {
  const me = await siteCall(context, site.url, '/api/user/get_user_info.php');
  const admin = await site.browser.newContext({ baseURL: site.url });
  await admin.request.get(`${site.url}/api/get_config.php`);
  await siteCall(admin, site.url, '/api/admin/admin_login.php', ADMIN);
  const credit = await siteCall(admin, site.url, '/api/admin/adjust_user_balance.php', {
    user_id: me.data.id,
    amount: '1.000',
    reason: 'axe refunded call',
  });
  expect(credit.success).toBe(true);
  await admin.close();
  const balance = async () =>
    (await siteCall(context, site.url, '/api/user/get_user_info.php')).data.balance as unknown;
  const before = await balance();
  const call = await context.request.get(`${site.url}/apis/prime?number=abc`, {
    headers: { 'x-api-key': me.data.api_key },
  });
  expect(call.status()).toBe(400);
  // Charged and given back: the balance is what it was.
  expect(await balance()).toEqual(before);
}

async function themed(context: BrowserContext, site: Site, theme: Theme) {
  await context.addCookies([{ name: 'theme', value: theme, url: site.url }]);
}

describeBrowser('accessibility of the user centre and the back office', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.stop();
  });

  it.each(['light', 'dark'] as Theme[])(
    'finds nothing serious on the user pages in the %s theme',
    async (theme) => {
      const { context, page } = await site.newPage();
      await themed(context, site, theme);
      await signUpAndLogIn(page, `axe_${theme}`, 'axe-pass-1');
      const found: string[] = [];
      for (const [path, ready] of USER_PAGES) {
        await page.goto(path);
        await settled(page, ready);
        found.push(...(await serious(page, `${theme} ${path}`, theme)));
      }
      expect(found).toEqual([]);
      await context.close();
    },
  );

  it.each(['light', 'dark'] as Theme[])(
    'finds nothing serious on a refunded call in the call log and in the key dialogs in the %s theme',
    async (theme) => {
      const { context, page } = await site.newPage();
      await themed(context, site, theme);
      await signUpAndLogIn(page, `axe_keys_${theme}`, 'axe-pass-1');
      await refundedCall(site, context);
      const found: string[] = [];

      // The call log with the refunded call's yellow badge on screen.
      await page.goto('/user/accesslogs');
      await settled(page, 'h1');
      const refunded = page.locator('tr[data-charge="refunded"]');
      await refunded.first().waitFor();
      expect(await refunded.count()).toBe(1);
      expect(await refunded.getByText('Refunded', { exact: true }).isVisible()).toBe(true);
      found.push(...(await serious(page, `${theme} refunded call log`, theme)));

      // The dashboard's new-key dialog, then the key's secret, then its edit dialog.
      await page.goto('/user/dashboard');
      await settled(page, 'h1');
      const card = page.getByTestId('api-keys');
      await card.getByRole('button', { name: 'New key' }).click();
      const create = page.getByRole('dialog', { name: 'New API key' });
      await dialogShown(page, create);
      found.push(...(await serious(page, `${theme} new key dialog`, theme)));
      await create.getByLabel('Name').fill(`axe ${theme}`);
      await create.getByRole('button', { name: 'Create key' }).click();
      await page.getByTestId('new-key-secret').waitFor();
      await dialogShown(page, page.getByRole('dialog'));
      found.push(...(await serious(page, `${theme} new key secret`, theme)));
      await page.getByRole('button', { name: 'I have copied it' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      const row = card.locator('[data-testid^="api-key-"]', { hasText: `axe ${theme}` });
      await row.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit API key' });
      await dialogShown(page, edit);
      expect(await edit.getByLabel('Name').inputValue()).toBe(`axe ${theme}`);
      found.push(...(await serious(page, `${theme} edit key dialog`, theme)));
      expect(found).toEqual([]);
      await context.close();
    },
  );

  it.each(['light', 'dark'] as Theme[])(
    'finds nothing serious on the admin screens in the %s theme',
    async (theme) => {
      const { context, page } = await site.newPage();
      await themed(context, site, theme);
      await adminLogin(page);
      const found: string[] = [];
      for (const path of ADMIN_PAGES) {
        await page.goto(path);
        await settled(page, 'main h1');
        found.push(...(await serious(page, `${theme} ${path}`, theme)));
      }
      expect(found).toEqual([]);
      await context.close();
    },
    // Twenty-two screens, each checked against every rule: about a minute on a quiet two-core box.
    180_000,
  );

  it.each(['light', 'dark'] as Theme[])(
    'finds nothing serious on refused admin forms and an import preview in the %s theme',
    async (theme) => {
      const { context, page } = await site.newPage();
      await themed(context, site, theme);
      await adminLogin(page);
      const found: string[] = [];
      // The API editor with its client-side refusals: the summary's links and marked fields.
      await page.goto('/admin/create');
      await settled(page, 'main h1');
      await page.getByRole('button', { name: '保存', exact: true }).click();
      await page.getByRole('alert').getByRole('link').first().waitFor();
      found.push(...(await serious(page, `${theme} refused API editor`, theme)));
      // A record modal refused at one field.
      await page.goto('/admin/ads');
      await settled(page, 'main h1');
      await page.getByRole('button', { name: '添加广告' }).click();
      const modal = page.getByRole('dialog');
      await modal.getByRole('button', { name: '保存' }).click();
      await modal.getByRole('alert').getByRole('link').first().waitFor();
      found.push(...(await serious(page, `${theme} refused ad`, theme)));
      // An import preview with each of its badges: imported once, then changed (更新), plus one
      // operation that is new (新建).
      const toy = (summary: string, more = '') =>
        `{"openapi":"3.0.3","info":{"title":"t","version":"1"},` +
        `"servers":[{"url":"https://toys.example.com"}],"paths":{"/toy":{"get":` +
        `{"operationId":"axeToy_${theme}","summary":"${summary}","responses":{"200":` +
        `{"description":"ok"}}}}${more}}}`;
      await page.goto('/admin/import');
      const source = page.getByLabel('OpenAPI 3.x 或 Swagger 2.0 文档（JSON 或 YAML）');
      await source.fill(toy('Toy'));
      await page.getByRole('button', { name: '预览导入' }).click();
      await page.getByRole('button', { name: '确认导入（1 个）' }).click();
      await page.getByText(/^导入完成/).waitFor();
      await source.fill(
        toy(
          'A changed toy',
          `,"/new":{"get":{"operationId":"axeNew_${theme}","responses":{"200":{"description":"ok"}}}}`,
        ),
      );
      await page.getByRole('button', { name: '预览导入' }).click();
      await page.getByText('新建 1 个，更新 1 个，未变 0 个，跳过 0 个').waitFor();
      found.push(...(await serious(page, `${theme} import preview`, theme)));
      expect(found).toEqual([]);
      await context.close();
    },
  );
});
