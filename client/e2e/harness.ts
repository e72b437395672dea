import { ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';
import { describeIf } from '../../server/test/requires';

export const CHROMIUM = '/usr/bin/chromium';
export const ADMIN = { username: 'e2e_admin', password: 'e2e-admin-password' } as const;
const SERVER_MAIN = resolve(__dirname, '../../server/dist/main.js');
const ADMIN_CLI = resolve(__dirname, '../../server/dist/cli/admin.js');
const CLIENT_INDEX = resolve(__dirname, '../dist/index.html');
const SHOTS = resolve(__dirname, 'screenshots');

/** Browser tests need Chromium and the built site: outside CI they skip without, in CI they fail. */
export const describeBrowser = describeIf(
  existsSync(CHROMIUM) && existsSync(SERVER_MAIN) && existsSync(CLIENT_INDEX),
  'Chromium at /usr/bin/chromium and the built site (npm run build)',
);

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface Site {
  url: string;
  browser: Browser;
  /** A fresh browser context (own cookies and session storage) with one page. */
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  /** `npm run admin -- …` against this site's database, as an operator would: what it printed. */
  adminCommand(...args: string[]): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts the built site on a free port with a fresh seeded SQLite database, and Chromium. `vars`
 * may be made from the site's address (for PUBLIC_URL).
 */
export async function startSite(
  vars: Record<string, string> | ((url: string) => Record<string, string>) = {},
): Promise<Site> {
  const dir = mkdtempSync(join(tmpdir(), 'portico-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const storage = { DATA_DIR: dir, DATABASE_URL: `sqlite:${join(dir, 'e2e.db')}` };
  const server: ChildProcess = spawn(process.execPath, [SERVER_MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...storage,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      // Every page of every suite comes from 127.0.0.1: the per-visitor render budget has tests
      // of its own on the server.
      PAGE_RENDERS_PER_IP: '100000',
      ...(typeof vars === 'function' ? vars(url) : vars),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForReady(`${url}/readyz`, server);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  // Every page asks for reduced motion: Bootstrap then scrolls a focused field into view at once,
  // not smoothly, so a click never lands where a control was while the page was still scrolling
  // (a fill's scroll went on for 400 ms after it and made the next check() miss its switch).
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ reducedMotion: 'reduce', ...options });
  return {
    url,
    browser,
    newPage: async () => {
      const context = await browser.newContext({
        baseURL: url,
        viewport: { width: 1280, height: 900 },
      });
      return { context, page: appPage(await context.newPage()) };
    },
    adminCommand: async (...args) =>
      (
        await promisify(execFile)(process.execPath, [ADMIN_CLI, ...args], {
          env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...storage },
        })
      ).stdout,
    stop: async () => {
      await browser.close();
      server.kill('SIGTERM');
      await new Promise((done) =>
        server.exitCode !== null ? done(null) : server.once('exit', done),
      );
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForReady(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become ready at ${url}`);
}

/**
 * A server-rendered page is painted before the app takes it over (client/src/main.tsx), so a click
 * right after `load` can come before the app is there. This page's goto and reload also wait until
 * the app has hydrated the page (`<html data-hydrated>`) when the server rendered it; a page the
 * browser renders itself is left as before. `page.mainFrame().goto` still goes without waiting.
 */
export function appPage(page: Page): Page {
  const ready = () =>
    page.waitForFunction(
      () =>
        document.getElementById('portico-state') === null ||
        document.documentElement.dataset.hydrated === 'true',
    );
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await ready();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await ready();
    return response;
  };
  return page;
}

/**
 * Saves a screenshot under e2e/screenshots (git-ignored) for a person to look at: the whole page,
 * or only the window when something floats over it (a dialog a full-page shot would not show).
 */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
}

/**
 * Registers through the site's own pages, which signs the new user in, and waits for the
 * dashboard's greeting of a new user (the page the register form hands over to).
 */
export async function register(page: Page, username: string, password: string) {
  await page.goto('/register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL('**/user/dashboard');
  // The greeting marks the key card (in either language).
  await page.locator('[data-testid="key-card"].border-primary').waitFor();
}

/** Registers through the site's own pages and lands on the dashboard, signed in. */
export const signUpAndLogIn = register;

/** The back office's hidden login path (SPEC §4). */
export const ADMIN_LOGIN_PATH = '/MiloraAPI/admin/lg';

/** Signs the admin in through the admin login page and waits for the dashboard. */
export async function adminLogin(page: Page): Promise<void> {
  await page.goto(ADMIN_LOGIN_PATH);
  await page.getByLabel('用户名').fill(ADMIN.username);
  await page.getByLabel('密码').fill(ADMIN.password);
  await page.getByRole('button', { name: '登录' }).click();
  await page.getByRole('heading', { name: '仪表盘' }).waitFor();
}

/** Answers the back office's own confirmation: checks its question and presses `action`. */
export async function confirmIn(page: Page, question: string, action: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: '请确认' });
  await dialog.getByText(question, { exact: true }).waitFor();
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** A phone's and a desktop's screen, for screenshots of every page. */
export const PHONE_AND_DESKTOP = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** A JSON call of the site with the context's cookies and XSRF header (a POST when given a body). */
export async function siteCall(context: BrowserContext, url: string, path: string, body?: object) {
  const xsrf = (await context.cookies(url)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await context.request.fetch(`${url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf), 'content-type': 'application/json' },
    data: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as { success: boolean; data: any };
}

/**
 * A site on a SQLite file of its own, kept open here so a test can write history (last month's
 * calls, a day's usage) straight into it. `close` stops the site and removes the file.
 */
export async function startSiteOnFile(
  name: string,
): Promise<{ site: Site; db: Database.Database; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), `portico-${name}-e2e-`));
  const file = join(dir, `${name}.db`);
  const site = await startSite({ DATABASE_URL: `sqlite:${file}` });
  const db = new Database(file);
  return {
    site,
    db,
    close: async () => {
      db.close();
      await site.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Gives a user `amount` yuan as the back office does (an audited adjustment). */
export async function adjustBalance(site: Site, userId: number, amount: string): Promise<void> {
  const admin = await site.browser.newContext({ baseURL: site.url });
  await admin.request.get(`${site.url}/api/get_config.php`);
  await siteCall(admin, site.url, '/api/admin/admin_login.php', ADMIN);
  await siteCall(admin, site.url, '/api/admin/adjust_user_balance.php', {
    user_id: userId,
    amount,
    reason: 'browser test',
  });
  await admin.close();
}

/** The gateway addresses (with their examples' queries) of the catalogue's paid GET APIs. */
export async function paidGetUrls(context: BrowserContext, site: Site): Promise<string[]> {
  const list = await siteCall(context, site.url, '/api/get_api_list.php?is_paid=1&per_page=100');
  return (list.data as { name_en: string; example_url: string; request_method: string }[])
    .filter((api) => api.request_method === 'GET')
    .map((api) => {
      const example = new URL(api.example_url || `/apis/${api.name_en}`, site.url);
      return `${site.url}${example.pathname}${example.search}`;
    });
}

/** Registers through the site's pages and gives the new user `amount` yuan: its id and key. */
export async function payingUser(
  site: Site,
  { context, page }: { context: BrowserContext; page: Page },
  username: string,
  password: string,
  amount: string,
): Promise<{ userId: number; apiKey: string }> {
  await register(page, username, password);
  const me = await siteCall(context, site.url, '/api/user/get_user_info.php');
  await adjustBalance(site, me.data.id as number, amount);
  return { userId: me.data.id as number, apiKey: me.data.api_key as string };
}

/**
 * The page at a phone's and a desktop's width in each of `langs`, light and dark, as screenshots;
 * at each, nothing sticks out sideways.
 */
export async function shootEveryWay(
  context: BrowserContext,
  page: Page,
  name: string,
  langs: readonly ('en' | 'zh')[],
): Promise<void> {
  const url = page.url();
  for (const lang of langs) {
    for (const theme of ['light', 'dark'] as const) {
      await context.addCookies([
        { name: 'lang', value: lang, url },
        { name: 'theme', value: theme, url },
      ]);
      await page.reload();
      await page.locator('h1').first().waitFor();
      await page.locator('[role="status"].text-muted').first().waitFor({ state: 'detached' });
      for (const size of PHONE_AND_DESKTOP) {
        await page.setViewportSize(size);
        await screenshot(page, `${name}-${size.width}-${lang}-${theme}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          size.width,
        );
      }
    }
  }
  await context.addCookies([
    { name: 'lang', value: 'en', url },
    { name: 'theme', value: 'light', url },
  ]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
}
