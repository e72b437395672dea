import type Database from 'better-sqlite3';
import {
  describeBrowser,
  paidGetUrls,
  payingUser,
  PHONE_AND_DESKTOP,
  screenshot,
  Site,
  siteCall,
  startSiteOnFile,
} from './harness';

const PASSWORD = 'usage-pass-1';
const DAY = 86_400_000;
describeBrowser('call log, usage and the low-balance alert', () => {
  let site: Site;
  let db: Database.Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ site, db, close } = await startSiteOnFile('usage'));
  }, 60_000);
  afterAll(() => close?.());

  it('shows spend in the call log, the usage chart and the alert, on a phone and a desktop', async () => {
    const { context, page } = await site.newPage();
    const { userId, apiKey } = await payingUser(
      site,
      { context, page },
      'usage_user',
      PASSWORD,
      '1.000',
    );

    // Real paid calls through the gateway, then history for the chart written straight to the file.
    const paid = await paidGetUrls(context, site);
    const working: string[] = [];
    for (const api of paid) {
      for (let i = 0; i < 4; i += 1) {
        const res = await context.request.get(api, { headers: { 'x-api-key': apiKey } });
        if (res.status() === 200 && !working.includes(api)) working.push(api);
      }
    }
    expect(working.length).toBeGreaterThan(0);
    const insert = db.prepare(
      `INSERT INTO access_logs (user_id, api_id, api_name, ip_address, access_url, user_agent, access_time, status_code, cost_milli, latency_ms)
       VALUES (?, ?, ?, '203.0.113.7', ?, 'curl/8.5', ?, ?, ?, ?)`,
    );
    const today = Date.parse(new Date().toISOString().slice(0, 10));
    for (let d = 1; d < 30; d += 1) {
      for (let n = 0; n < ((d * 7) % 11) + 1; n += 1) {
        const time = new Date(today - d * DAY + n * 60_000)
          .toISOString()
          .replace('T', ' ')
          .slice(0, 23);
        insert.run(
          userId,
          1,
          n % 3 ? '天气查询' : 'IP lookup',
          `/apis/weather?city=${n}`,
          time,
          200,
          n % 3 ? 2 : 0,
          40 + n,
        );
      }
    }
    // One refunded call: a paid API's row with no cost and the upstream's 502.
    const paidApi = db.prepare('SELECT id, name FROM apis WHERE is_paid = 1 LIMIT 1').get() as {
      id: number;
      name: string;
    };
    insert.run(
      userId,
      paidApi.id,
      paidApi.name,
      '/apis/upstream',
      new Date(Date.now() - 1000).toISOString().replace('T', ' ').slice(0, 23),
      502,
      0,
      8000,
    );

    // The alert at the balance itself: the next charge takes the balance below it.
    const balance: string = (await siteCall(context, site.url, '/api/user/get_user_info.php')).data
      .balance;
    await page.goto('/user/dashboard');
    await page.getByLabel('Threshold (yuan)').fill(balance);
    await page.getByRole('button', { name: 'Save alert' }).click();
    await page.getByText('Alert saved.').waitFor();
    const crossing = await context.request.get(working[0], { headers: { 'x-api-key': apiKey } });
    expect(crossing.status()).toBe(200);

    await page.goto('/user/dashboard');
    await page.getByTestId('low-balance').waitFor();
    await page.locator('canvas[role="img"]').waitFor();
    await page
      .getByTestId('calls-left')
      .getByText(/calls left/)
      .waitFor();
    await page.getByRole('link', { name: 'Recharge', exact: true }).waitFor();

    for (const [path, name, ready] of [
      ['/user/dashboard', 'usage-dashboard', 'canvas[role="img"]'],
      ['/user/accesslogs', 'usage-call-log', '[data-charge]'],
    ] as const) {
      for (const theme of ['light', 'dark']) {
        for (const lang of ['en', 'zh']) {
          await context.addCookies([
            { name: 'lang', value: lang, url: site.url },
            { name: 'theme', value: theme, url: site.url },
          ]);
          await page.goto(path);
          await page.locator(ready).first().waitFor();
          for (const size of PHONE_AND_DESKTOP) {
            await page.setViewportSize(size);
            await page.waitForTimeout(150);
            expect(
              await page.evaluate(() => document.documentElement.scrollWidth),
            ).toBeLessThanOrEqual(size.width);
            await screenshot(page, `${name}-${size.width}-${lang}-${theme}`);
            // On a desktop the whole call log is in view, its time column too: no sideways scroll.
            if (path === '/user/accesslogs' && size.width >= 1280) {
              const table = page.locator('table.portico-call-log');
              expect(
                await table.evaluate(
                  (t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth,
                ),
              ).toBeLessThanOrEqual(0);
            }
          }
        }
      }
    }

    await context.addCookies([
      { name: 'lang', value: 'en', url: site.url },
      { name: 'theme', value: 'light', url: site.url },
    ]);

    // While its figures come the usage card already has their shape: on a desktop the chart's
    // place is where the chart will be, and the card grows only by what the top APIs beside it
    // need past the chart's height (a data-sized list).
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/user/get_usage.php', async (route) => {
      await released;
      await route.continue();
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/user/dashboard');
    const card = page.getByTestId('usage');
    await card.getByTestId('usage-loading').waitFor();
    const chartPlace = card.locator('.portico-chart-area');
    const waiting = { card: await card.boundingBox(), chart: await chartPlace.boundingBox() };
    await screenshot(page, 'usage-dashboard-loading-1280');
    release();
    await page.locator('canvas[role="img"]').waitFor();
    await page.getByTestId('calls-left').waitFor();
    const loaded = { card: await card.boundingBox(), chart: await chartPlace.boundingBox() };
    const topApis = await page.getByTestId('top-apis').boundingBox();
    expect(Math.abs(loaded.chart!.y - waiting.chart!.y)).toBeLessThanOrEqual(2);
    const pastChart = Math.max(
      0,
      topApis!.y + topApis!.height - (loaded.chart!.y + loaded.chart!.height),
    );
    expect(loaded.card!.height - waiting.card!.height).toBeLessThanOrEqual(pastChart + 2);
    expect(loaded.card!.height).toBeGreaterThanOrEqual(waiting.card!.height - 2);
    await page.unroute('**/api/user/get_usage.php');

    // The refunded row differs from charged ones; on a phone every row is a stack of labelled lines.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/user/accesslogs');
    const refunded = page.locator('tr[data-charge="refunded"]').first();
    await refunded.waitFor();
    expect(await refunded.getByText('Refunded').count()).toBe(1);
    expect(await page.locator('tr[data-charge="charged"]').count()).toBeGreaterThan(0);
    expect(await refunded.evaluate((tr) => getComputedStyle(tr).display)).toBe('block');
    // The address and user agent are behind the call's Details, under its row.
    const details = page.locator('tr.portico-call-details').first();
    expect(await details.isVisible()).toBe(false);
    await page
      .getByRole('button', { name: /^Show the details of call/ })
      .first()
      .click();
    await details.waitFor();
    expect(await details.getByText('127.0.0.1').count()).toBe(1);
    expect(await details.textContent()).toContain('User agent');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await screenshot(page, 'usage-call-log-details-390');

    // "Next" reads the next page on from this page's last call, the same rows as page 2 by number.
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL(/page=2&before=[\dT:.%A-]+_\d+/);
    const byNumber = await context.request.get(
      `${site.url}/api/user/get_user_access_logs.php?page=2`,
    );
    const numbered = ((await byNumber.json()) as { data: { logs: { id: number }[] } }).data.logs;
    await page.waitForFunction(
      (first) => document.querySelector('td[data-label="ID"]')?.textContent === String(first),
      numbered[0].id,
    );
    expect(await page.locator('td[data-label="ID"]').allTextContents()).toEqual(
      numbered.map((log) => String(log.id)),
    );

    // Filters: only refunded calls, and the export link carries the same filter.
    await page.getByLabel('Status').selectOption('refunded');
    await page.waitForURL('**status=refunded**');
    await page.waitForFunction(
      () =>
        document.querySelector('tr[data-charge="refunded"]') &&
        !document.querySelector('tr[data-charge]:not([data-charge="refunded"])'),
    );
    const href = await page.getByTestId('logs-export').getAttribute('href');
    expect(href).toBe('/api/user/export_access_logs.php?status=refunded');
    const csv = await context.request.get(`${site.url}${href}`);
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    const body = await csv.body();
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = body.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
    expect(header.split(',')).toContain('charge');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.includes(',refunded,0.000,'))).toBe(true);
    await context.close();
  }, 180_000);
});
