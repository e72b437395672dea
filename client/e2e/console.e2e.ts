import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import {
  adminLogin,
  describeBrowser,
  screenshot,
  signUpAndLogIn,
  Site,
  startSite,
} from './harness';

const run = promisify(execFile);
const PASSWORD = 'console-pass-1';

/** The signed-in user's balance in milli-yuan, as the user centre reads it. */
async function balanceMilli(page: Page): Promise<{ id: number; milli: number }> {
  const res = await page.request.get('/api/user/get_user_info.php');
  const { data } = (await res.json()) as { data: { id: number; balance: string } };
  return { id: data.id, milli: Math.round(Number(data.balance) * 1000) };
}

/** Credits a user through the admin's balance adjustment. */
async function credit(site: Site, userId: number, amount: string): Promise<void> {
  const { context, page } = await site.newPage();
  await adminLogin(page);
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const res = await page.request.post('/api/admin/adjust_user_balance.php', {
    data: { user_id: userId, amount, reason: 'console e2e' },
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
  });
  expect(res.status()).toBe(200);
  await context.close();
}

/** The API's price as its page shows it ("0.005") and in milli-yuan. */
async function priceOf(page: Page, nameEn: string): Promise<{ text: string; milli: number }> {
  const res = await page.request.get(`/api/get_api_detail.php?name_en=${nameEn}`);
  const { data } = (await res.json()) as { data: { price_per_call: string } };
  return { text: data.price_per_call, milli: Math.round(Number(data.price_per_call) * 1000) };
}

const consoleOf = (page: Page) => page.getByTestId('api-console');

async function send(page: Page): Promise<void> {
  await consoleOf(page)
    .getByRole('button', { name: /Send request/ })
    .click();
  await page.getByTestId('console-status').waitFor();
}

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** The API page with a result, at a phone's and a desktop's width, in both languages and themes. */
async function shoot(context: BrowserContext, page: Page, name: string): Promise<void> {
  const looks = [
    ['en', 'light'],
    ['zh', 'light'],
    ['en', 'dark'],
    ['zh', 'dark'],
  ] as const;
  for (const [lang, theme] of looks) {
    await context.addCookies([
      { name: 'lang', value: lang, url: page.url() },
      { name: 'theme', value: theme, url: page.url() },
    ]);
    await page.reload();
    await consoleOf(page).waitFor();
    await page.waitForLoadState('networkidle');
    await consoleOf(page).locator('button[type="submit"]').click();
    await page.getByTestId('console-status').waitFor();
    for (const size of VIEWPORTS) {
      await page.setViewportSize(size);
      // Nothing sticks out sideways: the page is no wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        size.width,
      );
      if (size.width === 390) {
        // The tabs and the code scroll inside their boxes, and the tables are stacked rows.
        const phone = await page.evaluate(() => {
          const scrolls = (el: Element | null) => !!el && el.scrollWidth > el.clientWidth;
          const cell = document.querySelector('.portico-stack-table td');
          return {
            tabs: scrolls(document.querySelector('.portico-tabs-scroll')),
            code: scrolls(
              document
                .querySelector('.portico-tabs-scroll')
                ?.nextElementSibling?.querySelector('pre') ?? null,
            ),
            stacked: !!cell && getComputedStyle(cell).display === 'flex',
          };
        });
        expect(phone).toEqual({ tabs: true, code: true, stacked: true });
      }
      await screenshot(page, `${name}-${size.width}-${lang}-${theme}`);
    }
  }
  await context.addCookies([
    { name: 'lang', value: 'en', url: page.url() },
    { name: 'theme', value: 'light', url: page.url() },
  ]);
  await page.setViewportSize({ width: 1280, height: 900 });
}

describeBrowser('the try-it console on API pages', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('runs a paid API with the user key: 200, image preview, balance lowered by the price', async () => {
    const { context, page } = await site.newPage();
    await signUpAndLogIn(page, 'console_alice', PASSWORD);
    const { id } = await balanceMilli(page);
    await credit(site, id, '1');
    const price = await priceOf(page, 'qrcode');
    const before = await balanceMilli(page);

    const keyedUrls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/apis/')) keyedUrls.push(request.url());
    });
    await page.goto('/api/qrcode');
    const form = consoleOf(page);
    await form.getByLabel(/^text/).fill('Portico console');
    await form.getByLabel(/^level/).selectOption('h');
    await send(page);

    expect(await page.getByTestId('console-status').textContent()).toBe('200');
    const image = page.getByTestId('console-image');
    await image.waitFor();
    await image.evaluate((img: HTMLImageElement) => img.decode());
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.getByTestId('console-billing').waitFor();
    const after = await balanceMilli(page);
    expect(before.milli - after.milli).toBe(price.milli);
    expect(await page.getByTestId('console-billing').textContent()).toContain(
      `Charged ¥${price.text}`,
    );
    // The key went in a header: never in a URL, nor in the page's address.
    const { api_key: key } = (await (await page.request.get('/api/user/get_user_info.php')).json())
      .data as { api_key: string };
    expect(keyedUrls.length).toBeGreaterThan(0);
    for (const url of [...keyedUrls, page.url()]) expect(url).not.toContain(key);

    await shoot(context, page, 'console-qrcode');
    await context.close();
  });

  it('runs a POST API with its JSON body', async () => {
    const { context, page } = await site.newPage();
    await signUpAndLogIn(page, 'console_bob', PASSWORD);
    const { id } = await balanceMilli(page);
    await credit(site, id, '1');
    const price = await priceOf(page, 'text-diff');
    const before = await balanceMilli(page);

    await page.goto('/api/text-diff');
    const form = consoleOf(page);
    await form.getByLabel(/^a\b/).fill('one\ntwo');
    await form.getByLabel(/^b\b/).fill('one\nthree');
    const posted = page.waitForRequest((r) => r.url().endsWith('/apis/text-diff'));
    await send(page);
    const request = await posted;
    expect(request.method()).toBe('POST');
    expect(request.postDataJSON()).toEqual({ a: 'one\ntwo', b: 'one\nthree' });
    expect(await page.getByTestId('console-status').textContent()).toBe('200');
    expect(await page.getByTestId('console-body').textContent()).toContain('"success": true');
    await page.getByTestId('console-billing').waitFor();
    expect(before.milli - (await balanceMilli(page)).milli).toBe(price.milli);
    await context.close();
  });

  it('asks a visitor to sign in on a paid API and runs a free one without a key', async () => {
    const { context, page } = await site.newPage();
    // The page is rendered on the server: the console must hydrate without a mismatch.
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/api/qrcode');
    await page.getByTestId('console-sign-in').waitFor();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    expect(
      await consoleOf(page)
        .getByRole('button', { name: /Send request/ })
        .count(),
    ).toBe(0);
    await page.getByTestId('console-sign-in').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/login\?redirect=/);

    await page.goto('/api/uuid');
    const sent = page.waitForRequest((r) => r.url().includes('/apis/uuid'));
    await send(page);
    expect((await sent).headers()['x-api-key']).toBeUndefined();
    expect(await page.getByTestId('console-status').textContent()).toBe('200');
    expect(await page.getByTestId('console-body').textContent()).toContain('"uuids"');
    await context.close();
  });

  it('shows a validation message at the field before sending', async () => {
    const { context, page } = await site.newPage();
    await page.goto('/api/uuid');
    const form = consoleOf(page);
    await form.getByLabel(/^count/).fill('three');
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/apis/')) calls += 1;
    });
    await form.getByRole('button', { name: /Send request/ }).click();
    await form.getByText('Enter a whole number, e.g. 42.').waitFor();
    expect(await form.getByLabel(/^count/).getAttribute('aria-invalid')).toBe('true');
    expect(calls).toBe(0);
    await context.close();
  });

  it('"copy as curl" copies what ran; the copied command answers the same status', async () => {
    const { context, page } = await site.newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    await signUpAndLogIn(page, 'console_carol', PASSWORD);
    const { id } = await balanceMilli(page);
    await credit(site, id, '1');
    await page.goto('/api/qrcode');
    await consoleOf(page)
      .getByLabel(/^format/)
      .selectOption('png');
    await send(page);
    const status = await page.getByTestId('console-status').textContent();
    expect(status).toBe('200');
    await page.getByLabel('Copy as').selectOption('curl');
    await page.getByTestId('console-result').getByRole('button', { name: 'Copy' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    // A paid API's command opens with a line on its Idempotency-Key, then the curl it runs.
    expect(copied).toMatch(/^(?:# [^\n]*\n)?curl /);

    const dir = mkdtempSync(join(tmpdir(), 'portico-copied-'));
    try {
      const { stdout } = await run('sh', ['-c', `${copied} -w '%{http_code}'`], { cwd: dir });
      expect(stdout).toBe(status);
      expect(readFileSync(join(dir, 'qrcode.png')).subarray(1, 4).toString('latin1')).toBe('PNG');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await context.close();
  });
});
