import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describeBrowser, screenshot, Site, startSite } from './harness';

/** Calls a demo API through the gateway `n` times, ten at a time. */
async function call(site: Site, nameEn: string, n: number): Promise<void> {
  for (let i = 0; i < n; i += 10) {
    const batch = Array.from({ length: Math.min(10, n - i) }, async () => {
      const res = await fetch(`${site.url}/apis/${nameEn}`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    });
    await Promise.all(batch);
  }
}

/** Reloads `path` until `text` is on it: the figures trail the calls by a few seconds. */
async function reloadUntil(page: Page, path: string, text: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  await page.goto(path);
  while (!(await page.getByText(text).count())) {
    if (Date.now() > deadline) throw new Error(`${path} never showed "${text}"`);
    await page.waitForTimeout(1000);
    await page.reload();
  }
}

describeBrowser('API health on the cards and the API page', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({
      HEALTH_REFRESH_MS: '1000',
      GATEWAY_FLUSH_MS: '200',
      RATE_LIMIT_PER_IP: '100000',
    });
  });
  afterAll(() => site?.stop());

  it('shows the figures once an API has 50 calls, and sorts by them', async () => {
    await call(site, 'uuid', 60);
    const { context, page } = await site.newPage();
    try {
      await reloadUntil(page, '/api/uuid', 'Health (7 days)');
      const row = page.getByText('Health (7 days)').locator('..');
      // 60 calls, and the seeded uuid probe's first run when it came before the figures.
      expect(await row.textContent()).toMatch(
        /Operational.*median \d+ ms .* of 6[01] calls worked/,
      );
      // The dot is in the state's colour (the CSS purge once dropped the state classes).
      const colours = await row.locator('.portico-health-dot').evaluate((dot) => {
        const probe = document.createElement('span');
        probe.style.color = 'var(--bs-success)';
        document.body.append(probe);
        const success = getComputedStyle(probe).color;
        probe.remove();
        return [getComputedStyle(dot).backgroundColor, success];
      });
      expect(colours[0]).toBe(colours[1]);

      await page.goto('/?sort=fastest');
      const dialog = page.getByRole('dialog', { name: 'Site announcement' });
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      const free = page.getByRole('list', { name: 'Free APIs' }).getByRole('link');
      // The only API with figures comes first in the fastest order, with its line on the card.
      expect(await free.first().getAttribute('href')).toMatch(/\/uuid$/);
      await free
        .first()
        .getByTitle(/^Last 7 days: median latency \d+ ms, 100% of calls worked$/)
        .waitFor();
      expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('fastest');
      expect(await free.nth(1).getByText(/% ok/).count()).toBe(0);
      await screenshot(page, 'api-health-home');
    } finally {
      await context.close();
    }
  });

  it('serves the status page rendered on the server, and the app takes it over', async () => {
    // The server's own markup, before any script: the summary and the measured API's row.
    const html = await (await fetch(`${site.url}/status`)).text();
    expect(html).toContain('All APIs are operational');
    expect(html).toMatch(/UUID generator<\/a>.*100% uptime/s);

    const { context, page } = await site.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    try {
      await page.goto('/status');
      const apis = page.getByRole('region', { name: 'APIs' });
      const row = apis.getByRole('listitem').filter({ hasText: 'UUID generator' });
      await row.getByText('100% uptime').waitFor();
      const bars = row.getByRole('img');
      expect(await bars.getAttribute('aria-label')).toBe(
        '100% of calls worked over the last 90 days, day by day',
      );
      expect(await bars.locator('span').last().getAttribute('class')).toContain(
        'portico-day-operational',
      );
      // Painted in the state's colour, not the grey of a day without calls.
      const [today, before] = await bars
        .locator('span')
        .evaluateAll((days) =>
          [days.at(-1)!, days[0]].map((day) => getComputedStyle(day).backgroundColor),
        );
      expect(today).not.toBe(before);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(
        violations
          .filter(({ impact }) => impact === 'serious' || impact === 'critical')
          .map(({ id }) => id),
      ).toEqual([]);
      await screenshot(page, 'api-health-status');
      await row.getByRole('link', { name: 'UUID generator' }).click();
      await page.waitForURL('**/api/*/uuid');
      await page.getByRole('heading', { level: 1, name: 'UUID generator' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
