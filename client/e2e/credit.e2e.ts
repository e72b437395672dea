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

  it('sells credit as redeem codes, and shows the credit they give', async () => {
    const admin = await site.newPage();
    await adminLogin(admin.page);
    await admin.page.getByRole('link', { name: '兑换码' }).click();
    await admin.page.getByRole('heading', { name: '兑换码', level: 1 }).waitFor();
    await admin.page.getByLabel('面值类型').selectOption('credit');
    await admin.page.getByLabel('批次名称').fill('周年赠金');
    await admin.page.getByLabel('面值（元）').fill('3');
    await admin.page.getByLabel('赠金有效天数').fill('0');
    await admin.page.getByRole('button', { name: '生成', exact: true }).click();
    await admin.page.getByText('赠金有效天数须为 1 到 3650 之间的整数').waitFor();
    await admin.page.getByLabel('赠金有效天数').fill('14');
    await admin.page.getByRole('button', { name: '生成', exact: true }).click();
    await admin.page.getByRole('status').getByText('已生成 100 个兑换码（周年赠金）。').waitFor();
    const row = admin.page.getByRole('row', { name: /周年赠金/ });
    await row.getByText('赠金，兑换后 14 天内有效').waitFor();
    await shootEveryWay(admin.context, admin.page, 'credit-codes-admin', ['zh']);
    const listed = await siteCall(admin.context, site.url, '/api/admin/get_redeem_batches.php');
    const batchId = (listed.data.batches as { id: number; name: string }[]).find(
      (b) => b.name === '周年赠金',
    )!.id;
    const csv = await admin.context.request.get(
      `${site.url}/api/admin/export_redeem_batch.php?id=${batchId}`,
    );
    const code = (await csv.text())
      .replace(/^\uFEFF/, '')
      .split('\r\n')[1]
      .split(',')[0];
    await admin.context.close();

    const { context, page } = await site.newPage();
    await payingUser(site, { context, page }, 'credit_erin', 'credit-pass-2', '1');
    await page.goto('/user/recharge');
    await page.getByLabel('Code', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Redeem', exact: true }).click();
    await page
      .getByText(/^¥3\.00 of credit added: it pays for calls before your balance until /)
      .waitFor();
    await page
      .getByRole('table', { name: 'Redeemed codes' })
      .getByRole('row', { name: /¥3\.00 Credit/ })
      .waitFor();
    await page.getByTestId('balance').getByText('¥1.00').waitFor();
    await shootEveryWay(context, page, 'credit-codes-recharge', ['en', 'zh']);
    await page.goto('/user/dashboard');
    await page.getByTestId('credit').getByText('Redeem code').waitFor();
    await page.getByTestId('credit-left').getByText('¥3.00').waitFor();
    await context.close();
  });
});
