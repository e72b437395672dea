import {
  adminLogin,
  describeBrowser,
  payingUser,
  screenshot,
  shootEveryWay,
  Site,
  siteCall,
  startSite,
} from './harness';

describeBrowser('credit grants', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.stop());

  it('lets the admin grant credit, and the user spend it before the balance', async () => {
    const user = await site.newPage();
    const { userId } = await payingUser(site, user, 'credit_dora', 'credit-pass-1', '1');

    const admin = await site.newPage();
    await adminLogin(admin.page);
    await admin.page.getByRole('link', { name: '用户列表' }).click();
    await admin.page.getByPlaceholder('按用户名或邮箱搜索...').fill('credit_dora');
    const row = admin.page.getByRole('row', { name: /credit_dora/ });
    await row.getByRole('button', { name: '发放赠金' }).click();
    const dialog = admin.page.getByRole('dialog', { name: '发放赠金：credit_dora' });
    await dialog.getByLabel('金额（元）').fill('0');
    await dialog.getByRole('button', { name: '确认发放' }).click();
    await dialog.getByText('请输入大于 0 的金额，最多三位小数，不超过 100000').waitFor();
    await dialog.getByLabel('金额（元）').fill('0.02');
    await dialog.getByLabel('备注（用户可见，可不填）').fill('Welcome credit');
    await screenshot(admin.page, 'credit-admin-dialog', false);
    await dialog.getByRole('button', { name: '确认发放' }).click();
    await dialog.getByText('赠金已发放，该用户当前赠金 ¥0.02').waitFor();
    await dialog.getByRole('button', { name: '关闭' }).first().click();
    await row.getByText('赠金 ¥0.02').waitFor();
    await shootEveryWay(admin.context, admin.page, 'credit-admin-users', ['zh']);
    await admin.context.close();

    const { context, page } = user;
    await page.goto('/api/qrcode');
    const console = page.getByTestId('api-console');
    await console.getByLabel(/^text/).fill('Portico credit');
    await console.getByRole('button', { name: /Send request/ }).click();
    await page
      .getByTestId('console-billing')
      .getByText(/^Paid ¥0\.005 from your credit; your balance stays ¥1\.00\.$/)
      .waitFor();

    await page.goto('/user/dashboard');
    const card = page.getByTestId('credit');
    await card.getByTestId('credit-left').getByText('¥0.015').waitFor();
    await card.getByText('Welcome credit').waitFor();
    const me = await siteCall(context, site.url, '/api/user/get_user_info.php');
    expect(me.data).toMatchObject({ id: userId, balance: '1.00' });
    await shootEveryWay(context, page, 'credit-dashboard', ['en', 'zh']);

    await page.goto('/user/accesslogs');
    await page.getByRole('table').waitFor();
    expect(await page.getByText('Credit', { exact: true }).count()).toBe(1);
    await shootEveryWay(context, page, 'credit-call-log', ['en', 'zh']);
    await context.close();
  });
});
