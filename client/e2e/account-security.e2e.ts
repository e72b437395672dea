import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import {
  ADMIN,
  ADMIN_LOGIN_PATH,
  adminLogin,
  appPage,
  describeBrowser,
  PHONE_AND_DESKTOP,
  register,
  Site,
  startSite,
} from './harness';

const PASSWORD = 'secret-pass-1';
const NEW_PASSWORD = 'secret-pass-2';
/** Screenshots of the new screens, for a person to look at. */
const SHOTS = '/tmp/shots-29';

async function signIn(page: Page, username: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/user/dashboard');
}

const sessionRows = (page: Page) => page.getByTestId('sessions').locator('.list-group-item');

describeBrowser('account security', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.stop();
  });

  async function browser(
    viewport: { width: number; height: number } = { width: 1280, height: 800 },
    cookies: Record<string, string> = {},
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await site.browser.newContext({ baseURL: site.url, viewport });
    await context.addCookies(
      Object.entries(cookies).map(([name, value]) => ({ name, value, url: site.url })),
    );
    await context.addInitScript(() => sessionStorage.setItem('homeNoticeShown', '1'));
    return { context, page: appPage(await context.newPage()) };
  }

  it('signs another browser out, which lands on the login page; then changes the password', async () => {
    const first = await browser();
    const second = await browser();
    try {
      await register(first.page, 'e2e_sessions', PASSWORD);
      await signIn(second.page, 'e2e_sessions');

      await first.page.reload();
      const security = first.page.locator('#security');
      await security.getByText('Where you are signed in').waitFor();
      // The change-password card's form (the two-factor card asks for the password too).
      const passwordForm = security.locator('form', {
        has: first.page.locator('#security-new_password'),
      });
      await expectRows(first.page, 2);
      const current = sessionRows(first.page).filter({ hasText: 'This device' });
      expect(await current.count()).toBe(1);
      expect(await current.getByRole('button').count()).toBe(0);

      await sessionRows(first.page)
        .filter({ hasNotText: 'This device' })
        .getByRole('button', { name: /^Sign out/ })
        .click();
      await first.page.getByText('That session has been signed out.').waitFor();
      await expectRows(first.page, 1);
      await first.page.getByText('You are not signed in anywhere else.').waitFor();

      // The second browser's next navigation finds its session gone.
      await second.page.goto('/user/accesslogs');
      await second.page.waitForURL('**/login**');
      expect(new URL(second.page.url()).pathname).toBe('/login');

      // Signed in again there, then the password changes here: the other session ends again.
      await signIn(second.page, 'e2e_sessions');
      await passwordForm.getByLabel('Current password').fill('not-the-password');
      await passwordForm.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await passwordForm.getByLabel('Confirm new password').fill(NEW_PASSWORD);
      await security.getByRole('button', { name: 'Change password' }).click();
      await security.getByText('The current password is incorrect.').waitFor();
      expect(await passwordForm.getByLabel('Current password').getAttribute('aria-invalid')).toBe(
        'true',
      );

      await passwordForm.getByLabel('Current password').fill(PASSWORD);
      await security.getByRole('button', { name: 'Change password' }).click();
      await security.getByText('Password changed.').waitFor();
      await expectRows(first.page, 1);

      await second.page.goto('/user/recharge');
      await second.page.waitForURL('**/login**');
      await second.page.getByLabel('Username').fill('e2e_sessions');
      await second.page.getByLabel('Password').fill(PASSWORD);
      await second.page.getByRole('button', { name: 'Login' }).click();
      await second.page.getByText('Invalid username or password.').waitFor();
      await signIn(second.page, 'e2e_sessions', NEW_PASSWORD);

      // This browser stayed signed in through all of it.
      await first.page.goto('/user/dashboard');
      await first.page.getByTestId('username').getByText('e2e_sessions').waitFor();
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });

  it('keeps the user and the admin signed in in a new tab; signing out there signs out every tab', async () => {
    const { context, page: first } = await browser();
    try {
      await register(first, 'e2e_tabs', PASSWORD);

      // A new tab has its own (empty) sessionStorage: the session cookie is what it goes by.
      const second = appPage(await context.newPage());
      await second.goto('/user/accesslogs');
      await second.getByRole('heading', { name: 'Call records' }).waitFor();
      await second.getByRole('banner').getByText('Welcome, e2e_tabs').waitFor();
      expect(second.url()).toMatch(/\/user\/accesslogs$/);

      await adminLogin(first);
      const third = appPage(await context.newPage());
      await third.goto('/admin/control');
      await third.getByRole('heading', { name: 'API管理' }).waitFor();

      // The admin signs out in the first tab: the third lands on the admin login.
      await first.getByRole('button', { name: '退出登录' }).click();
      await third.waitForURL(`**${ADMIN_LOGIN_PATH}`);
      await third.getByRole('button', { name: '登录' }).waitFor();

      // The user signs out in the second tab: the first, back on a user page, goes to login.
      await first.goto('/user/dashboard');
      await first.getByRole('banner').getByText('Welcome, e2e_tabs').waitFor();
      await second.getByRole('button', { name: 'Logout' }).click();
      await second.waitForURL((url) => url.pathname === '/');
      await first.waitForURL('**/login?redirect=*');
      await first.getByRole('button', { name: 'Login' }).waitFor();

      // A new tab after the sign-out asks nobody and shows a visitor.
      const fourth = appPage(await context.newPage());
      await fourth.goto('/user/dashboard');
      await fourth.waitForURL('**/login?redirect=*');
    } finally {
      await context.close();
    }
  });

  it('keeps the user and the admin signed in after the browser restarts', async () => {
    const { context, page } = await browser();
    let kept: Awaited<ReturnType<BrowserContext['storageState']>>;
    try {
      await register(page, 'e2e_restart', PASSWORD);
      await adminLogin(page);
      // A restart keeps what is on disk: cookies with an expiry and local storage. Session cookies
      // and every tab's sessionStorage are gone.
      const state = await context.storageState();
      kept = { ...state, cookies: state.cookies.filter((cookie) => cookie.expires > 0) };
    } finally {
      await context.close();
    }
    const restarted = await site.browser.newContext({
      baseURL: site.url,
      viewport: { width: 1280, height: 800 },
      storageState: kept,
    });
    try {
      const page = appPage(await restarted.newPage());
      await page.goto('/user/accesslogs');
      await page.getByRole('heading', { name: 'Call records' }).waitFor();
      await page.getByRole('banner').getByText('Welcome, e2e_restart').waitFor();
      await page.goto('/admin/control');
      await page.getByRole('heading', { name: 'API管理' }).waitFor();
      // Signed out, so the admin's sessions are as the next test expects them.
      await page.getByRole('button', { name: '退出登录' }).click();
      await page.waitForURL(`**${ADMIN_LOGIN_PATH}`);
    } finally {
      await restarted.close();
    }
  });

  it('lets the admin sign its other sessions out from the password page', async () => {
    const here = await browser();
    const there = await browser();
    try {
      await adminSignIn(here.page);
      await adminSignIn(there.page);
      await here.page.goto('/admin/password');
      await here.page.getByText('登录设备').waitFor();
      await expectRows(here.page, 2);
      await here.page.getByRole('button', { name: '退出其他所有设备' }).click();
      await here.page.getByText('已退出其他 1 个会话。').waitFor();
      await expectRows(here.page, 1);
      await there.page.goto('/admin/password');
      await there.page.waitForURL('**/MiloraAPI/admin/lg');
    } finally {
      await here.context.close();
      await there.context.close();
    }
  });

  it('takes screenshots of the security section, phone and desktop, both languages and themes', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const other = await browser();
    await register(other.page, 'e2e_shots', PASSWORD);
    try {
      for (const viewport of PHONE_AND_DESKTOP) {
        for (const lang of ['en', 'zh']) {
          for (const theme of ['light', 'dark']) {
            const { context, page } = await browser(viewport, { theme });
            try {
              await signIn(page, 'e2e_shots');
              await context.addCookies([{ name: 'lang', value: lang, url: site.url }]);
              await page.reload();
              const section = page.locator('#security');
              await section.getByTestId('sessions').waitFor();
              // A refused field, so the screenshot shows how an error looks.
              await section
                .locator('form', { has: page.locator('#security-new_password') })
                .locator('button[type=submit]')
                .click();
              await section.locator('.invalid-feedback').first().waitFor();
              const name = `user-security-${viewport.width}-${lang}-${theme}`;
              // The whole page, cut to the section: an element shot would slide it under the
              // sticky header.
              await page.evaluate(() => window.scrollTo(0, 0));
              const box = await section.evaluate((element) => {
                const rect = element.getBoundingClientRect();
                return { top: rect.top + window.scrollY, height: rect.height };
              });
              await page.screenshot({
                path: `${SHOTS}/${name}.png`,
                fullPage: true,
                clip: { x: 0, y: box.top - 16, width: viewport.width, height: box.height + 32 },
              });
            } finally {
              await context.close();
            }
          }
        }
        const { context, page } = await browser(viewport, { theme: 'dark' });
        try {
          await adminSignIn(page);
          await page.goto('/admin/password');
          await page.getByTestId('sessions').waitFor();
          await page.screenshot({
            path: `${SHOTS}/admin-password-${viewport.width}-dark.png`,
            fullPage: true,
          });
        } finally {
          await context.close();
        }
      }
    } finally {
      await other.context.close();
    }
    // Ten sign-ins, each hashing a password on purpose slowly: past a minute on a slow machine.
  }, 180_000);
});

async function expectRows(page: Page, count: number) {
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="sessions"] .list-group-item').length === n,
    count,
  );
}

async function adminSignIn(page: Page) {
  await page.goto('/MiloraAPI/admin/lg');
  await page.getByLabel('用户名').fill(ADMIN.username);
  await page.getByLabel('密码').fill(ADMIN.password);
  await page.getByRole('button', { name: '登录' }).click();
  await page.getByRole('heading', { name: '仪表盘' }).waitFor();
}
