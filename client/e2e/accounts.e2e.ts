import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describeBrowser, screenshot, Site, startSite } from './harness';

const PASSWORD = 'secret-pass-1';

/** Registers through the form, which signs the new user in and opens the dashboard. */
async function register(page: Page, username: string) {
  await page.goto('/register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL('**/user/dashboard');
}

async function login(page: Page, username: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
}

const apiKeyField = (page: Page) => page.getByRole('textbox', { name: 'API key' });

describeBrowser('accounts', () => {
  let site: Site;
  let databaseFile: string;
  beforeAll(async () => {
    databaseFile = join(mkdtempSync(join(tmpdir(), 'portico-accounts-')), 'e2e.db');
    site = await startSite({ DATABASE_URL: `sqlite:${databaseFile}` });
  });
  afterAll(async () => {
    await site?.stop();
  });

  /** Call-log rows for a user, written as the gateway would. */
  function insertLogs(username: string, count: number) {
    const db = new Database(databaseFile);
    try {
      const { id } = db
        .prepare('SELECT id FROM users WHERE username_key = ?')
        .get(username.toLowerCase()) as { id: number };
      const insert = db.prepare(
        `INSERT INTO access_logs (user_id, api_id, api_name, ip_address, access_url, user_agent, access_time)
         VALUES (?, NULL, ?, '203.0.113.9', ?, 'curl/8.5', ?)`,
      );
      for (let i = 1; i <= count; i++) {
        insert.run(
          id,
          i === count ? '' : `Demo API ${i}`,
          `/apis/demo?n=${i}`,
          `2026-03-01 10:00:${String(i % 60).padStart(2, '0')}`,
        );
      }
    } finally {
      db.close();
    }
  }

  it('register → dashboard → change key → call logs → logout', async () => {
    const { context, page } = await site.newPage();
    await register(page, 'e2e_alice');
    // Registering signed the user in: the dashboard greets them and marks the key card.
    await page
      .getByText('Welcome, e2e_alice! Your account is ready. Below is your API key')
      .waitFor();
    expect(await page.getByTestId('key-card').getAttribute('class')).toContain('border-primary');
    await page.getByTestId('username').getByText('e2e_alice').waitFor();
    expect(await page.getByTestId('balance').textContent()).toContain('0.00');
    // Hidden until asked for: its first characters, then dots.
    expect(await apiKeyField(page).inputValue()).toMatch(/^pk_[A-Za-z0-9_-]{3}•{8,}$/);
    await page.getByRole('button', { name: 'Show' }).click();
    const firstKey = await apiKeyField(page).inputValue();
    expect(firstKey).toMatch(/^pk_[A-Za-z0-9_-]{20,}$/);
    expect(await page.title()).toMatch(/^User centre - /);
    await screenshot(page, 'accounts-dashboard');
    // The greeting is for the first visit only.
    await page.reload();
    await page.getByTestId('username').getByText('e2e_alice').waitFor();
    expect(await page.getByText('Your account is ready').count()).toBe(0);

    await page.getByRole('button', { name: 'Change key' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('the old key stops working immediately').waitFor();
    await page.locator('.modal.show').waitFor();
    await page.waitForTimeout(300); // let the fade-in finish for the screenshot
    await screenshot(page, 'accounts-change-key-confirm');
    await dialog.getByRole('button', { name: 'Change key' }).click();
    await page.getByText('API key changed; the old key no longer works').waitFor();
    await page.waitForFunction(
      (old) =>
        (document.querySelector('input[aria-label="API key"]') as HTMLInputElement)?.value !== old,
      firstKey,
    );
    const secondKey = await apiKeyField(page).inputValue();
    expect(secondKey).toMatch(/^pk_/);
    expect(secondKey).not.toBe(firstKey);

    insertLogs('e2e_alice', 23);
    await page.getByRole('link', { name: 'Call records' }).click();
    await page.waitForURL('**/user/accesslogs');
    await page.getByTestId('logs-total').getByText('23 call records in total').waitFor();
    const rows = page.locator('tbody tr[data-charge]');
    expect(await rows.count()).toBe(20);
    await rows.first().getByText('unknown API').waitFor();
    expect(await page.title()).toMatch(/^Call records - /);
    await screenshot(page, 'accounts-call-logs');
    // The next page is read on from page 1's last call (rows written here carry no fraction of a
    // second, which the position must compare as stored).
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/user/accesslogs' &&
        url.searchParams.get('page') === '2' &&
        url.searchParams.has('before'),
    );
    await page.locator('tbody').getByText('Demo API 1', { exact: true }).waitFor();
    expect(await rows.count()).toBe(3);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('isLoggedIn'))).toBeNull();
    const info = await page.request.get('/api/user/get_user_info.php');
    expect(info.status()).toBe(401);
    await context.close();
  });

  it('guards user pages with an encoded redirect and returns there after login', async () => {
    const { context, page } = await site.newPage();
    await register(page, 'e2e_bob');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/user/accesslogs?page=2');
    await page.waitForURL('**/login?**');
    expect(new URL(page.url()).search).toBe(
      `?redirect=${encodeURIComponent('/user/accesslogs?page=2')}`,
    );
    await login(page, 'e2e_bob');
    await page.waitForURL('**/user/accesslogs?page=2');
    // Signed in, the login page itself sends the user on to the dashboard.
    await page.goto('/login');
    await page.waitForURL('**/user/dashboard');
    await context.close();
  });

  it('keeps the user signed in across a reload and sends them to login when the session ends', async () => {
    const { context, page } = await site.newPage();
    await register(page, 'e2e_carol');
    await page.reload();
    await page.getByTestId('username').getByText('e2e_carol').waitFor();
    await page.getByRole('banner').getByText('Welcome').waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/dashboard');

    await context.clearCookies();
    await page.reload();
    await page.waitForURL('**/login?**');
    expect(new URL(page.url()).search).toBe(`?redirect=${encodeURIComponent('/user/dashboard')}`);
    expect(await page.evaluate(() => sessionStorage.getItem('isLoggedIn'))).toBeNull();
    await context.close();
  });

  it('shows the validation messages of the register and login forms', async () => {
    const { context, page } = await site.newPage();
    await page.goto('/register');
    await page.getByLabel('Username').fill('bad-name');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('username may only contain letters, digits and underscores').waitFor();
    await screenshot(page, 'accounts-register-error');
    await page.goto('/login');
    await page.getByLabel('Username').fill('nobody_here');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Invalid username or password.').waitFor();
    await context.close();
  });
});
