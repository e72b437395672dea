import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import {
  ADMIN,
  ADMIN_LOGIN_PATH as LOGIN_PATH,
  adminLogin,
  confirmIn,
  describeBrowser,
  PHONE_AND_DESKTOP,
  screenshot,
  Site,
  startSite,
} from './harness';

/** Registers users through the public API, as visitors would. */
async function registerUsers(url: string, names: string[]) {
  const first = await fetch(`${url}/api/get_config.php`);
  const cookie = first.headers.getSetCookie().map((c) => c.split(';')[0]);
  const token = decodeURIComponent(
    cookie.find((c) => c.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length),
  );
  for (const username of names) {
    const res = await fetch(`${url}/api/register.php`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: cookie.join('; '),
        'x-xsrf-token': token,
      },
      body: JSON.stringify({ username, password: 'user-password-1' }),
    });
    if (!res.ok) throw new Error(`register ${username}: ${res.status} ${await res.text()}`);
  }
}

const nav = (page: Page, label: string) =>
  page.getByRole('navigation').getByRole('link', { name: label, exact: true }).click();

describeBrowser('admin back office', () => {
  let site: Site;
  let databaseFile: string;
  beforeAll(async () => {
    databaseFile = join(mkdtempSync(join(tmpdir(), 'portico-admin-')), 'e2e.db');
    // The user list needs eleven accounts, all registered from this machine's one address.
    site = await startSite({
      DATABASE_URL: `sqlite:${databaseFile}`,
      REGISTRATIONS_PER_IP_PER_HOUR: '100',
    });
    // Calls as the gateway would have counted them, for the dashboard chart and the detail page.
    const db = new Database(databaseFile);
    try {
      const apis = db.prepare('SELECT id FROM apis ORDER BY id LIMIT 4').all() as { id: number }[];
      const insert = db.prepare(
        'INSERT INTO api_daily_stats (api_id, access_date, calls) VALUES (?, ?, ?)',
      );
      const bump = db.prepare('UPDATE apis SET usage_count = usage_count + ? WHERE id = ?');
      apis.forEach(({ id }, n) => {
        for (let day = 0; day < 30; day++) {
          const date = new Date(Date.now() - day * 86_400_000).toISOString().slice(0, 10);
          const calls = ((day * (n + 3)) % 17) + (4 - n) * 5;
          insert.run(id, date, calls);
          bump.run(calls, id);
        }
      });
    } finally {
      db.close();
    }
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('redirects a visitor without the admin flag to the not-found route', async () => {
    const { context, page } = await site.newPage();
    for (const path of ['/admin', '/admin/users', '/admin/statistics?page=2']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/404');
      await page.getByRole('heading', { name: '404' }).waitFor();
      expect(await page.getByRole('heading', { name: '用户列表' }).count()).toBe(0);
    }
    await screenshot(page, 'admin-not-found');
    await context.close();
  });

  it('logs in at the hidden path, with the SPEC messages for missing and wrong credentials', async () => {
    const { context, page } = await site.newPage();
    await page.goto(LOGIN_PATH);
    await page.getByRole('button', { name: '登录' }).click();
    // Said at each empty field; the first takes the focus.
    await page.locator('#admin-password-error', { hasText: '请输入用户名和密码' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'admin-username');
    await page.getByLabel('用户名').fill(ADMIN.username);
    await page.getByLabel('密码').fill('wrong-password');
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByText('登录失败，请检查用户名和密码').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('adminLoggedIn'))).toBeNull();
    await screenshot(page, 'admin-login');

    await page.getByLabel('密码').fill(ADMIN.password);
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByRole('heading', { name: '仪表盘' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('adminLoggedIn'))).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/admin');
    // Already admin: the login path goes straight to the dashboard.
    await page.goto(LOGIN_PATH);
    await page.waitForURL('**/admin');
    await context.close();
  });

  it('renders every section of the nav bar', async () => {
    const { context, page } = await site.newPage();
    await adminLogin(page);
    await page.getByRole('img', { name: '近 30 天各 API 每日调用次数' }).waitFor();
    await page.getByText('服务器信息').waitFor();
    await screenshot(page, 'admin-dashboard');

    const sections: [label: string, heading: string, ready: string][] = [
      ['API管理', 'API管理', '新建 API'],
      ['合作伙伴', '合作伙伴', '添加合作伙伴'],
      ['广告管理', '广告管理', '添加广告'],
      ['网站配置', '网站配置', '首页公告'],
      ['侧边栏', '侧边栏链接', '添加链接'],
      ['访问统计', '访问统计', '查看详情'],
      ['用户列表', '用户列表', '总用户数量'],
      ['友链管理', '友链管理', '添加友链'],
    ];
    for (const [label, heading, ready] of sections) {
      await nav(page, label);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await page.getByText(ready).first().waitFor();
      expect(await page.title()).toMatch(new RegExp(`^${label} - `));
      await screenshot(page, `admin-${label}`);
    }
    await page.goto('/admin/no-such-screen');
    await page.waitForURL((url) => url.pathname === '/404');
    await page.getByRole('heading', { name: '404' }).waitFor();
    await context.close();
  });

  it('creates, edits and deletes an API', async () => {
    const { context, page } = await site.newPage();
    await adminLogin(page);
    await nav(page, 'API管理');
    await page.getByRole('link', { name: '新建 API' }).click();
    await page.getByRole('button', { name: '保存', exact: true }).click();
    // The summary only links to the fields; each says what it wants at itself.
    await page
      .getByRole('alert')
      .getByRole('link', { name: 'API 名称、英文名称和 Endpoint 不能为空' })
      .waitFor();
    // The first field in error is focused and in view, with its text beside it.
    await page.waitForFunction(() => document.activeElement?.id === 'api-name');
    const inView = await page.getByLabel('API 名称').evaluate((el) => {
      const box = el.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    });
    if (!inView) throw new Error('the first field in error is not in view');

    await page.getByLabel('API 名称').fill('浏览器测试接口');
    await page.getByLabel('英文名').fill('browser-test-api');
    expect(await page.getByLabel('Endpoint').inputValue()).toBe('/apis/browser-test-api');
    await page.getByRole('button', { name: '添加一行' }).first().click();
    await page.getByLabel('请求参数 1 参数名').fill('q');
    await page.getByLabel('请求参数 1 类型').selectOption('integer');
    await page.getByLabel('请求参数 1 必填').check();
    await page.getByLabel('请求参数 1 中文说明').fill('条数');
    await page.getByLabel('请求参数 1 英文说明').fill('how many');
    await page.getByLabel('付费').check();
    await page.getByLabel('每次调用价格（元）').fill('0.0001');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByRole('alert').getByText('价格格式无效：须为非负数，最多三位小数').waitFor();
    await page.getByLabel('每次调用价格（元）').fill('0.005');
    // Enabled with nothing to serve it: refused at the upstream field, which takes the focus.
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByRole('alert').getByText('启用的接口需要内置处理器或上游地址').waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'api-upstream_url');
    await page.getByLabel('上游地址 (http/https)').fill('https://upstream.example/v1');
    // A rule only the server checks (the English title's length) is shown at its field too.
    const title = page.getByLabel('英文标题（英文站点显示）');
    await title.fill('T'.repeat(101));
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'api-title_en');
    expect(await title.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('英文标题最多 100 个字符').first().waitFor();
    await page.getByLabel('付费').focus();
    await page.getByRole('alert').getByRole('link', { name: '英文标题最多 100 个字符' }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'api-title_en');
    await screenshot(page, 'admin-api-create');
    await title.fill('Browser test API');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('保存成功').waitFor();
    const row = page.getByRole('row', { name: /browser-test-api/ });
    await row.getByText('付费 ¥0.005/次').waitFor();

    await row.getByRole('link', { name: '编辑' }).click();
    await page.getByRole('heading', { name: '编辑 API' }).waitFor();
    expect(await page.getByLabel('请求参数 1 类型').inputValue()).toBe('integer');
    expect(await page.getByLabel('请求参数 1 中文说明').inputValue()).toBe('条数');
    expect(await page.getByLabel('请求参数 1 英文说明').inputValue()).toBe('how many');
    await page.getByLabel('API 名称').fill('浏览器测试接口（改）');
    await page.getByLabel('请求方法').selectOption('POST');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('保存成功').waitFor();
    await page.getByRole('row', { name: /浏览器测试接口（改）.*POST/ }).waitFor();

    await page
      .getByRole('row', { name: /browser-test-api/ })
      .getByRole('button', { name: '删除' })
      .click();
    await confirmIn(page, '确定要删除 API「浏览器测试接口（改）」吗？', '删除');
    await page.getByText('API 已删除').waitFor();
    await page.getByRole('row', { name: /browser-test-api/ }).waitFor({ state: 'detached' });
    await context.close();
  });

  it('lists disabled APIs too, marked 禁用', async () => {
    const { context, page } = await site.newPage();
    await adminLogin(page);
    await page.goto('/admin/create');
    await page.getByLabel('API 名称').fill('停用的接口');
    await page.getByLabel('英文名').fill('disabled-browser-api');
    await page.getByLabel('启用').uncheck();
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('保存成功').waitFor();
    await page.getByRole('row', { name: /disabled-browser-api.*禁用/ }).waitFor();
    await context.close();
  });

  it('adds a category in 分类管理, ticks it in the API editor, and home filters by its chip', async () => {
    const { context, page } = await site.newPage();
    await adminLogin(page);
    await page.getByRole('link', { name: 'API管理' }).click();
    await page.getByRole('link', { name: '分类管理' }).click();
    await page.getByRole('heading', { name: '分类管理' }).waitFor();
    await page.getByRole('button', { name: '添加分类' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: '名称', exact: true }).fill('安全');
    await dialog.getByRole('textbox', { name: '英文名称（英文站点显示）' }).fill('Security');
    await dialog.getByRole('textbox', { name: /标识/ }).fill('Not A Slug');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.getByRole('alert').filter({ hasText: '标识（slug）只能包含' }).waitFor();
    await dialog.getByRole('textbox', { name: /标识/ }).fill('security');
    await dialog.getByRole('button', { name: '保存' }).click();
    await page.getByRole('cell', { name: 'Security', exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await screenshot(page, 'admin-categories');

    const hash = (await (await fetch(`${site.url}/api/get_api_detail.php?name_en=hash`)).json())
      .data as { id: number };
    await page.goto(`/admin/edit/${hash.id}`);
    await page.getByRole('checkbox', { name: '安全（Security）' }).check();
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin/control');

    const visitor = await site.newPage();
    await visitor.page.goto('/?category=security');
    const chip = visitor.page
      .getByRole('group', { name: 'Categories' })
      .getByRole('button', { name: 'Security' });
    expect(await chip.getAttribute('aria-pressed')).toBe('true');
    const cards = visitor.page.getByRole('list', { name: 'Free APIs' }).getByRole('link');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(1);
    expect(await cards.first().getAttribute('href')).toBe(`/api/${hash.id}/hash`);
    await visitor.context.close();
    await context.close();
  });

  it('adds, edits and deletes a friend link through the modal', async () => {
    const { context, page } = await site.newPage();
    await adminLogin(page);
    await nav(page, '友链管理');
    await page.getByRole('button', { name: '添加友链' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByText('添加友链').waitFor();
    await modal.getByRole('button', { name: '保存' }).click();
    // SPEC.md §5's text at both empty fields (the summary says it once); the first takes focus.
    await modal.getByRole('link', { name: '友链名称和链接不能为空' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'friend-name');
    await modal.getByLabel('名称').fill('浏览器友链');
    await modal.getByLabel('链接', { exact: true }).fill('not a url');
    await modal.getByRole('button', { name: '保存' }).click();
    await modal.getByRole('link', { name: '友链链接或头像链接格式无效' }).waitFor();
    // Escape does not close it (keyboard close is off).
    await page.keyboard.press('Escape');
    await modal.getByRole('link', { name: '友链链接或头像链接格式无效' }).waitFor();
    await modal.getByLabel('链接', { exact: true }).fill('https://friend.example.com');
    await modal.getByLabel('排序').fill('-9');
    await screenshot(page, 'admin-friendlink-modal');
    await modal.getByRole('button', { name: '保存' }).click();
    await modal.getByText('友链添加成功').waitFor();
    await modal.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /浏览器友链/ });
    await row.getByText('启用').waitFor();

    await row.getByRole('button', { name: '编辑' }).click();
    await page.getByRole('dialog').getByText('编辑友链').waitFor();
    await page.getByRole('dialog').getByLabel('状态').selectOption('0');
    await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page
      .getByRole('row', { name: /浏览器友链/ })
      .getByText('禁用')
      .waitFor();

    await page
      .getByRole('row', { name: /浏览器友链/ })
      .getByRole('button', { name: '删除' })
      .click();
    await confirmIn(page, '确定要删除此友链吗？', '删除');
    await page.getByText('友链删除成功').waitFor();
    await page.getByRole('row', { name: /浏览器友链/ }).waitFor({ state: 'detached' });
    await context.close();
  });

  it('keeps the statistics page and search in the URL, and opens the daily detail', async () => {
    const { context, page } = await site.newPage();
    await adminLogin(page);
    await nav(page, '访问统计');
    const pager = page.getByRole('navigation', { name: '分页' });
    await pager.getByRole('button', { name: '下一页' }).click();
    await page.waitForURL(/\/admin\/statistics\?page=2$/);
    await page.reload();
    await pager.locator('[aria-current="page"]').filter({ hasText: /^2$/ }).waitFor();

    await page.getByPlaceholder('搜索 API 名称...').fill('base64');
    await page.waitForURL(/search=base64/);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    await screenshot(page, 'admin-statistics-search');
    expect(await pager.count()).toBe(0);

    await page.getByPlaceholder('搜索 API 名称...').fill('no-such-api-anywhere');
    await page.getByText('暂无匹配的统计数据').waitFor();
    // Searches replace the history entry, so Back leaves the search; the box follows the URL.
    await page.goBack();
    await page.waitForURL(/\/admin\/statistics$/);
    await page.waitForFunction(
      () => (document.querySelector('input[type=search]') as HTMLInputElement).value === '',
    );

    await page.getByPlaceholder('搜索 API 名称...').fill('IP');
    await page.waitForURL(/search=IP/);
    await page.getByRole('link', { name: '查看详情' }).first().click();
    await page.getByRole('heading', { name: 'API 每日调用详情' }).waitFor();
    await page.locator('tbody tr').nth(29).waitFor();
    const dates = await page.locator('tbody tr td:first-child').allTextContents();
    expect(dates.length).toBe(30);
    expect([...dates].sort().reverse()).toEqual(dates);
    await screenshot(page, 'admin-api-stats-detail');
    await page.getByRole('button', { name: '返回统计列表' }).click();
    await page.waitForURL(/\/admin\/statistics\?search=IP$/);
    expect(await page.getByPlaceholder('搜索 API 名称...').inputValue()).toBe('IP');

    await page.goto('/admin/api/stats/abc');
    await page.getByText('无效的API ID').waitFor();
    await page.goto('/admin/api/stats/999999');
    await page.getByText('未找到指定的API统计数据').waitFor();
    await context.close();
  });

  it('lists users 10 a page with the totals, searching by name with a clear button', async () => {
    await registerUsers(
      site.url,
      Array.from({ length: 11 }, (_, i) => `member_${String(i).padStart(2, '0')}`),
    );
    const { context, page } = await site.newPage();
    await adminLogin(page);
    await nav(page, '用户列表');
    await page.getByText('总用户数量: 11，共 2 页').waitFor();
    expect(await page.locator('tbody tr').count()).toBe(10);
    await page.getByRole('row', { name: /member_10.*0\.00/ }).waitFor();
    await screenshot(page, 'admin-users-list');

    await page
      .getByRole('row', { name: /member_10/ })
      .getByRole('button', { name: '调整余额' })
      .click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('金额（元，负数为扣减）').fill('12.5');
    await modal.getByLabel('原因').fill('测试补偿');
    await modal.getByRole('button', { name: '确认调整' }).click();
    await modal.getByText('余额已调整，当前余额 ¥12.50').waitFor();
    await screenshot(page, 'admin-users-balance');
    await modal.getByRole('button', { name: '关闭' }).click();
    await page.getByRole('row', { name: /member_10.*12\.50/ }).waitFor();
    await page.getByRole('navigation', { name: '分页' }).getByRole('button', { name: '2' }).click();
    // Page 2 is read from page 1's last user: its position rides in the URL.
    await page.waitForURL(/\/admin\/users\?page=2&before=[\dT:.%A-]+_\d+$/);
    await page.getByRole('row', { name: /member_00/ }).waitFor();

    const box = page.getByPlaceholder('按用户名或邮箱搜索...');
    await box.fill('MEMBER_07');
    await page.waitForURL(/search=MEMBER_07/);
    await page.getByText('总用户数量: 1，共 1 页').waitFor();
    await page.getByRole('button', { name: '清除' }).click();
    await page.waitForURL(/\/admin\/users$/);
    await box.fill('nobody-like-this');
    await page.getByText('未找到与“nobody-like-this”匹配的用户。').waitFor();
    await context.close();
  });

  it('manages ads in a modal, with banners that clear after 5 s', async () => {
    const { context, page } = await site.newPage();
    await adminLogin(page);
    await nav(page, '广告管理');
    await page.getByRole('button', { name: '添加广告' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('标题', { exact: true }).fill('浏览器广告');
    await modal.getByLabel('图片链接').fill('ftp://img.example.com/a.png');
    await modal.getByLabel('跳转链接').fill('/about');
    await modal.getByRole('button', { name: '保存' }).click();
    // Said at the field (the summary above only links to it), which takes the focus.
    const imageError = modal.locator('#record-image_url-error');
    await imageError.waitFor();
    expect(await imageError.textContent()).toBe(
      '图片链接格式不正确（须以 http://、https:// 或 / 开头）',
    );
    await page.waitForFunction(() => document.activeElement?.id === 'record-image_url');
    await modal.getByLabel('图片链接').fill('https://img.example.com/a.png');
    await modal.getByRole('button', { name: '保存' }).click();
    const banner = page.getByText('添加成功');
    await banner.waitFor();
    await page.getByRole('row', { name: /浏览器广告/ }).waitFor();
    await banner.waitFor({ state: 'detached', timeout: 7000 });

    await page
      .getByRole('row', { name: /浏览器广告/ })
      .getByRole('button', { name: '删除' })
      .click();
    // 取消 keeps the ad; the action deletes it.
    await page
      .getByRole('dialog', { name: '请确认' })
      .getByRole('button', { name: '取消' })
      .click();
    await page.getByRole('dialog', { name: '请确认' }).waitFor({ state: 'detached' });
    await page.getByRole('row', { name: /浏览器广告/ }).waitFor();
    await page
      .getByRole('row', { name: /浏览器广告/ })
      .getByRole('button', { name: '删除' })
      .click();
    await confirmIn(page, '确定要删除此广告吗？', '删除');
    await page.getByText('删除成功').waitFor();
    await page.getByRole('row', { name: /浏览器广告/ }).waitFor({ state: 'detached' });
    await context.close();
  });

  it('saves the site config, and the public site shows the new notice', async () => {
    const { context, page } = await site.newPage();
    await adminLogin(page);
    await nav(page, '网站配置');
    await page.getByLabel('首页公告', { exact: true }).fill('浏览器测试公告');
    await page.getByLabel('英文首页公告').fill('Browser test notice');
    await page.getByRole('button', { name: '保存配置' }).click();
    await page.getByText('保存成功').waitFor();
    const config = (await (await fetch(`${site.url}/api/get_config.php`)).json()) as {
      data: { home_notice: string; home_notice_en: string };
    };
    expect(config.data.home_notice).toBe('浏览器测试公告');
    expect(config.data.home_notice_en).toBe('Browser test notice');
    await context.close();
  });

  it('previews a pasted Swagger 2.0 document in 导入 OpenAPI, on a phone and a desktop, light and dark', async () => {
    const { context, page } = await site.newPage();
    await adminLogin(page);
    const swagger = [
      "swagger: '2.0'",
      'info: { title: Toy store, version: 2.0.0 }',
      'host: toys.example.com',
      'basePath: /v2',
      'schemes: [https]',
      'paths:',
      '  /toys:',
      '    get:',
      '      operationId: listToys',
      '      summary: List toys',
      '      produces: [application/json]',
      '      parameters: [{ name: kind, in: query, required: true, type: string }]',
      "      responses: { '200': { description: the toys, schema: { type: array, items: { type: string } } } }",
      '  /toys/{toyId}:',
      '    get:',
      '      operationId: getToy',
      '      parameters: [{ name: toyId, in: path, required: true, type: integer }]',
      "      responses: { '200': { description: one toy } }",
      '  /toys/tags:',
      '    patch:',
      '      operationId: renameTags',
      "      responses: { '200': { description: renamed } }",
    ].join('\n');
    for (const theme of ['light', 'dark'] as const) {
      await context.addCookies([{ name: 'theme', value: theme, url: site.url }]);
      for (const viewport of PHONE_AND_DESKTOP) {
        await page.setViewportSize(viewport);
        await page.goto('/admin/import');
        await page.getByLabel('OpenAPI 3.x 或 Swagger 2.0 文档（JSON 或 YAML）').fill(swagger);
        await page.getByRole('button', { name: '预览导入' }).click();
        const preview = page.getByRole('table', { name: '导入预览' });
        await preview.getByText('listToys').waitFor();
        await preview.getByText('https://toys.example.com/v2/toys', { exact: true }).waitFor();
        await preview.getByText('kind*: string').waitFor();
        // A path parameter is part of the entry: the gateway fills {toyId} in.
        await preview.getByText('https://toys.example.com/v2/toys/{toyId}').waitFor();
        await preview.getByText('toyId*: integer').waitFor();
        await page.getByRole('table', { name: '跳过的操作' }).getByText('/toys/tags').waitFor();
        await page.getByText('新建 2 个，更新 0 个，未变 0 个，跳过 1 个').waitFor();
        // The preview is brought into view (scrolling smoothly), its row clear of the save bar.
        await page.waitForFunction(() => {
          const row = document.querySelector('table[aria-label="导入预览"] tbody tr');
          const bar = document.querySelector('.admin-save-bar');
          if (!row || !bar) return false;
          const { top, bottom } = row.getBoundingClientRect();
          return top >= 0 && bottom <= bar.getBoundingClientRect().top;
        });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(
          viewport.width,
        );
        await screenshot(page, `admin-import-swagger2-${viewport.width}-${theme}`);
      }
    }
    // A preview writes nothing.
    const list = (await (
      await fetch(`${site.url}/api/get_api_list.php?search=listToys`)
    ).json()) as {
      total: number;
    };
    expect(list.total).toBe(0);
    await context.close();
  });

  it('sends the admin to the login when the session is gone (401), clearing the flag', async () => {
    const { context, page } = await site.newPage();
    await adminLogin(page);
    // The dashboard's own calls finish first: one sent after the cookies go would end the
    // session (and leave the page) before the click below.
    await page.waitForLoadState('networkidle');
    await context.clearCookies();
    await nav(page, '用户列表');
    await page.waitForURL(`**${LOGIN_PATH}`);
    expect(await page.evaluate(() => sessionStorage.getItem('adminLoggedIn'))).toBeNull();

    await adminLogin(page);
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL(`**${LOGIN_PATH}`);
    expect(await page.evaluate(() => sessionStorage.getItem('adminLoggedIn'))).toBeNull();
    await page.goto('/admin');
    await page.getByText('The page you are looking for does not exist.').waitFor();
    await context.close();
  });
});
