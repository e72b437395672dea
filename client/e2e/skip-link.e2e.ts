import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { adminLogin, describeBrowser, Site, startSite } from './harness';

/** What has the keyboard's focus: its tag, its text, and whether it lies inside `<main>`. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName.toLowerCase(),
      text: element?.textContent?.trim(),
      inMain: Boolean(element?.closest('main')),
      visible: element ? element.getBoundingClientRect().width > 1 : false,
    };
  });

describeBrowser('skip link and landmarks', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.stop();
  });

  it.each([
    ['/', 'Skip to content'],
    ['/api/1/ip', 'Skip to content'],
  ])('lets the keyboard skip the header on %s with its first Tab', async (path, label) => {
    const { context, page } = await site.newPage();
    // The demo site's notice opens on the first visit to home, a dialog that holds the focus;
    // once closed it stays closed for the session.
    await page.goto('/');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
    await page.goto(path);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toEqual({ tag: 'a', text: label, inMain: false, visible: true });
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ tag: 'main', inMain: true });
    expect(new URL(page.url()).hash).toBe('');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ inMain: true, visible: true });
    await context.close();
  });

  it('gives the back office a main landmark and the same skip link', async () => {
    const { context, page } = await site.newPage();
    await adminLogin(page);
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('main').getByRole('heading', { name: '仪表盘' }).count()).toBe(1);
    const { violations } = await new AxeBuilder({ page })
      .withRules(['landmark-one-main', 'region', 'bypass'])
      .analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
    await page.reload();
    await page.getByRole('heading', { name: '仪表盘' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toEqual({
      tag: 'a',
      text: '跳到主要内容',
      inMain: false,
      visible: true,
    });
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ tag: 'main' });
    await context.close();
  });
});
