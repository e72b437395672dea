import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { appPage, describeBrowser, screenshot, Site, startSite } from './harness';

type Theme = 'light' | 'dark';
type Lang = 'en' | 'zh';

/** A context whose browser prefers `scheme`, with the cookies a visitor's choices would leave. */
async function visitor(
  site: Site,
  scheme: Theme,
  cookies: Partial<Record<'lang' | 'theme', string>> = {},
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await site.browser.newContext({
    baseURL: site.url,
    colorScheme: scheme,
    viewport,
  });
  await context.addCookies(
    Object.entries(cookies).map(([name, value]) => ({ name, value, url: site.url })),
  );
  // The home notice shows once per browser session; these pages are looked at without it.
  await context.addInitScript(() => sessionStorage.setItem('homeNoticeShown', '1'));
  return { context, page: appPage(await context.newPage()) };
}

const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const LIGHT_BG = 'rgb(245, 247, 251)';
const DARK_BG = 'rgb(22, 24, 28)';

/** A PNG's width and height, from its IHDR chunk; anything else is not a PNG. */
const pngSize = (png: Buffer) =>
  png.subarray(1, 4).toString('latin1') === 'PNG'
    ? `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`
    : 'not a PNG';

const SERIOUS = new Set(['serious', 'critical']);
const PUBLIC_PAGES = [
  '/',
  '/api/1/ip',
  '/login',
  '/register',
  '/friends',
  '/about',
  '/status',
  '/pricing',
];

describeBrowser('themes and accessibility of the public pages', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('follows the system setting until a theme is chosen, and keeps the choice across a reload', async () => {
    const { context, page } = await visitor(site, 'dark');
    await page.goto('/about', { waitUntil: 'networkidle' });
    expect(await page.getAttribute('html', 'data-bs-theme')).toBeNull();
    expect(await background(page)).toBe(DARK_BG);

    const toggle = page.locator('header [data-theme-mode]');
    expect(await toggle.getAttribute('aria-label')).toBe(
      'Colour theme: System. Choose the next one',
    );
    await toggle.click();
    expect(await page.getAttribute('html', 'data-bs-theme')).toBe('light');
    expect(await background(page)).toBe(LIGHT_BG);
    // The server renders the chosen theme itself: no flash of the other one before scripts run.
    expect(await (await page.request.get('/about')).text()).toContain(
      '<html lang="en" data-bs-theme="light">',
    );
    await page.reload({ waitUntil: 'networkidle' });
    expect(await background(page)).toBe(LIGHT_BG);
    expect(await toggle.getAttribute('data-theme-mode')).toBe('light');

    await toggle.click();
    expect(await page.getAttribute('html', 'data-bs-theme')).toBe('dark');
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.getAttribute('html', 'data-bs-theme')).toBe('dark');
    expect(await background(page)).toBe(DARK_BG);

    // Back to system: the cookie goes, and the system's preference decides again.
    await toggle.click();
    expect(await toggle.getAttribute('data-theme-mode')).toBe('system');
    expect((await context.cookies()).some((cookie) => cookie.name === 'theme')).toBe(false);
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.getAttribute('html', 'data-bs-theme')).toBeNull();
    expect(await background(page)).toBe(DARK_BG);
    await context.close();
  });

  it('keeps the header buttons readable when hovered, in both themes', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const { context, page } = await visitor(site, scheme);
      await page.goto('/about', { waitUntil: 'networkidle' });
      const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
      await toggle.hover();
      // Hovered, the button turns white (after Bootstrap's transition); its bars are drawn in the
      // button's text colour, so they stay visible on it.
      await page.waitForFunction(
        () =>
          getComputedStyle(document.querySelector('[aria-controls="portico-sidebar"]')!)
            .backgroundColor === 'rgb(255, 255, 255)',
      );
      const bars = await toggle.evaluate(
        (button) =>
          getComputedStyle(button.querySelector('.portico-bars')!, '::before').backgroundColor,
      );
      expect(bars).not.toBe('rgb(255, 255, 255)');
      await context.close();
    }
  });

  it('renders a page with JavaScript off in the chosen theme', async () => {
    const context = await site.browser.newContext({
      baseURL: site.url,
      javaScriptEnabled: false,
      colorScheme: 'light',
    });
    await context.addCookies([{ name: 'theme', value: 'dark', url: site.url }]);
    const page = await context.newPage();
    await page.goto('/friends');
    expect(await background(page)).toBe(DARK_BG);
    await context.close();
  });

  const cases = (['light', 'dark'] as Theme[]).flatMap((theme) =>
    (['en', 'zh'] as Lang[]).map((lang) => [theme, lang] as const),
  );
  it.each(cases)(
    'has no accessibility violations in the %s theme in %s',
    async (theme, lang) => {
      const { context, page } = await visitor(site, theme, { lang });
      const found: string[] = [];
      for (const path of PUBLIC_PAGES) {
        // Server-rendered: checked once the app has taken the page over and nothing is loading.
        await page.goto(path);
        await page.locator('html[data-hydrated="true"] #root header.portico-header').waitFor();
        await page.waitForFunction(
          () => !document.querySelector('.spinner-border, [aria-busy="true"]'),
        );
        const { violations } = await new AxeBuilder({ page }).analyze();
        // Serious and critical ones fail the build; the aim is none at all.
        for (const violation of violations.filter(({ impact }) => SERIOUS.has(impact ?? ''))) {
          const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 3);
          found.push(`${path} ${violation.impact} ${violation.id}: ${targets.join(', ')}`);
        }
      }
      expect(found).toEqual([]);
      await context.close();
    },
    // Eight pages, each checked against every rule: up to a minute on a quiet two-core box.
    180_000,
  );

  it('takes screenshots of the public pages at phone and desktop sizes', async () => {
    const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
    const pages = { home: '/', api: '/api/1/ip', login: '/login', about: '/about' };
    const taken: object[] = [];
    const wanted: object[] = [];
    for (const [size, viewport] of Object.entries(sizes)) {
      for (const [theme, lang] of cases) {
        const { context, page } = await visitor(site, theme, { lang }, viewport);
        for (const [name, path] of Object.entries(pages)) {
          const shot = `theme-${name}-${size}-${theme}-${lang}`;
          const response = await page.goto(path, { waitUntil: 'networkidle' });
          await screenshot(page, shot);
          const first = await page.screenshot({
            path: join(__dirname, 'screenshots', `${shot}-first.png`),
          });
          const full = readFileSync(join(__dirname, 'screenshots', `${shot}.png`));
          taken.push({
            shot,
            status: response?.status(),
            background: await background(page),
            first: pngSize(first),
            full: pngSize(full),
          });
          // Each page answered in its theme; the first screen is a PNG of the viewport's size and
          // the whole page a PNG too.
          wanted.push({
            shot,
            status: 200,
            background: theme === 'light' ? LIGHT_BG : DARK_BG,
            first: `${viewport.width}x${viewport.height}`,
            full: expect.stringMatching(/^\d+x\d+$/),
          });
        }
        await context.close();
      }
    }
    expect(taken).toEqual(wanted);
  }, 120_000);
});
