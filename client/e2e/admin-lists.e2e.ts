import type { Page, Response } from 'playwright-core';
import {
  ADMIN,
  adminLogin,
  confirmIn,
  describeBrowser,
  screenshot,
  Site,
  startSite,
} from './harness';

const SEARCH = '搜索名称、英文名或 Endpoint...';

/** The API list once the query for the current URL has answered. */
async function apiRows(page: Page): Promise<string[]> {
  await page.locator('table[aria-busy="false"]').waitFor();
  return page
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => (row.querySelector('td:nth-child(4)') ?? row).textContent ?? ''),
    );
}

const query = (page: Page, key: string) => new URL(page.url()).searchParams.get(key);

describeBrowser('admin lists, audit log and the phone layout', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('logs in with one POST and no 403-then-retry', async () => {
    const { context, page } = await site.newPage();
    const answers: Response[] = [];
    page.on('response', (response) => answers.push(response));
    await adminLogin(page);
    await page.getByText('服务器信息').waitFor();
    const refused = answers.filter((r) => r.status() === 403).map((r) => r.url());
    expect(refused).toEqual([]);
    const logins = answers.filter(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/admin_login.php'),
    );
    expect(logins.map((r) => r.status())).toEqual([200]);
    await context.close();
  });

  it('keeps the API list search, filter and sort in the URL across a reload', async () => {
    const { context, page } = await site.newPage();
    await adminLogin(page);
    await page.goto('/admin/control');
    // The search is debounced: the address can show it before the list asked for it, so the rows
    // are read once the list's answer for all three has come.
    const listed = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return (
        url.pathname === '/api/admin/get_api_list.php' &&
        url.searchParams.get('search') === '生成' &&
        url.searchParams.get('is_paid') === '0' &&
        url.searchParams.get('sort') === 'name'
      );
    });
    await page.getByPlaceholder(SEARCH).fill('生成');
    await page.getByLabel('计费').selectOption('0');
    await page.getByLabel('排序').selectOption('name');
    await page.waitForURL(
      () =>
        query(page, 'search') === '生成' &&
        query(page, 'is_paid') === '0' &&
        query(page, 'sort') === 'name',
    );
    await listed;
    const rows = await apiRows(page);
    expect(rows.length).toBeGreaterThan(1);
    expect([...rows].sort((a, b) => a.localeCompare(b))).toEqual(rows);

    await page.reload();
    expect(await apiRows(page)).toEqual(rows);
    expect(await page.getByPlaceholder(SEARCH).inputValue()).toBe('生成');
    expect(await page.getByLabel('计费').inputValue()).toBe('0');
    expect(await page.getByLabel('状态').inputValue()).toBe('');
    expect(await page.getByLabel('排序').inputValue()).toBe('name');
    expect(await page.getByLabel('计费').locator('option:checked').textContent()).toBe('免费');
    expect(await page.getByLabel('排序').locator('option:checked').textContent()).toBe(
      '按英文名称排序',
    );
    await context.close();
  });

  it('enables, disables and pins in the row, and the change survives a reload', async () => {
    const { context, page } = await site.newPage();
    await adminLogin(page);
    await page.goto('/admin/control');
    const row = page.getByRole('row', { name: /UUID 生成/ });
    await row.getByText('启用', { exact: true }).waitFor();
    expect(await row.getByLabel('置顶 UUID 生成').isChecked()).toBe(false);

    await row.getByLabel('启用 UUID 生成').click();
    await row.getByText('禁用', { exact: true }).waitFor();
    await row.getByLabel('置顶 UUID 生成').click();
    await page.waitForFunction(
      () => (document.querySelector('[aria-label="置顶 UUID 生成"]') as HTMLInputElement).checked,
    );

    await page.reload();
    await row.getByText('禁用', { exact: true }).waitFor();
    expect(await row.getByLabel('启用 UUID 生成').isChecked()).toBe(false);
    expect(await row.getByLabel('置顶 UUID 生成').isChecked()).toBe(true);
    await page.getByLabel('状态').selectOption('0');
    expect(await apiRows(page)).toContain('uuid');
    await context.close();
  });

  it('bulk-deletes exactly the selected APIs after the confirmation', async () => {
    const { context, page } = await site.newPage();
    await adminLogin(page);
    await page.goto('/admin/control');
    const before = await apiRows(page);
    await page.getByPlaceholder(SEARCH).fill('编解码');
    await page.waitForURL(() => query(page, 'search') === '编解码');
    // The list filters a moment after the address changes.
    await page.locator('tbody tr').nth(3).waitFor({ state: 'detached' });
    expect((await apiRows(page)).length).toBe(3);
    await page.getByLabel('选择 Base64 编解码').check();
    await page.getByLabel('选择 十六进制编解码').check();
    await page.getByRole('region', { name: '批量操作' }).getByText('已选 2 项').waitFor();

    await page.getByRole('button', { name: '批量删除' }).click();
    await confirmIn(page, '确定要删除选中的 2 个 API 吗？', '删除');
    await page.getByText('已删除 2 个 API').waitFor();
    await page.getByRole('row', { name: /Base64 编解码/ }).waitFor({ state: 'detached' });
    await page.getByRole('row', { name: /URL 编解码/ }).waitFor();
    expect(await page.getByRole('region', { name: '批量操作' }).count()).toBe(0);

    await page.getByPlaceholder(SEARCH).fill('');
    await page.waitForURL(() => query(page, 'search') === null);
    // As above, the rows follow the address a moment later: wait for the full list.
    await page
      .locator('tbody tr')
      .nth(before.length - 3)
      .waitFor();
    const after = await apiRows(page);
    expect(after.length).toBe(before.length - 2);
    expect(before.filter((name) => !after.includes(name))).toHaveLength(2);
    await context.close();
  });

  it('shows a config change in 操作日志 field by field, before and after', async () => {
    const { context, page } = await site.newPage();
    await adminLogin(page);
    await page.goto('/admin/config');
    const notice = page.getByLabel('首页公告', { exact: true });
    await page.getByRole('button', { name: '保存配置' }).waitFor();
    const old = await notice.inputValue();
    await notice.fill('操作日志测试公告');
    await page.getByRole('button', { name: '保存配置' }).click();
    await page.getByText('保存成功').waitFor();

    await page.getByLabel('账户').getByRole('link', { name: '操作日志' }).click();
    await page.getByRole('heading', { name: '操作日志', exact: true }).waitFor();
    const row = page.getByRole('row', { name: /网站配置/ }).first();
    await row.waitFor();
    expect(await row.locator('td[data-label="操作"]').textContent()).toBe('修改');
    expect(await row.locator('td[data-label="管理员"]').textContent()).toBe(ADMIN.username);
    // One line per changed field, named as the form names it: the old value, then the new.
    const changes = row.locator('td[data-label="变更"] li');
    expect(await changes.count()).toBe(1);
    expect(await changes.locator('del').getAttribute('title')).toBe(old || '（空）');
    expect(await changes.locator('.fw-semibold').textContent()).toBe('首页公告');
    expect(await changes.locator('del').textContent()).toBe(
      old.length > 120 ? `${old.slice(0, 120)}…` : old || '（空）',
    );
    expect(await changes.locator('ins').textContent()).toBe('操作日志测试公告');
    await screenshot(page, 'admin-audit-log');
    await context.close();
  });

  it('fits every admin screen on a 390 px phone, every action button clickable', async () => {
    const context = await site.browser.newContext({
      baseURL: site.url,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await adminLogin(page);
    await page.goto('/admin/control');
    const editHref = await page.getByRole('link', { name: '编辑' }).first().getAttribute('href');
    const firstId = editHref!.split('/').pop()!;

    const screens: [path: string, ready: () => Promise<void>][] = [
      ['/admin', () => page.getByText('服务器信息').waitFor()],
      ['/admin/control', () => page.locator('table[aria-busy="false"]').waitFor()],
      ['/admin/create', () => page.getByRole('heading', { name: '新建 API' }).waitFor()],
      [`/admin/edit/${firstId}`, () => page.getByLabel('请求方法').waitFor()],
      ['/admin/partners', () => page.getByRole('button', { name: '编辑' }).first().waitFor()],
      ['/admin/ads', () => page.getByRole('button', { name: '编辑' }).first().waitFor()],
      ['/admin/sidebar', () => page.getByRole('button', { name: '编辑' }).first().waitFor()],
      ['/admin/config', () => page.getByRole('button', { name: '保存配置' }).waitFor()],
      ['/admin/statistics', () => page.getByRole('link', { name: '查看详情' }).first().waitFor()],
      [`/admin/api/stats/${firstId}`, () => page.locator('tbody tr').first().waitFor()],
      ['/admin/users', () => page.getByText('总用户数量').waitFor()],
      ['/admin/friendlinks', () => page.locator('tbody tr').first().waitFor()],
      ['/admin/audit', () => page.locator('tbody tr').first().waitFor()],
      ['/admin/password', () => page.getByRole('heading', { name: '修改密码' }).waitFor()],
      ['/admin/import', () => page.getByRole('heading', { name: '导入 OpenAPI' }).waitFor()],
    ];
    const problems: string[] = [];
    for (const [path, ready] of screens) {
      await page.goto(path);
      await ready();
      const { scrollWidth, innerWidth, blocked, checked } = await page.evaluate(checkLayout);
      if (scrollWidth > innerWidth) problems.push(`${path}: page is ${scrollWidth}px wide`);
      if (checked === 0) problems.push(`${path}: no action buttons found`);
      problems.push(...blocked.map((what) => `${path}: ${what} is covered`));
    }

    // An empty list says so in the middle of its card, not against its right edge: every list
    // that is empty on a fresh site, and every searchable one searched for nothing.
    const nothing = 'zzzz-nothing';
    const emptyLists: [path: string, message: string][] = [
      ['/admin', '暂无调用记录。'],
      [`/admin/control?search=${nothing}`, '没有符合条件的 API。'],
      [`/admin/statistics?search=${nothing}`, '暂无匹配的统计数据'],
      [`/admin/api/stats/${firstId}`, '暂无每日调用统计数据。'],
      [`/admin/users?search=${nothing}`, `未找到与“${nothing}”匹配的用户。`],
      [`/admin/audit?admin=${nothing}`, '暂无操作记录。'],
      ['/admin/pending-orders', '暂无待处理订单。'],
      ['/admin/reconciliation', '这段时间没有充值订单。'],
      ['/admin/sign-in-providers', '暂无登录方式。'],
      ['/admin/redeem-codes', '还没有兑换码批次。'],
      ['/admin/referrals', '还没有受邀用户。'],
    ];
    const offCentre: string[] = [];
    for (const [path, message] of emptyLists) {
      await page.goto(path);
      const empty = page.getByRole('cell', { name: message, exact: true });
      await empty.waitFor();
      const [cell, text] = await empty.evaluate((td) => {
        const range = document.createRange();
        range.selectNodeContents(td);
        const box = (r: DOMRect) => Math.round(r.left + r.width / 2);
        return [box(td.getBoundingClientRect()), box(range.getBoundingClientRect())];
      });
      if (Math.abs(cell - text) > 2) offCentre.push(`${path}: text at ${text}, cell at ${cell}`);
    }
    expect(offCentre).toEqual([]);

    // The collapsed nav opens onto every section and the account links.
    await page.goto('/admin');
    await page.getByText('服务器信息').waitFor();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.locator('#admin-nav.show').waitFor();
    const open = await page.evaluate(checkLayout);
    problems.push(...open.blocked.map((what) => `open nav: ${what} is covered`));
    await page.getByLabel('管理导航').getByRole('link', { name: '友链管理' }).click();
    await page.getByRole('heading', { name: '友链管理' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('scrolls a refused API form to its first refused field on a 390 px phone, not only focuses it', async () => {
    const context = await site.browser.newContext({
      baseURL: site.url,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await adminLogin(page);
    await page.goto('/admin/create');
    await page.getByRole('heading', { name: '新建 API' }).waitFor();
    const save = page.getByRole('button', { name: '保存', exact: true });

    // Everything valid but how it is served: the refused field is the upstream, far down the form.
    await page.getByLabel('API 名称').fill('滚动检查');
    await page.getByLabel('英文名', { exact: true }).fill('scroll-check');
    await page.getByLabel('Endpoint', { exact: true }).fill('/scroll-check');
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    const upstream = page.locator('#api-upstream_url');
    expect(await upstream.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(844);
    await save.click();
    expect(await focusedInView(page)).toEqual({ id: 'api-upstream_url', inView: true, hit: true });

    // Nothing filled, pressed from the bottom of the page: the first field is back at the top.
    await page.goto('/admin/create');
    await page.getByRole('heading', { name: '新建 API' }).waitFor();
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
    );
    expect(
      await page.locator('#api-name').evaluate((el) => el.getBoundingClientRect().bottom),
    ).toBeLessThan(0);
    await save.click();
    expect(await focusedInView(page)).toEqual({ id: 'api-name', inView: true, hit: true });
    await context.close();
  });

  it('keeps every nav link on one line: all seventeen in a row from 1200 px, the menu below', async () => {
    const context = await site.browser.newContext({ baseURL: site.url });
    const page = await context.newPage();
    await adminLogin(page);
    const seen: string[] = [];
    for (const width of [1024, 1199, 1200, 1280, 1359, 1360, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      const toggle = page.getByRole('button', { name: 'Toggle navigation' });
      if (width < 1200) {
        await toggle.click();
        await page.locator('#admin-nav.show').waitFor();
      } else {
        expect(await toggle.isVisible()).toBe(false);
      }
      const links = await page.locator('.admin-navbar .nav-link').evaluateAll((all) =>
        all.map((link) => {
          const box = link.getBoundingClientRect();
          const line = parseFloat(getComputedStyle(link).lineHeight);
          const padding = parseFloat(getComputedStyle(link).paddingTop) * 2;
          return { top: Math.round(box.top), lines: Math.round((box.height - padding) / line) };
        }),
      );
      expect(links).toHaveLength(17);
      const rows = new Set(links.map((link) => link.top)).size;
      const broken = links.filter((link) => link.lines > 1).length;
      seen.push(`${width}: ${rows === 1 ? 'one row' : 'stacked'}, ${broken} broken`);
      if (width < 1200) {
        await toggle.click();
        await page.locator('#admin-nav.show').waitFor({ state: 'detached' });
      }
    }
    expect(seen).toEqual([
      '1024: stacked, 0 broken',
      '1199: stacked, 0 broken',
      '1200: one row, 0 broken',
      '1280: one row, 0 broken',
      '1359: one row, 0 broken',
      '1360: one row, 0 broken',
      '1440: one row, 0 broken',
    ]);
    await context.close();
  });
});

/**
 * Once a refused save has moved the focus to a marked field and any (smooth) scrolling has stopped:
 * the focused element's id, whether its box is inside the viewport, and whether the point at its
 * centre is its own (not under the sticky save bar or the header).
 */
async function focusedInView(page: Page) {
  await page.waitForFunction(() => document.activeElement?.classList.contains('is-invalid'));
  // Bootstrap scrolls smoothly: wait until two reads 250 ms apart agree.
  let scrolled = -1;
  for (;;) {
    const now = await page.evaluate(() => window.scrollY);
    if (now === scrolled) break;
    scrolled = now;
    await page.waitForTimeout(250);
  }
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement;
    const box = focused.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {
      id: focused.id,
      inView: box.top >= 0 && box.bottom <= window.innerHeight,
      hit: hit !== null && focused.contains(hit),
    };
  });
}

/**
 * Runs in the page: the page's width, and every visible action control that something else
 * covers once it is scrolled into view (the point at its centre belongs to another element).
 */
function checkLayout() {
  const controls = document.querySelectorAll<HTMLElement>(
    'button, a.btn, a.nav-link, a.page-link, .form-check-input, a[href^="/admin"]',
  );
  const blocked: string[] = [];
  let checked = 0;
  for (const control of controls) {
    if (!control.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    // A disabled control (上一页 on page 1) takes no clicks by design.
    if (control.matches(':disabled, .disabled, [aria-disabled="true"]')) continue;
    const box = control.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    // Bootstrap's smooth scrolling would leave the box where it was when it is read.
    control.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    const now = control.getBoundingClientRect();
    const hit = document.elementFromPoint(now.left + now.width / 2, now.top + now.height / 2);
    checked += 1;
    // A label's hit reaches the control it names, as a click there would.
    const reaches = hit && (control.contains(hit) || (hit as HTMLLabelElement).control === control);
    if (!reaches) {
      const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? '';
      blocked.push(`${control.tagName.toLowerCase()} “${name}”`);
    }
  }
  window.scrollTo({ top: 0, behavior: 'instant' });
  return {
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    blocked,
    checked,
  };
}
