import { describeBrowser, screenshot, Site, startSite } from './harness';

describeBrowser('smoke', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('home page renders the seeded APIs', async () => {
    const { context, page } = await site.newPage();
    await page.goto('/');
    const cards = page.getByRole('list', { name: 'Free APIs' }).getByRole('link');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(20);
    await screenshot(page, 'smoke-home');
    await context.close();
  });

  it.each(['en', 'zh'])(
    'draws the sidebar’s dividers across the whole sidebar in %s',
    async (lang) => {
      const { context, page } = await site.newPage();
      await context.addCookies([{ name: 'lang', value: lang, url: site.url }]);
      await page.goto('/');
      const sidebar = page.locator('#portico-sidebar .offcanvas-body');
      const dividers = sidebar.locator('hr');
      await dividers.first().waitFor();
      const inner = await sidebar.evaluate((body) => {
        const style = getComputedStyle(body);
        return body.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      });
      const widths = await dividers.evaluateAll((rules) =>
        rules.map((rule) => rule.getBoundingClientRect().width),
      );
      expect(widths.length).toBeGreaterThanOrEqual(2);
      for (const width of widths) expect(width).toBeCloseTo(inner, 0);
      await context.close();
    },
  );
});
