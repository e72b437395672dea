import type Database from 'better-sqlite3';
import {
  adminLogin,
  describeBrowser,
  paidGetUrls,
  payingUser,
  PHONE_AND_DESKTOP,
  screenshot,
  Site,
  siteCall,
  startSiteOnFile,
} from './harness';

const PASSWORD = 'statement-pass-1';

/** YYYY-MM of the month before this one (the site's clock is UTC here). */
function lastMonth(): { key: string; day: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 2, 12));
  return {
    key: first.toISOString().slice(0, 7),
    day: first.toISOString().replace('T', ' ').slice(0, 23),
  };
}

describeBrowser('monthly statements', () => {
  let site: Site;
  let db: Database.Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ site, db, close } = await startSiteOnFile('statements'));
  }, 60_000);
  afterAll(() => close?.());

  it('shows a month that adds up, opens the next where it closed, prints and reads in both languages', async () => {
    const { context, page } = await site.newPage();
    const { userId, apiKey } = await payingUser(
      site,
      { context, page },
      'statement_user',
      PASSWORD,
      '1.000',
    );

    // Paid calls this month through the gateway.
    const paid = await paidGetUrls(context, site);
    let charged = 0;
    for (const api of paid) {
      const res = await context.request.get(api, { headers: { 'x-api-key': apiKey } });
      if (res.status() === 200) charged += 1;
      if (charged === 3) break;
    }
    expect(charged).toBeGreaterThan(0);

    // Last month's history as the ledger writes it (the account opened then): a credited order and
    // two paid calls.
    const last = lastMonth();
    const api = db.prepare('SELECT id, name FROM apis WHERE is_paid = 1 LIMIT 1').get() as {
      id: number;
      name: string;
    };
    db.prepare(
      `INSERT INTO recharge_records (user_id, out_trade_no, amount_milli, paid_amount, source, raw, state, reason, created_at, updated_at)
       VALUES (?, 'statement-e2e', 5000, '5', 'query', '{}', 'credited', '', ?, ?)`,
    ).run(userId, last.day, last.day);
    const insert = db.prepare(
      `INSERT INTO access_logs (user_id, api_id, api_name, ip_address, access_url, user_agent, access_time, status_code, cost_milli, latency_ms, charged_from)
       VALUES (?, ?, ?, '203.0.113.7', '/apis/x', 'curl/8.5', ?, 200, 250, 40, 'balance')`,
    );
    insert.run(userId, api.id, api.name, last.day);
    insert.run(userId, api.id, api.name, last.day);
    db.prepare(
      'UPDATE users SET balance_milli = balance_milli + 4500, created_at = ? WHERE id = ?',
    ).run(last.day, userId);

    // From the call log to the running month's statement.
    await page.goto('/user/accesslogs');
    await page.getByRole('link', { name: 'Monthly statements' }).click();
    await page.waitForURL('**/user/statements');
    const figures = page.getByTestId('statement-figures');
    await figures.waitFor();
    expect(await figures.locator('[data-figure="opening"] td').textContent()).toBe('¥4.50');
    const balance: string = (await siteCall(context, site.url, '/api/user/get_user_info.php')).data
      .balance;
    expect(await figures.locator('[data-figure="closing"]').textContent()).toBe(
      `Balance so far¥${balance}`,
    );

    // Last month closes at this month's opening.
    await page.getByLabel('Month').selectOption(last.key);
    await page.waitForURL(`**/user/statements?month=${last.key}`);
    await page.getByText('Closing balance').waitFor();
    expect(await figures.locator('[data-figure="recharged"] td').textContent()).toBe('+ ¥5.00');
    expect(await figures.locator('[data-figure="charged"] td').textContent()).toBe('− ¥0.50');
    expect(await figures.locator('[data-figure="closing"] td').textContent()).toBe('¥4.50');
    expect(await page.getByTestId('statement-lines').locator('tbody tr').count()).toBe(1);

    // Printed, the statement stands alone: no header, sidebar or controls.
    await page.emulateMedia({ media: 'print' });
    expect(
      await page.locator('header.portico-header').evaluate((e) => getComputedStyle(e).visibility),
    ).toBe('hidden');
    expect(await page.getByTestId('statement-export').isVisible()).toBe(false);
    expect(await figures.isVisible()).toBe(true);
    await screenshot(page, 'statement-print');
    await page.emulateMedia({ media: 'screen' });

    for (const theme of ['light', 'dark']) {
      for (const lang of ['en', 'zh']) {
        await context.addCookies([
          { name: 'lang', value: lang, url: site.url },
          { name: 'theme', value: theme, url: site.url },
        ]);
        for (const path of ['/user/statements', `/user/statements?month=${last.key}`]) {
          await page.goto(path);
          await figures.waitFor();
          for (const size of PHONE_AND_DESKTOP) {
            await page.setViewportSize(size);
            await page.waitForTimeout(150);
            expect(
              await page.evaluate(() => document.documentElement.scrollWidth),
            ).toBeLessThanOrEqual(size.width);
            const which = path.includes('month') ? 'last' : 'running';
            await screenshot(page, `statement-${which}-${size.width}-${lang}-${theme}`);
          }
        }
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await page.getByText('期末余额').count()).toBe(1);

    // The back office: the site's month and this user's, in Chinese.
    const adminPage = await (await site.browser.newContext({ baseURL: site.url })).newPage();
    await adminLogin(adminPage);
    await adminPage.getByRole('link', { name: '充值对账' }).click();
    await adminPage.getByRole('link', { name: '月度账单' }).click();
    await adminPage.getByTestId('site-figures').waitFor();
    await adminPage.getByLabel('用户 ID（选填）').fill(String(userId));
    await adminPage.getByRole('button', { name: '查询' }).click();
    await adminPage.getByTestId('user-figures').waitFor();
    expect(await adminPage.getByTestId('user-figures').textContent()).toContain(
      `期末余额¥${balance}`,
    );
    for (const size of PHONE_AND_DESKTOP) {
      await adminPage.setViewportSize(size);
      await adminPage.waitForTimeout(150);
      expect(
        await adminPage.evaluate(() => document.documentElement.scrollWidth),
      ).toBeLessThanOrEqual(size.width);
      await screenshot(adminPage, `statement-admin-${size.width}`);
    }
    await adminPage.context().close();
  });
});
