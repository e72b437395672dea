import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page, Route } from 'playwright-core';
import { describeBrowser, screenshot, Site, startSite } from './harness';
import { SEARCH_DEBOUNCE_MS } from '../src/components/ui/useDebouncedValue';

/** Extra APIs so the free list spans more than one page of 48 and the paid one more than 12. */
const EXTRA_FREE_APIS = 40;
const EXTRA_PAID_APIS = 10;

function addFillerApis(dbFile: string): void {
  const db = new Database(dbFile);
  const insert = db.prepare(
    `INSERT INTO apis (name, name_en, description, description_en, endpoint, example_url,
       request_params, response_params, status_codes, php_example, response_example, is_paid,
       price_per_call_milli)
     VALUES (?, ?, 'Filler API for paging', '', ?, '', '[]', '[]', '[]', '', '', ?, ?)`,
  );
  for (let i = 1; i <= EXTRA_FREE_APIS; i++) {
    insert.run(`Filler ${i}`, `filler-${i}`, `/apis/filler-${i}`, 0, 0);
  }
  for (let i = 1; i <= EXTRA_PAID_APIS; i++) {
    insert.run(`Paid filler ${i}`, `paid-filler-${i}`, `/apis/paid-filler-${i}`, 1, 5);
  }
  db.close();
}

describeBrowser('public catalogue', () => {
  let site: Site;
  const dbDir = mkdtempSync(join(tmpdir(), 'portico-e2e-cat-'));

  beforeAll(async () => {
    const dbFile = join(dbDir, 'catalogue.db');
    site = await startSite({ DATABASE_URL: `sqlite:${dbFile}` });
    addFillerApis(dbFile);
  });
  afterAll(async () => {
    await site?.stop();
    rmSync(dbDir, { recursive: true, force: true });
  });

  const freeCards = (page: Page) => page.getByRole('list', { name: 'Free APIs' }).getByRole('link');
  const paidCards = (page: Page) => page.getByRole('list', { name: 'Paid APIs' }).getByRole('link');

  /** Client-side navigation (a direct load of /api/... is answered by the server, see README). */
  async function navigate(page: Page, path: string) {
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  }

  async function dismissNotice(page: Page) {
    const dialog = page.getByRole('dialog', { name: 'Site announcement' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** Reloads home, whose notice this session has seen: it must stay away. */
  async function expectNoNoticeAfterReload(page: Page) {
    await page.reload();
    await freeCards(page).first().waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByRole('dialog').count()).toBe(0);
  }

  it('shows the home notice once per session, only on home', async () => {
    const { context, page } = await site.newPage();
    await page.goto('/about');
    await page.getByRole('heading', { name: /About/ }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('link', { name: 'Home', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Site announcement' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Welcome to Portico');
    await screenshot(page, 'catalogue-notice');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await expectNoNoticeAfterReload(page);

    const other = await context.browser()!.newContext({ baseURL: site.url });
    const fresh = await other.newPage();
    await fresh.goto('/');
    await fresh.getByRole('dialog', { name: 'Site announcement' }).waitFor();
    await other.close();
    await context.close();
  });

  it('paints the notice with the server-rendered home page, dismissible before the app loads', async () => {
    const { context, page } = await site.newPage();
    // Without the app (its module held back): the server's copy alone, shown by its own script,
    // modal (focus in the dialog, the page behind it inert) and dismissible.
    const app = /\/assets\/boot-/;
    const held: Route[] = [];
    await page.route(app, (route) => void held.push(route));
    await page.mainFrame().goto('/');
    const dialog = page.getByRole('dialog', { name: 'Site announcement' });
    await dialog.waitFor();
    expect(await page.locator('#portico-notice').count()).toBe(1);
    const modalState = () =>
      page.evaluate(() => ({
        focused: document.activeElement?.classList.contains('modal') ?? false,
        inert: document.getElementById('root')!.inert,
      }));
    expect(await modalState()).toEqual({ focused: true, inert: true });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect((await modalState()).inert).toBe(false);
    expect(await page.evaluate(() => sessionStorage.getItem('homeNoticeShown'))).toBe('1');
    await Promise.all(held.map((route) => route.continue()));
    await page.unroute(app);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expectNoNoticeAfterReload(page);

    // Shown is seen: a reload before the app has loaded does not show it again.
    const { context: early, page: first } = await site.newPage();
    await first.route(app, () => undefined);
    await first.mainFrame().goto('/');
    await first.getByRole('dialog', { name: 'Site announcement' }).waitFor();
    await first.mainFrame().goto('/');
    await first.locator('#portico-notice').waitFor({ state: 'detached' });
    expect(await first.getByRole('dialog').count()).toBe(0);
    await early.close();

    // With the app: it takes the server's copy over, one dialog throughout, closed by its buttons.
    const { context: fresh, page: other } = await site.newPage();
    await other.goto('/');
    await other.locator('#portico-notice').waitFor({ state: 'detached' });
    const taken = other.getByRole('dialog', { name: 'Site announcement' });
    expect(await taken.count()).toBe(1);
    await taken.getByRole('button', { name: 'Confirm' }).click();
    await taken.waitFor({ state: 'detached' });
    expect(await other.locator('.modal-backdrop').count()).toBe(0);
    await fresh.close();
    await context.close();
  });

  it('renders home with stats, partners, ads and both lists, titled with the site name', async () => {
    const { context, page } = await site.newPage();
    await page.goto('/');
    await dismissNotice(page);
    await freeCards(page).first().waitFor();
    expect(await freeCards(page).count()).toBe(48);
    expect(await page.title()).toBe('Home - Portico API');
    await page.getByRole('list', { name: 'Partners' }).getByRole('link').first().waitFor();
    expect(await page.getByTestId('calls-total').textContent()).toMatch(/^\d/);
    expect(
      await page.getByRole('list', { name: 'Paid APIs' }).getByRole('link').count(),
    ).toBeGreaterThan(3);
    expect(await page.getByRole('alert').count()).toBe(0);
    await screenshot(page, 'catalogue-home-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'catalogue-home-375');
    await context.close();
  });

  it('paginates the free list through the page query parameter', async () => {
    const { context, page } = await site.newPage();
    await page.goto('/?page=2');
    await dismissNotice(page);
    const pages = page.getByRole('navigation', { name: 'Free API pages' });
    await pages.waitFor();
    expect(await pages.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe(
      'page',
    );
    const secondPage = await freeCards(page).count();
    expect(secondPage).toBeGreaterThan(0);
    expect(secondPage).toBeLessThan(48);

    await pages.getByRole('button', { name: 'Page 1' }).click();
    await page.waitForURL((url) => !url.searchParams.has('page'));
    await pages.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('page'));
    await context.close();
  });

  it('pages the paid list by 12 in paid_page, apart from the free list', async () => {
    const { context, page } = await site.newPage();
    await page.goto('/?page=2');
    await dismissNotice(page);
    const pages = page.getByRole('navigation', { name: 'Paid API pages' });
    await pages.waitFor();
    expect(await paidCards(page).count()).toBe(12);
    const firstPage = await paidCards(page).allTextContents();
    await pages.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL((url) => url.searchParams.get('paid_page') === '2');
    await page.waitForFunction(
      () => document.querySelectorAll('[aria-label="Paid APIs"] a').length < 12,
    );
    const secondPage = await paidCards(page).allTextContents();
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.filter((text) => firstPage.includes(text))).toEqual([]);
    // The free list stays on its own page.
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    expect(await freeCards(page).count()).toBeLessThan(48);
    await screenshot(page, 'catalogue-paid-page-2');

    // A search of the paid list starts from its first page.
    await page.getByRole('searchbox', { name: 'Search paid APIs' }).fill('Paid filler 1');
    await page.waitForURL((url) => !url.searchParams.has('paid_page'));
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[aria-label="Paid APIs"] a')].every((a) =>
        a.textContent?.includes('Paid filler 1'),
      ),
    );
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await context.close();
  });

  it('searches the free list (debounced) and resets to page 1', async () => {
    const { context, page } = await site.newPage();
    await page.goto('/?page=2');
    await dismissNotice(page);
    await freeCards(page).first().waitFor();
    const requests: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('get_api_list.php') && req.url().includes('search=')) {
        requests.push(req.url());
      }
    });
    // The page's clock stands still while the keys are typed, so a machine slow enough to take
    // longer than the debounce between two keystrokes cannot make typing look slow; the debounce
    // then runs out once, and time flows again.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await page.getByRole('searchbox', { name: 'Search free APIs' }).pressSequentially('filler 3', {
      delay: 30,
    });
    await page.clock.runFor(SEARCH_DEBOUNCE_MS);
    await page.clock.resume();
    await page.waitForURL((url) => !url.searchParams.has('page'));
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[aria-label="Free APIs"] a').length > 0 &&
        [...document.querySelectorAll('[aria-label="Free APIs"] a')].every((a) =>
          a.textContent?.includes('Filler 3'),
        ),
    );
    // Typing quickly sends one request for the final text, not one per keystroke.
    expect(requests).toHaveLength(1);
    expect(requests[0]).toContain('search=filler+3');
    await screenshot(page, 'catalogue-search');

    await page.getByRole('searchbox', { name: 'Search free APIs' }).fill('no-such-api-anywhere');
    await page.getByText('No free APIs match "no-such-api-anywhere".').waitFor();
    await context.close();
  });

  it('searches every API from the top of home: one box fills both lists', async () => {
    const { context, page } = await site.newPage();
    await page.goto('/?page=2&paid_page=2');
    await dismissNotice(page);
    await freeCards(page).first().waitFor();
    await page.getByRole('searchbox', { name: 'Search all APIs' }).fill('filler 1');
    await page.waitForURL(
      (url) => !url.searchParams.has('page') && !url.searchParams.has('paid_page'),
    );
    // "Filler 1" and "Paid filler 1" (and their tens) show in their own lists.
    for (const list of ['Free APIs', 'Paid APIs']) {
      await page.waitForFunction(
        (label) =>
          document.querySelectorAll(`[aria-label="${label}"] a`).length > 0 &&
          [...document.querySelectorAll(`[aria-label="${label}"] a`)].every((a) =>
            /filler 1/i.test(a.textContent ?? ''),
          ),
        list,
      );
    }
    for (const name of ['Search paid APIs', 'Search free APIs']) {
      expect(await page.getByRole('searchbox', { name }).inputValue()).toBe('filler 1');
    }
    await screenshot(page, 'catalogue-search-all');
    await context.close();
  });

  it('shows API cards in the first screen of a 390x844 phone, the chips scrolling in their row', async () => {
    const { context, page } = await site.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await dismissNotice(page);
    const first = page.getByRole('list', { name: 'Paid APIs' }).getByRole('link').first();
    const card = await first.boundingBox();
    expect(card!.y).toBeGreaterThan(0);
    expect(card!.y + card!.height).toBeLessThanOrEqual(844);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    const chips = page.getByRole('group', { name: 'Categories' });
    const row = await chips.evaluate((el) => ({ scroll: el.scrollWidth, width: el.clientWidth }));
    expect(row.scroll).toBeGreaterThan(row.width);
    await screenshot(page, 'catalogue-home-390');
    await context.close();
  });

  it('filters both lists by a category chip and sorts them, in the URL', async () => {
    const { context, page } = await site.newPage();
    await page.goto('/');
    await dismissNotice(page);
    const chips = page.getByRole('group', { name: 'Categories' });
    const paid = page.getByRole('list', { name: 'Paid APIs' }).getByRole('link');
    await paid.first().waitFor();

    await chips.getByRole('button', { name: 'Images' }).click();
    await page.waitForURL((url) => url.searchParams.get('category') === 'images');
    await page.getByText('No APIs in this category.').waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll('[aria-label="Paid APIs"] a').length === 1,
    );
    expect(await paid.first().textContent()).toContain('QR code generator');
    await screenshot(page, 'catalogue-category');

    await chips.getByRole('button', { name: 'All' }).click();
    await page.waitForURL((url) => !url.searchParams.has('category'));
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price');
    const prices = async () =>
      (await paid.allTextContents()).map((text) => Number(/¥([\d.]+)/.exec(text)![1]));
    await page.waitForFunction(() => {
      const texts = [...document.querySelectorAll('[aria-label="Paid APIs"] a')].map(
        (a) => a.textContent ?? '',
      );
      const values = texts.map((text) => Number(/¥([\d.]+)/.exec(text)?.[1]));
      return values.length > 3 && values.every((v, i) => i === 0 || values[i - 1] <= v);
    });
    expect((await prices()).length).toBeGreaterThan(3);

    // The choice survives a reload: the server renders the sorted list.
    await page.reload();
    expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('price');
    await context.close();
  });

  it('finds an API by its English title despite a typo', async () => {
    const { context, page } = await site.newPage();
    await page.goto('/');
    await dismissNotice(page);
    await freeCards(page).first().waitFor();
    await page.getByRole('searchbox', { name: 'Search free APIs' }).fill('timestmp');
    await page.waitForFunction(() =>
      document
        .querySelector('[aria-label="Free APIs"] a')
        ?.textContent?.includes('Timestamp converter'),
    );
    await context.close();
  });

  it('opens an API detail from a card, with tables and request examples', async () => {
    const { context, page } = await site.newPage();
    await page.goto('/');
    await dismissNotice(page);
    const card = page.getByRole('list', { name: 'Paid APIs' }).getByRole('link').first();
    const name = (await card.locator('h3').textContent())!;
    await card.click();
    await page.waitForURL(/\/api\/\d+\/[\w-]+$/);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(await page.title()).toBe(`${name} - Portico API`);
    expect(await page.getByRole('table').count()).toBeGreaterThanOrEqual(2);
    const curl = await page.getByLabel('curl request example', { exact: true }).textContent();
    expect(curl).toContain(`${site.url}/apis/`);
    expect(curl).toContain('X-API-Key: YOUR_API_KEY');
    await page.getByRole('tab', { name: 'Python (requests)' }).click();
    expect(
      await page.getByLabel('python request example', { exact: true }).textContent(),
    ).toContain('import requests');
    await screenshot(page, 'catalogue-detail-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'catalogue-detail-375');
    await context.close();
  });

  it("documents an API's parameters and codes in the page's language, rendered and hydrated", async () => {
    const texts = {
      zh: ['IANA 时区，如 Asia/Shanghai 或 Europe/London，默认 UTC', '请求过于频繁'],
      en: ['IANA time zone, e.g. Asia/Shanghai or Europe/London; default UTC', 'Rate limited'],
    };
    for (const lang of ['zh', 'en'] as const) {
      const { context, page } = await site.newPage();
      await context.addCookies([{ name: 'lang', value: lang, url: site.url }]);
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      const detail = await context.request.get(`${site.url}/api/get_api_detail.php?name_en=time`);
      const { id } = (await detail.json()).data as { id: number };
      const html = await (await context.request.get(`${site.url}/api/${id}/time`)).text();
      // Rendered as cells (`>text<`); the embedded state holds both texts as JSON.
      const other = lang === 'zh' ? texts.en : texts.zh;
      expect(html).toContain(`>${texts[lang][0]}<`);
      expect(html).not.toContain(`>${other[0]}<`);
      await page.goto(`/api/${id}/time`);
      await page
        .getByRole('button', { name: lang === 'zh' ? '发送请求' : 'Send request' })
        .waitFor();
      const params = page.getByRole('table').first();
      await params.getByRole('cell', { name: texts[lang][0], exact: true }).waitFor();
      await page.getByRole('cell', { name: new RegExp(`^${texts[lang][1]}`) }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('keeps the console beside the documentation from 1200 px, after the summary on a phone', async () => {
    const { context, page } = await site.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/api/time');
    await page.getByRole('button', { name: 'Send request' }).waitFor();
    const box = async (selector: string) => (await page.locator(selector).boundingBox())!;
    const [summary, tryIt, docs] = await Promise.all(
      ['.portico-detail-summary', '.portico-detail-try', '.portico-detail-docs'].map(box),
    );
    expect(tryIt.x).toBeGreaterThanOrEqual(docs.x + docs.width);
    expect(Math.abs(tryIt.y - summary.y)).toBeLessThan(1);
    // Scrolled to the end of the reference, the console is still in the window.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(() => window.scrollY > 0);
    const kept = await box('.portico-detail-try');
    expect(kept.y).toBeGreaterThanOrEqual(56);
    expect(kept.y + kept.height).toBeLessThanOrEqual(800);
    // The languages are one tab stop; the arrows pick the next and scroll it into the row.
    const tabs = page.getByRole('tablist', { name: 'Request examples' });
    await tabs.getByRole('tab', { name: 'cURL', exact: true }).focus();
    await page.keyboard.press('ArrowLeft');
    const rust = tabs.getByRole('tab', { name: 'Rust (reqwest)' });
    expect(await rust.getAttribute('aria-selected')).toBe('true');
    expect(await rust.evaluate((tab) => tab === document.activeElement)).toBe(true);
    const [row, last] = [(await tabs.locator('..').boundingBox())!, (await rust.boundingBox())!];
    expect(last.x + last.width).toBeLessThanOrEqual(row.x + row.width + 1);

    await page.setViewportSize({ width: 390, height: 844 });
    const [phoneSummary, phoneTry, phoneDocs] = await Promise.all(
      ['.portico-detail-summary', '.portico-detail-try', '.portico-detail-docs'].map(box),
    );
    expect(phoneTry.y).toBeGreaterThanOrEqual(phoneSummary.y + phoneSummary.height);
    expect(phoneDocs.y).toBeGreaterThanOrEqual(phoneTry.y + phoneTry.height);
    await context.close();
  });

  it('explains a missing API and an unknown page', async () => {
    const { context, page } = await site.newPage();
    await page.goto('/about');
    await navigate(page, '/api/999999');
    await page.getByRole('alert').getByText('API not found').waitFor();
    await screenshot(page, 'catalogue-detail-missing');

    await page.goto('/no/such/page');
    await page.getByText('The page you are looking for does not exist.').waitFor();
    expect(await page.title()).toBe('Page not found - Portico API');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL(`${site.url}/`);
    await context.close();
  });

  it('shows friend links and about, and the sidebar link kinds', async () => {
    const { context, page } = await site.newPage();
    await page.goto('/friends');
    const friends = page.getByRole('list', { name: 'Friend links' }).getByRole('link');
    await friends.first().waitFor();
    expect(await friends.count()).toBe(5);
    expect(await friends.first().getAttribute('target')).toBe('_blank');
    expect(await page.title()).toBe('Friend links - Portico API');

    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    const community = sidebar.getByRole('link', { name: /Developer community/ });
    expect(await community.getAttribute('target')).toBe('_blank');
    const status = sidebar.getByRole('link', { name: /Status page/ });
    expect(await status.getAttribute('href')).toBe('/status');
    expect(await status.getAttribute('target')).not.toBe('_blank');
    expect(await sidebar.getByText('More APIs coming soon').getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(await sidebar.getByRole('link', { name: 'Login' }).count()).toBe(1);
    await screenshot(page, 'catalogue-friends');

    await page.goto('/about');
    await page.getByText('99.9% availability').waitFor();
    await screenshot(page, 'catalogue-about');
    await context.close();
  });

  it('opens the sidebar as a drawer on a phone-sized screen', async () => {
    const { context, page } = await site.newPage();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/friends');
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    expect(await sidebar.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await sidebar.getByRole('link', { name: 'About' }).waitFor();
    await page.waitForFunction(
      () => getComputedStyle(document.getElementById('portico-sidebar')!).transform === 'none',
    );
    await screenshot(page, 'catalogue-drawer-360');
    await sidebar.getByRole('link', { name: 'About' }).click();
    await page.waitForURL(/\/about$/);
    await page.waitForFunction(
      () => !document.getElementById('portico-sidebar')?.classList.contains('show'),
    );
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await context.close();
  });

  it('leaves /apis/ links to the browser', async () => {
    const { context, page } = await site.newPage();
    await page.goto('/about');
    await navigate(page, '/api/1');
    const example = page.locator('a[href*="/apis/"]').first();
    await example.waitFor();
    expect(await example.getAttribute('href')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/apis\//);
    await context.close();
  });
});
