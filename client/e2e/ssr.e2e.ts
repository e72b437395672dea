import type { Page, Request } from 'playwright-core';
import { appPage, describeBrowser, screenshot, signUpAndLogIn, Site, startSite } from './harness';

/**
 * Console errors and warnings (hydration mismatches are reported there), the site's data calls,
 * and a wait until none of them is still on its way.
 */
function watch(page: Page) {
  const problems: string[] = [];
  const calls: string[] = [];
  const pending = new Set<Request>();
  const isDataCall = (request: Request) => /\/api\/[^?]+\.php/.test(request.url());
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (request) => {
    if (!isDataCall(request)) return;
    calls.push(new URL(request.url()).pathname);
    pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  const settled = async () => {
    for (let quiet = 0; quiet < 3; quiet = pending.size === 0 ? quiet + 1 : 0) {
      await page.waitForTimeout(100);
    }
  };
  return { problems, calls, settled };
}

const EARLY_PASSWORD = 'early-pass-1';

describeBrowser('server-rendered pages', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.stop();
  });

  // Each page in another of the eight combinations of language, theme and size, so that all of
  // them are hydrated once without a page more.
  it.each([
    ['/', 'en', 'light', 1280],
    ['/?category=text&sort=popular&page=1', 'zh', 'dark', 390],
    ['/?category=retired', 'en', 'dark', 1280],
    ['/api/1/ip', 'zh', 'light', 390],
    ['/about', 'zh', 'dark', 1280],
    ['/friends', 'en', 'light', 390],
    ['/login', 'zh', 'light', 1280],
    ['/register', 'en', 'dark', 390],
    // The stored page serves every invite link: the link's own note waits for hydration.
    ['/register?invite=ABCDEFGHJK', 'zh', 'light', 1280],
  ])(
    'hydrates %s (%s, %s, %i px) without a warning and without asking for its data again',
    async (path, lang, theme, width) => {
      const { context, page } = await site.newPage();
      await context.addCookies([
        { name: 'lang', value: lang, url: site.url },
        { name: 'theme', value: theme, url: site.url },
      ]);
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      const { problems, calls } = watch(page);
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.locator('#root header.portico-header').waitFor();
      expect(problems).toEqual([]);
      expect(calls).toEqual([]);
      await context.close();
    },
  );

  it('holds a form sent before the app has taken the page over, and marks the page once it has', async () => {
    const { context, page } = await site.newPage();
    const app = /\/assets\/boot-/;
    await page.route(app, () => undefined);
    await page.mainFrame().goto('/login');
    await page.getByLabel('Username').fill('early-bird');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForTimeout(300);
    expect(page.url()).toBe(`${site.url}/login`);
    expect(await page.getByLabel('Username').inputValue()).toBe('early-bird');
    expect(await page.getAttribute('html', 'data-hydrated')).toBeNull();
    await page.unroute(app);
    await page.reload();
    expect(await page.getAttribute('html', 'data-hydrated')).toBe('true');
    await context.close();
  });

  /**
   * Opens `path` with the app's code held back, lets `early` act on the painted page, then lets
   * the app load and take the page over.
   */
  async function beforeTakeOver(page: Page, path: string, early: () => Promise<void>) {
    const app = /\/assets\/boot-/;
    let release = () => {};
    const released = new Promise<void>((done) => (release = done));
    await page.route(app, async (route) => {
      await released;
      await route.continue();
    });
    await page.mainFrame().goto(path);
    await early();
    expect(await page.getAttribute('html', 'data-hydrated')).toBeNull();
    release();
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.unroute(app);
  }

  it('keeps what was typed before the app took over, and sends the held press of Register and Login', async () => {
    const { context, page } = await site.newPage();
    const { problems, settled } = watch(page);
    await beforeTakeOver(page, '/register', async () => {
      await page.getByLabel('Username').fill('early_bird');
      await page.getByLabel('Password', { exact: true }).fill(EARLY_PASSWORD);
      await page.getByLabel('Confirm password').fill(EARLY_PASSWORD);
      await page.getByRole('button', { name: 'Register' }).click();
    });
    // Registering signs the new user in; signing out again leaves the login form to try.
    await page.waitForURL('**/user/dashboard');
    await page.getByRole('banner').getByText('Welcome, early_bird').waitFor();
    // Signing out while the dashboard still loads would end the session under its calls (401s).
    await page.getByRole('heading', { name: 'User centre' }).waitFor();
    await settled();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await beforeTakeOver(page, '/login', async () => {
      await page.getByLabel('Username').fill('early_bird');
      await page.getByLabel('Password').fill(EARLY_PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
    });
    await page.waitForURL('**/user/dashboard');
    await page.getByRole('banner').getByText('Welcome, early_bird').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps a search typed before the app took over', async () => {
    const { context, page } = await site.newPage();
    // The home notice would cover the page (and make it inert) until confirmed.
    await context.addInitScript(() => sessionStorage.setItem('homeNoticeShown', '1'));
    const box = page.getByRole('searchbox', { name: 'Search free APIs' });
    await beforeTakeOver(page, '/', () => box.fill('timestmp'));
    await page.waitForFunction(() =>
      document
        .querySelector('[aria-label="Free APIs"] a')
        ?.textContent?.includes('Timestamp converter'),
    );
    // Nothing the app renders afterwards puts the server's empty box back.
    await page.waitForTimeout(500);
    expect(await box.inputValue()).toBe('timestmp');
    await context.close();
  });

  it('sends the try-it console as filled in and pressed before the app took over', async () => {
    const { context, page } = await site.newPage();
    const form = page.getByTestId('api-console');
    await beforeTakeOver(page, '/api/uuid', async () => {
      await form.getByLabel(/^count/).fill('3');
      await form.getByRole('button', { name: /Send request/ }).click();
    });
    await page.getByTestId('console-status').waitFor();
    const body = (await page.getByTestId('console-body').textContent()) ?? '';
    expect(
      body.match(/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/g),
    ).toHaveLength(3);
    await context.close();
  });

  it('shows the whole brand in a phone header, for a visitor and a signed-in user', async () => {
    const context = await site.browser.newContext({
      baseURL: site.url,
      viewport: { width: 390, height: 844 },
    });
    await context.addInitScript(() => sessionStorage.setItem('homeNoticeShown', '1'));
    const page = appPage(await context.newPage());
    const brandFits = () =>
      page
        .locator('header .navbar-brand')
        .evaluate((brand) => brand.scrollWidth <= brand.clientWidth);
    await page.goto('/');
    expect(await brandFits()).toBe(true);
    expect(await page.locator('header').getByRole('link', { name: 'Register' }).isVisible()).toBe(
      false,
    );
    await signUpAndLogIn(page, 'phone_header_user_name', EARLY_PASSWORD);
    expect(await brandFits()).toBe(true);
    await page.locator('button[aria-controls="portico-sidebar"]').click();
    await page.locator('#portico-sidebar').getByText('Welcome, phone_header_user_name').waitFor();
    await context.close();
  });

  it('loads the page again, once, when the app fails to load', async () => {
    const { context, page } = await site.newPage();
    const app = /\/assets\/boot-/;
    await page.route(app, (route) => route.abort());
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.mainFrame().goto('/login');
    const deadline = Date.now() + 10_000;
    while (loads < 2 && Date.now() < deadline) await page.waitForTimeout(100);
    await page.waitForTimeout(1_000);
    expect(loads).toBe(2);
    expect(await page.evaluate(() => sessionStorage.getItem('porticoReloaded'))).toBe(
      `${site.url}/login`,
    );
    // Once the app loads again, the next failure may reload again.
    await page.unroute(app);
    await page.reload();
    expect(await page.getAttribute('html', 'data-hydrated')).toBe('true');
    expect(await page.evaluate(() => sessionStorage.getItem('porticoReloaded'))).toBeNull();
    await context.close();
  });

  it('keeps the chosen language across a reload, on the server-rendered page too', async () => {
    const { context, page } = await site.newPage();
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Switch to Chinese' }).click();
    await page.getByRole('heading', { name: '免费 API' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('<html lang="zh-CN">');
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: '免费 API' }).waitFor();
    await screenshot(page, 'ssr-home-zh');
    await context.close();
  });

  it('blocks an inline script injected into the page', async () => {
    const { context, page } = await site.newPage();
    const { problems } = watch(page);
    await page.goto('/about', { waitUntil: 'networkidle' });
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true;';
      document.body.append(script);
      return (window as unknown as { injected?: boolean }).injected === true;
    });
    expect(ran).toBe(false);
    expect(problems.join('\n')).toMatch(/Content Security Policy/);
    await context.close();
  });

  it('leaves the app for the server when the router is sent to /apis/', async () => {
    const { context, page } = await site.newPage();
    await page.goto('/about', { waitUntil: 'networkidle' });
    await Promise.all([
      page.waitForURL('**/apis/uuid'),
      page.evaluate(() => {
        history.pushState(null, '', '/apis/uuid');
        dispatchEvent(new PopStateEvent('popstate'));
      }),
    ]);
    await page.waitForLoadState();
    expect(await page.locator('#root').count()).toBe(0);
    expect(await page.textContent('body')).toContain('"success":true');
    await context.close();
  });
});
