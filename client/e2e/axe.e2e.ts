import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { adminLogin, describeBrowser, Site, signUpAndLogIn, startSite } from './harness';

type Theme = 'light' | 'dark';

const SERIOUS = new Set(['serious', 'critical']);

/** The signed-in user's pages (the public ones are themes.e2e.ts's), each with what shows it is ready. */
const USER_PAGES: [path: string, ready: string][] = [
  ['/user/dashboard', 'h1'],
  ['/user/accesslogs', 'h1'],
  ['/user/recharge', 'h1'],
  ['/user/recharge/sandbox', 'h1'],
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
    // Twenty screens, each checked against every rule: about a minute on a quiet two-core box.
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
