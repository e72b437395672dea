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
});
