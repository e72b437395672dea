import type { AdminPlanView } from '@contracts/plans';
import { SAVE_PLAN_FIELDS } from '@contracts/plans';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import { expectRefusedControl } from '../../../test/refusals';
import { planView } from '../../../test/plans';
import { failure, http, ok, server } from '../../../test/server';
import PlansPage from './PlansPage';

const plan = (id: number, more: Partial<AdminPlanView> = {}): AdminPlanView => ({
  ...planView(id),
  subscribers: 0,
  ...more,
});

const BASIC = plan(1, {
  name: '基础版',
  name_en: 'Basic',
  price: '9.900',
  included_calls: 1000,
  scope: 'category',
  category_id: 4,
  subscribers: 3,
});
const TRIAL = plan(2, { name: '试用', period: 'day', is_default: true, status: 0 });
const PICKED = plan(3, {
  name: '精选',
  price: '20.000',
  period: 'week',
  scope: 'apis',
  api_ids: [7, 8],
  overage: 'stop',
});

/** The plans, which save_plan.php changes, recording what it was sent. */
function serve(plans: AdminPlanView[], answer?: () => Response) {
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.get('/api/admin/get_plans.php', () => ok({ plans })),
    http.get('/api/admin/get_categories.php', () =>
      ok([
        { id: 4, name: '天气', name_en: 'Weather', slug: 'weather', sort_order: 0, api_count: 2 },
        { id: 5, name: '工具', name_en: 'Tools', slug: 'tools', sort_order: 1, api_count: 5 },
      ]),
    ),
    http.get('/api/admin/get_api_list.php', () =>
      ok(
        [7, 8, 9].map((id) => ({ id, name: `接口${id}`, name_en: `api-${id}`, is_paid: 1 })),
        'ok',
      ),
    ),
    http.post('/api/admin/save_plan.php', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      if (answer) return answer();
      const saved = { ...plan(9 + plans.length), ...body, subscribers: 0 };
      const at = plans.findIndex((p) => p.id === body.id);
      if (at >= 0) plans[at] = { ...plans[at], ...saved };
      else plans.push(saved);
      return ok(saved);
    }),
  );
  render(
    <Provider store={makeStore()}>
      <MemoryRouter>
        <PlansPage />
      </MemoryRouter>
    </Provider>,
  );
  return sent;
}

const dialog = () => screen.findByRole('dialog');
const save = async () =>
  userEvent.click(within(await dialog()).getByRole('button', { name: '保存' }));

async function fillNew(fields: Record<string, string>) {
  await userEvent.click(await screen.findByRole('button', { name: '新建套餐' }));
  const form = await dialog();
  for (const [label, value] of Object.entries(fields)) {
    const control = within(form).getByLabelText(label);
    await userEvent.clear(control);
    await userEvent.type(control, value);
  }
  return form;
}

describe('PlansPage', () => {
  it('lists every plan with its price, period, calls, scope, overage, subscribers and state', async () => {
    serve([BASIC, TRIAL, PICKED]);
    const table = await screen.findByRole('table', { name: '套餐列表' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['名称', '价格', '周期', '包含次数', '范围', '超出后', '订阅人数', '状态', '操作']);
    const cells = (id: number) =>
      within(screen.getByTestId(`admin-plan-${id}`))
        .getAllByRole('cell')
        .map((td) => td.textContent);
    await waitFor(() =>
      expect(cells(1)).toEqual([
        '基础版Basic',
        '¥9.90',
        '月',
        '1,000',
        '分类：天气',
        '按次付费',
        '3',
        '上架',
        '编辑',
      ]),
    );
    expect(cells(2)).toEqual([
      '试用新用户默认',
      '免费',
      '天',
      '100',
      '全部付费接口',
      '按次付费',
      '0',
      '下架',
      '编辑',
    ]);
    expect(cells(3).slice(1, 6)).toEqual(['¥20.00', '周', '100', '2 个接口', '停止调用']);
  });

  it('says so when there is no plan yet', async () => {
    serve([]);
    expect(await screen.findByText('还没有套餐。')).toBeVisible();
  });

  it('creates a plan from the form, then lists it', async () => {
    const plans: AdminPlanView[] = [];
    const sent = serve(plans);
    const form = await fillNew({
      名称: '基础版',
      '英文名称（可不填）': 'Basic',
      '描述（可不填）': '适合个人项目',
      '价格（元）': '9.9',
      包含调用次数: '1000',
      每小时最多: '10',
      每天最多: '100',
      '超额单价（元/次）': '0.01',
    });
    await userEvent.selectOptions(within(form).getByLabelText('周期'), '周');
    await userEvent.selectOptions(within(form).getByLabelText('超出后'), '停止调用');
    // A plan that stops has no overage price: its field goes, and nothing of it is sent.
    expect(within(form).queryByLabelText('超额单价（元/次）')).toBeNull();
    await save();
    expect(await screen.findByRole('status')).toHaveTextContent('已新建套餐「基础版」');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      {
        name: '基础版',
        name_en: 'Basic',
        description: '适合个人项目',
        description_en: '',
        price: '9.9',
        period: 'week',
        included_calls: 1000,
        scope: 'all',
        category_id: null,
        api_ids: [],
        overage: 'stop',
        hour_limit: 10,
        day_limit: 100,
        week_limit: null,
        overage_price: null,
        is_default: false,
        status: 1,
      },
    ]);
    expect(await screen.findByTestId('admin-plan-9')).toHaveTextContent('基础版');
  });

  it('sends limits and an overage price, and says a limit above a longer one’s at its field', async () => {
    const sent = serve([]);
    const form = await fillNew({
      名称: '限速版',
      '价格（元）': '5',
      包含调用次数: '500',
      每天最多: '200',
      每周最多: '100',
      '超额单价（元/次）': '0',
    });
    await save();
    expect(await expectRefusedControl(within(form).getByLabelText('每天最多'))).toBe(
      '每小时上限不能大于每日上限，每日上限不能大于每周上限',
    );
    expect(sent).toEqual([]);
    await userEvent.clear(within(form).getByLabelText('每周最多'));
    await userEvent.type(within(form).getByLabelText('每周最多'), '1000');
    await save();
    expect(await expectRefusedControl(within(form).getByLabelText('超额单价（元/次）'))).toBe(
      '超额单价须为大于 0、不超过 10000 的金额，最多三位小数，或留空',
    );
    expect(sent).toEqual([]);
    await userEvent.clear(within(form).getByLabelText('超额单价（元/次）'));
    await userEvent.type(within(form).getByLabelText('超额单价（元/次）'), '0.005');
    await save();
    await screen.findByRole('status');
    expect(sent[0]).toMatchObject({
      hour_limit: null,
      day_limit: 200,
      week_limit: 1000,
      overage: 'pay',
      overage_price: '0.005',
    });
    const row = await screen.findByTestId('admin-plan-9');
    expect(row).toHaveTextContent('每天 ≤ 200 · 每周 ≤ 1,000');
    expect(row).toHaveTextContent('¥0.005/次');
  });

  it('covers a category chosen from the admin categories, or the APIs ticked', async () => {
    const sent = serve([]);
    const form = await fillNew({ 名称: '天气包', '价格（元）': '1', 包含调用次数: '10' });
    await userEvent.selectOptions(within(form).getByLabelText('适用范围'), '指定分类');
    await userEvent.selectOptions(await within(form).findByLabelText('分类'), '工具');
    await save();
    await screen.findByRole('status');
    expect(sent[0]).toMatchObject({ scope: 'category', category_id: 5, api_ids: [] });

    const again = await fillNew({ 名称: '精选', '价格（元）': '1', 包含调用次数: '10' });
    await userEvent.selectOptions(within(again).getByLabelText('适用范围'), '指定接口');
    const picker = await within(again).findByRole('group', { name: '已选 0 个接口' });
    await userEvent.click(await within(picker).findByRole('checkbox', { name: /接口9/ }));
    await userEvent.type(within(again).getByPlaceholderText('搜索接口名称...'), 'api-7');
    expect(within(picker).queryByRole('checkbox', { name: /接口8/ })).toBeNull();
    await userEvent.click(within(picker).getByRole('checkbox', { name: /接口7/ }));
    await save();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ scope: 'apis', category_id: null, api_ids: [9, 7] });
  });

  it('edits a plan with its values filled in', async () => {
    const sent = serve([BASIC]);
    const row = await screen.findByTestId('admin-plan-1');
    await userEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const form = await screen.findByRole('dialog', { name: '编辑套餐：基础版' });
    expect(within(form).getByLabelText('价格（元）')).toHaveValue('9.900');
    expect(within(form).getByLabelText('适用范围')).toHaveValue('category');
    expect(await within(form).findByLabelText('分类')).toHaveValue('4');
    await userEvent.selectOptions(within(form).getByLabelText('状态'), '下架');
    await save();
    expect(await screen.findByRole('status')).toHaveTextContent('已保存套餐「基础版」');
    expect(sent).toEqual([
      expect.objectContaining({ id: 1, price: '9.900', category_id: 4, status: 0 }),
    ]);
  });

  it('says the form’s own mistakes at their fields, asking nothing', async () => {
    const sent = serve([]);
    const form = await fillNew({ '价格（元）': '9.9' });
    await save();
    expect(await expectRefusedControl(within(form).getByLabelText('名称'))).toBe(
      '请填写名称（不超过 100 个字符）',
    );
    await userEvent.type(within(form).getByLabelText('名称'), '基础版');
    await userEvent.clear(within(form).getByLabelText('价格（元）'));
    await userEvent.type(within(form).getByLabelText('价格（元）'), '1.2345');
    await save();
    expect(await expectRefusedControl(within(form).getByLabelText('价格（元）'))).toBe(
      '价格须为 0 到 10000 之间的金额，最多三位小数',
    );
    await userEvent.clear(within(form).getByLabelText('价格（元）'));
    await userEvent.type(within(form).getByLabelText('价格（元）'), '9.9');
    await userEvent.type(within(form).getByLabelText('包含调用次数'), '0');
    await save();
    expect(await expectRefusedControl(within(form).getByLabelText('包含调用次数'))).toBe(
      '包含调用次数须为 1 到 10000000 之间的整数',
    );
    await userEvent.type(within(form).getByLabelText('包含调用次数'), '5');
    await userEvent.selectOptions(within(form).getByLabelText('适用范围'), '指定分类');
    await save();
    expect(await expectRefusedControl(await within(form).findByLabelText('分类'))).toBe(
      '请选择一个分类',
    );
    await userEvent.selectOptions(within(form).getByLabelText('适用范围'), '指定接口');
    await save();
    expect(await expectRefusedControl(within(form).getByLabelText('接口'))).toBe(
      '请选择 1 到 200 个接口',
    );
    await userEvent.selectOptions(within(form).getByLabelText('适用范围'), '全部付费接口');
    await userEvent.click(within(form).getByLabelText(/^新用户默认套餐/));
    await save();
    expect(await expectRefusedControl(within(form).getByLabelText(/^新用户默认套餐/))).toBe(
      '只有免费套餐（价格为 0）可以设为新用户默认套餐',
    );
    expect(sent).toEqual([]);
  });

  it.each([
    ['plan.default_paid', 'is_default', '只有免费套餐（价格为 0）可以设为新用户默认套餐'],
    ['plan.scope', 'category_id', '所选分类或接口不存在，或适用范围缺少分类或接口'],
  ])('says a refusal of the plan’s rules (%s) at its field', async (code, field, text) => {
    serve([BASIC], () => failure(400, { code, message: 'x' }));
    await userEvent.click(
      within(await screen.findByTestId('admin-plan-1')).getByRole('button', { name: '编辑' }),
    );
    await screen.findByRole('dialog');
    await save();
    expect(await expectRefusedControl(document.getElementById(`plan-${field}`))).toBe(text);
  });

  // Every field save_plan.php reads lands where it can be seen: the id above the fields.
  it.each(SAVE_PLAN_FIELDS)('shows the server’s refusal of %s', async (field) => {
    const scoped =
      field === 'category_id' ? BASIC : field === 'api_ids' ? PICKED : plan(4, { price: '1.000' });
    serve([scoped], () => failure(400, { code: 'request.validation', message: 'x', field }));
    await userEvent.click(
      within(await screen.findByTestId(`admin-plan-${scoped.id}`)).getByRole('button', {
        name: '编辑',
      }),
    );
    await screen.findByRole('dialog');
    await save();
    if (field === 'id') {
      expect(await within(await dialog()).findByRole('alert')).toHaveTextContent(
        '输入有误，请检查后重试',
      );
    } else {
      await expectRefusedControl(document.getElementById(`plan-${field}`));
    }
  });

  it('says a list that could not be read', async () => {
    server.use(
      http.get('/api/admin/get_plans.php', () => failure(500, { code: 'server.internal' })),
    );
    render(
      <Provider store={makeStore()}>
        <MemoryRouter>
          <PlansPage />
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('服务器内部错误，请稍后再试');
  });
});
