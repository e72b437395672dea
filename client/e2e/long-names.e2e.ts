import type Database from 'better-sqlite3';
import type { BrowserContext, Page } from 'playwright-core';
import {
  adminLogin,
  describeBrowser,
  payingUser,
  PHONE_AND_DESKTOP,
  screenshot,
  Site,
  siteCall,
  startSiteOnFile,
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

/** A paid API whose every name is as long as allowed and unbroken (its upstream is unreachable). */
const createLongApi = (context: BrowserContext, url: string, nameEn: string) =>
  siteCall(context, url, '/api/admin/create_api.php', {
    name: NAME,
    name_en: nameEn,
    title_en: NAME,
    endpoint: `/apis/${nameEn}`,
    description: TEXT,
    description_en: TEXT,
    request_method: 'GET',
    response_format: 'application/json',
    is_paid: 1,
    price_per_call: '0.010',
    status: 1,
    upstream_url: 'http://127.0.0.1:9/x',
    request_params: [{ name: nameEn, type: 'string', required: false, description: TEXT }],
    response_params: [{ name: nameEn, type: 'string', description: TEXT }],
  });

describeBrowser('long unbroken names', () => {
  let site: Site;
  let db: Database.Database;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ site, db, close } = await startSiteOnFile('long-names'));
  });
  afterAll(() => close?.());

  it('wraps them on the public and admin pages instead of widening the page', async () => {
    const { context, page } = await site.newPage();
    await adminLogin(page);
    const made = await createLongApi(context, site.url, NAME_EN);
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

  it('wraps them in the user centre: dashboard, call records, key picker, statements', async () => {
    const admin = await site.newPage();
    await adminLogin(admin.page);
    const made = await createLongApi(admin.context, site.url, `y${NAME_EN.slice(1)}`);
    expect(made.success).toBe(true);
    await admin.context.close();

    const { context, page } = await site.newPage();
    const { userId } = await payingUser(site, { context, page }, 'long_names', 'long-pass-1', '1');
    // Charged calls of the long API, written as the ledger writes them (its upstream is gone).
    const insert = db.prepare(
      `INSERT INTO access_logs (user_id, api_id, api_name, ip_address, access_url, user_agent, access_time, status_code, cost_milli, latency_ms, charged_from)
       VALUES (?, ?, ?, '203.0.113.7', ?, ?, ?, 200, 10, 40, 'balance')`,
    );
    for (let i = 0; i < 3; i += 1) {
      const at = new Date(Date.now() - i * 3_600_000).toISOString().replace('T', ' ').slice(0, 23);
      insert.run(userId, made.data.id, NAME, `/apis/${NAME_EN}?${TEXT}`, TEXT, at);
    }
    db.prepare('UPDATE users SET balance_milli = balance_milli - 30 WHERE id = ?').run(userId);

    const pages: [path: string, ready: (page: Page) => Promise<unknown>][] = [
      ['/user/dashboard', (p) => p.getByText(NAME).first().waitFor()],
      ['/user/accesslogs', (p) => p.locator('[data-charge]').first().waitFor()],
      ['/user/statements', (p) => p.getByTestId('statement-lines').waitFor()],
    ];
    const problems: string[] = [];
    for (const lang of ['en', 'zh']) {
      await context.addCookies([{ name: 'lang', value: lang, url: site.url }]);
      for (const size of PHONE_AND_DESKTOP) {
        await page.setViewportSize(size);
        for (const [path, ready] of pages) {
          await page.goto(path);
          await ready(page);
          const wider = await page.evaluate(overflow);
          if (wider > 0) problems.push(`${path} (${lang}) at ${size.width}px: ${wider}px too wide`);
          await screenshot(page, `long-names${path.replaceAll('/', '-')}-${size.width}-${lang}`);
        }
        // The key form's API picker lists the long name without widening the dialog.
        await page.goto('/user/dashboard');
        await page
          .getByTestId('api-keys')
          .getByRole('button', { name: /New key|新建密钥/ })
          .click();
        const dialog = page.getByRole('dialog');
        const picker = dialog.getByLabel(/Allowed APIs|允许的 API/);
        await picker.fill('Averyvery');
        // Listed, then chosen (a badge above the search): the name wraps in both, nothing is cut
        // off or scrolls sideways, and the page keeps its width.
        const option = dialog
          .getByRole('checkbox', { name: new RegExp(NAME.slice(0, 30)) })
          .first();
        await option.check();
        await dialog.getByRole('button', { name: /^Remove |^移除 / }).waitFor();
        const clipped = await dialog.evaluate((d) =>
          [...d.querySelectorAll('.modal-body, .list-group, .badge')]
            .filter((e) => e.scrollWidth > e.clientWidth)
            .map((e) => e.className),
        );
        if (clipped.length > 0)
          problems.push(`key picker (${lang}) at ${size.width}px: ${clipped.join(', ')}`);
        if ((await page.evaluate(overflow)) > 0)
          problems.push(`key picker (${lang}) at ${size.width}px widens the page`);
        await option.scrollIntoViewIfNeeded();
        await page.waitForTimeout(400);
        await screenshot(page, `long-names-key-picker-${size.width}-${lang}`, false);
      }
    }
    expect(problems).toEqual([]);
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
