import type { Page } from 'playwright-core';
import {
  adminLogin,
  describeBrowser,
  PHONE_AND_DESKTOP,
  screenshot,
  Site,
  siteCall,
  startSite,
} from './harness';

/** As long as the server lets a name be (100), with no place to break a line. */
const NAME = 'Averyveryverylongunbrokenapiname'.repeat(4).slice(0, 100);
const NAME_EN = `x${'-unbroken_name.part'.repeat(6)}`.slice(0, 100);
const TEXT = 'Unbrokendescriptiontext'.repeat(9).slice(0, 200);

/** Runs in the page: how much wider than the window the page is. */
const overflow = () => document.documentElement.scrollWidth - window.innerWidth;

/** Runs in the page: the header cells of the API page's tables whose text takes two lines. */
const wrappedHeads = () =>
  [...document.querySelectorAll('.portico-stack-table th')]
    .filter((th) => {
      const range = document.createRange();
      range.selectNodeContents(th);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
    })
    .map((th) => th.textContent);

/** Runs in the page: how the admin list lays out the row that holds `name`. */
const adminRow = (name: string) => {
  const row = [...document.querySelectorAll('tbody tr')].find((tr) =>
    tr.textContent?.includes(name),
  );
  if (!row) return null;
  const actions = [...row.querySelectorAll('td:last-child a, td:last-child button')];
  return {
    height: Math.round(row.getBoundingClientRect().height),
    nameWidth: Math.round(row.querySelector('.admin-name-cell')!.getBoundingClientRect().width),
    actions: actions.map((a) => a.textContent),
    actionsInView: actions.every((a) => {
      const box = a.getBoundingClientRect();
      return box.width > 0 && box.left >= 0 && box.right <= window.innerWidth;
    }),
  };
};

/** Runs in the page: the header's brand, cut to its room with the whole name as its title. */
const brand = () => {
  const link = document.querySelector<HTMLElement>('.navbar-brand')!;
  return { title: link.title, cut: link.scrollWidth > link.clientWidth };
};

describeBrowser('long unbroken names', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('wraps them on the public and admin pages instead of widening the page', async () => {
    const { context, page } = await site.newPage();
    await adminLogin(page);
    const made = await siteCall(context, site.url, '/api/admin/create_api.php', {
      name: NAME,
      name_en: NAME_EN,
      title_en: NAME,
      endpoint: `/apis/${NAME_EN}`,
      description: TEXT,
      description_en: TEXT,
      request_method: 'GET',
      response_format: 'application/json',
      is_paid: 1,
      price_per_call: '0.010',
      status: 1,
      upstream_url: 'http://127.0.0.1:9/x',
      request_params: [{ name: NAME_EN, type: 'string', required: false, description: TEXT }],
      response_params: [{ name: NAME_EN, type: 'string', description: TEXT }],
    });
    expect(made.success).toBe(true);
    const pages: [path: string, ready: (page: Page) => Promise<unknown>][] = [
      [`/api/${made.data.id}`, (p) => p.getByRole('heading', { level: 1 }).waitFor()],
      ['/?sort=newest', (p) => p.getByText(NAME).first().waitFor()],
      ['/admin/control?search=Averyvery', (p) => p.getByText(NAME).first().waitFor()],
      ['/admin/statistics?sort=newest', (p) => p.locator('tbody tr').first().waitFor()],
      ['/admin/audit', (p) => p.locator('tbody tr').first().waitFor()],
    ];
    const problems: string[] = [];
    for (const size of [...PHONE_AND_DESKTOP, { width: 800, height: 1024 }]) {
      await page.setViewportSize(size);
      for (const [path, ready] of pages) {
        await page.goto(path);
        await ready(page);
        const wider = await page.evaluate(overflow);
        if (wider > 0) problems.push(`${path} at ${size.width}px: ${wider}px too wide`);
      }
      await page.goto(`/api/${made.data.id}`);
      await screenshot(page, `long-names-api-${size.width}`);
      await page.goto('/admin/control?search=Averyvery');
      await page.getByText(NAME).first().waitFor();
      await screenshot(page, `long-names-admin-apis-${size.width}`);
      // The name wraps in a column of its own width: the row stays a few lines tall and its
      // 编辑/删除 stay on screen (pinned at the right while the wide table scrolls under them).
      const row = await page.evaluate(adminRow, NAME);
      expect({ size: size.width, ...row }).toEqual({
        size: size.width,
        height: expect.any(Number),
        nameWidth: expect.any(Number),
        actions: ['编辑', '删除'],
        actionsInView: true,
      });
      expect(row!.nameWidth).toBeGreaterThanOrEqual(120);
      expect(row!.height).toBeLessThanOrEqual(
        size.width < 576 ? 640 : size.width < 1024 ? 320 : 200,
      );
    }
    expect(problems).toEqual([]);

    // Ordinary documentation keeps its short columns whole.
    await page.goto('/api/3');
    await page.locator('.portico-stack-table th').first().waitFor();
    expect(await page.evaluate(wrappedHeads)).toEqual([]);
    await context.close();
  });

  it('cuts a 200-character site title in the header, keeping it whole as the title', async () => {
    const { context, page } = await site.newPage();
    await adminLogin(page);
    const title = 'Averyveryverylongunbrokensitetitle'.repeat(6).slice(0, 200);
    const saved = await siteCall(context, site.url, '/api/admin/update_config.php', {
      site_title: title,
    });
    expect(saved.success).toBe(true);
    const problems: string[] = [];
    // The configured name is the server's, before and after hydration: no mismatch (#418 on
    // /about was how it showed), nor any other console error or warning.
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') {
        problems.push(`${page.url()}: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
    for (const size of PHONE_AND_DESKTOP) {
      await page.setViewportSize(size);
      for (const path of ['/', '/api/3', '/about']) {
        await page.goto(path);
        await page.waitForSelector('html[data-hydrated="true"]');
        const wider = await page.evaluate(overflow);
        if (wider > 0) problems.push(`${path} at ${size.width}px: ${wider}px too wide`);
        expect(await page.evaluate(brand)).toEqual({ title, cut: true });
      }
      await page.goto('/');
      await screenshot(page, `long-site-title-${size.width}`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
