import type { RedeemBatchView } from '@contracts/redeem';
import { REDEEM_BATCH_FIELDS } from '@contracts/redeem';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import { planView } from '../../../test/plans';
import { expectRefusedControl } from '../../../test/refusals';
import { failure, http, ok, server } from '../../../test/server';
import RedeemCodesPage from './RedeemCodesPage';

const batch = (id: number, more: Partial<RedeemBatchView> = {}): RedeemBatchView => ({
  id,
  name: `批次 ${id}`,
  kind: 'cash',
  value: '10.00',
  count: 100,
  uses_per_code: 1,
  per_user_limit: 1,
  expires_at: null,
  credit_days: null,
  plan_id: null,
  plan_name: null,
  disabled_at: null,
  redeemed: 3,
  redeemed_amount: '30.00',
  created_at: '2026-11-01T08:00:00.000Z',
  ...more,
});

/** 套餐管理's plans: one on offer, one hidden. */
const PLANS = [
  { ...planView(1, { name: '基础版' }), subscribers: 0 },
  { ...planView(2, { name: '内测版', status: 0 }), subscribers: 0 },
];

/** Batches the create and disable calls change, recording what they were sent. */
function serve(batches: RedeemBatchView[]) {
  const sent: { path: string; body: unknown }[] = [];
  server.use(
    http.get('/api/admin/get_plans.php', () => ok({ plans: PLANS })),
    http.get('/api/admin/get_redeem_batches.php', () =>
      ok({ batches, total: batches.length, total_pages: 1, current_page: 1 }),
    ),
    http.post('/api/admin/create_redeem_batch.php', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ path: 'create', body });
      const created = batch(9, { name: String(body.name), count: Number(body.count), redeemed: 0 });
      batches.unshift(created);
      return ok(created);
    }),
    http.post('/api/admin/disable_redeem_batch.php', async ({ request }) => {
      const body = (await request.json()) as { id: number };
      sent.push({ path: 'disable', body });
      const index = batches.findIndex((b) => b.id === body.id);
      batches[index] = { ...batches[index], disabled_at: '2026-11-30T00:00:00.000Z' };
      return ok(batches[index]);
    }),
  );
  return sent;
}

function show() {
  render(
    <Provider store={makeStore()}>
      <MemoryRouter>
        <RedeemCodesPage />
      </MemoryRouter>
    </Provider>,
  );
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

/** Makes the form's batch a plan one and, given its option's text, picks the plan. */
async function choosePlan(option?: string) {
  await userEvent.selectOptions(screen.getByLabelText('面值类型'), '套餐');
  if (option) {
    await userEvent.selectOptions(
      screen.getByLabelText('套餐'),
      await screen.findByRole('option', { name: option }),
    );
  }
}

describe('RedeemCodesPage', () => {
  it('lists batches with what was redeemed, their state and a CSV link', async () => {
    serve([
      batch(1),
      batch(2, { disabled_at: '2026-11-02T00:00:00.000Z' }),
      batch(3, { expires_at: '2026-01-01T00:00:00.000Z' }),
    ]);
    show();
    const first = await rowOf('批次 1');
    expect(first).toHaveTextContent('¥10.00');
    expect(first).toHaveTextContent('3 次，¥30.00');
    expect(first).toHaveTextContent('永不过期');
    expect(within(first).getByText('可用')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: '导出 CSV' })).toHaveAttribute(
      'href',
      '/api/admin/export_redeem_batch.php?id=1',
    );
    const withdrawn = await rowOf('批次 2');
    expect(within(withdrawn).getByText('已停用')).toBeInTheDocument();
    expect(within(withdrawn).queryByRole('button', { name: '停用' })).toBeNull();
    expect(within(await rowOf('批次 3')).getByText('已过期')).toBeInTheDocument();
    expect(screen.getByText('共 3 个批次')).toBeInTheDocument();
  });

  it('marks each wrong field before asking the server', async () => {
    const sent = serve([]);
    show();
    await userEvent.clear(screen.getByLabelText('数量'));
    await userEvent.type(screen.getByLabelText('数量'), '0');
    await userEvent.click(screen.getByRole('button', { name: '生成' }));
    expect(screen.getByLabelText('批次名称')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('批次名称')).toHaveFocus();
    expect(screen.getByText('请填写批次名称（不超过 100 个字符）')).toBeInTheDocument();
    expect(screen.getByLabelText('面值（元）')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('数量须为 1 到 10000 之间的整数')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('shows a refusal the server names at its field', async () => {
    serve([]);
    server.use(
      http.post('/api/admin/create_redeem_batch.php', () =>
        failure(400, {
          success: false,
          code: 'request.validation',
          message: 'The expiry must be in the future.',
          field: 'expires_at',
        }),
      ),
    );
    show();
    await userEvent.type(screen.getByLabelText('批次名称'), '测试');
    await userEvent.type(screen.getByLabelText('面值（元）'), '5');
    await userEvent.click(screen.getByRole('button', { name: '生成' }));
    const field = screen.getByLabelText('过期时间（可不填）');
    expect(await screen.findByText('过期时间须晚于现在')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
  });

  // Every field create_redeem_batch.php reads lands on a visible control with its own text (the
  // credit's days show for a credit batch, the plan for a plan batch).
  it.each(REDEEM_BATCH_FIELDS)('shows the server’s refusal of %s at its control', async (field) => {
    serve([]);
    server.use(
      http.post('/api/admin/create_redeem_batch.php', () =>
        failure(400, { code: 'request.validation', message: 'x', field }),
      ),
    );
    show();
    await userEvent.type(screen.getByLabelText('批次名称'), '测试');
    await userEvent.type(screen.getByLabelText('面值（元）'), '5');
    if (field === 'credit_days') {
      await userEvent.selectOptions(screen.getByLabelText('面值类型'), '赠金');
    }
    if (field === 'plan_id') await choosePlan('基础版');
    await userEvent.click(screen.getByRole('button', { name: '生成' }));
    await expectRefusedControl(document.getElementById(`redeem-batch-${field}`));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('generates a batch and offers its CSV at once', async () => {
    const sent = serve([]);
    show();
    await userEvent.type(screen.getByLabelText('批次名称'), '双十一');
    await userEvent.type(screen.getByLabelText('面值（元）'), '12.5');
    await userEvent.clear(screen.getByLabelText('数量'));
    await userEvent.type(screen.getByLabelText('数量'), '50');
    await userEvent.click(screen.getByRole('button', { name: '生成' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('已生成 50 个兑换码（双十一）');
    expect(within(status).getByRole('link', { name: '下载 CSV' })).toHaveAttribute(
      'href',
      '/api/admin/export_redeem_batch.php?id=9',
    );
    expect(sent).toEqual([
      {
        path: 'create',
        body: {
          name: '双十一',
          kind: 'cash',
          value: '12.5',
          count: 50,
          uses_per_code: 1,
          per_user_limit: 1,
          expires_at: null,
          credit_days: null,
          plan_id: null,
        },
      },
    ]);
    expect(await rowOf('双十一')).toBeInTheDocument();
    expect(screen.getByLabelText('批次名称')).toHaveValue('');
  });

  it('generates credit codes that last the days given, checking the days first', async () => {
    const sent = serve([batch(4, { kind: 'credit', credit_days: 14, name: '新人赠金' })]);
    show();
    expect(await rowOf('新人赠金')).toHaveTextContent('赠金，兑换后 14 天内有效');
    expect(screen.queryByLabelText('赠金有效天数')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('面值类型'), '赠金');
    await userEvent.type(screen.getByLabelText('批次名称'), '周年赠金');
    await userEvent.type(screen.getByLabelText('面值（元）'), '3');
    const days = screen.getByLabelText('赠金有效天数');
    expect(days).toHaveValue('30');
    await userEvent.clear(days);
    await userEvent.type(days, '3651');
    await userEvent.click(screen.getByRole('button', { name: '生成' }));
    expect(await expectRefusedControl(days)).toBe('赠金有效天数须为 1 到 3650 之间的整数');
    expect(sent).toEqual([]);
    await userEvent.clear(days);
    await userEvent.type(days, '7');
    await userEvent.click(screen.getByRole('button', { name: '生成' }));
    await screen.findByRole('status');
    expect(sent[0].body).toMatchObject({ kind: 'credit', value: '3', credit_days: 7 });
  });

  it('lists a plan batch by its plan’s name, not by money', async () => {
    serve([
      batch(5, {
        kind: 'plan',
        value: '0.00',
        plan_id: 1,
        plan_name: '基础版',
        name: '体验套餐码',
        redeemed: 2,
        redeemed_amount: '0.00',
      }),
    ]);
    show();
    const row = await rowOf('体验套餐码');
    expect(row).toHaveTextContent('套餐：基础版');
    expect(row).toHaveTextContent('2 次');
    expect(row).not.toHaveTextContent('¥');
  });

  it('generates plan codes of a chosen plan, hidden ones too, with no value', async () => {
    const sent = serve([]);
    show();
    await choosePlan();
    expect(screen.queryByLabelText('面值（元）')).toBeNull();
    const plans = screen.getByLabelText('套餐');
    await screen.findByRole('option', { name: '基础版' });
    expect(
      within(plans)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['请选择套餐', '基础版', '内测版（已下架）']);
    await userEvent.type(screen.getByLabelText('批次名称'), '内测邀请');
    await userEvent.click(screen.getByRole('button', { name: '生成' }));
    expect(await expectRefusedControl(plans)).toBe('请选择套餐码开通的套餐');
    expect(sent).toEqual([]);
    await choosePlan('内测版（已下架）');
    await userEvent.click(screen.getByRole('button', { name: '生成' }));
    await screen.findByRole('status');
    expect(sent).toEqual([
      {
        path: 'create',
        body: {
          name: '内测邀请',
          kind: 'plan',
          plan_id: 2,
          count: 100,
          uses_per_code: 1,
          per_user_limit: 1,
          expires_at: null,
          credit_days: null,
        },
      },
    ]);
    expect(sent[0].body).not.toHaveProperty('value');
  });

  it('says a plan the server does not know at the plan field', async () => {
    serve([]);
    server.use(
      http.post('/api/admin/create_redeem_batch.php', () =>
        failure(400, { code: 'redeem.plan', message: 'x', field: 'plan_id' }),
      ),
    );
    show();
    await userEvent.type(screen.getByLabelText('批次名称'), '测试');
    await choosePlan('基础版');
    await userEvent.click(screen.getByRole('button', { name: '生成' }));
    expect(await expectRefusedControl(screen.getByLabelText('套餐'))).toBe(
      '所选套餐不存在，请重新选择',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('withdraws a batch only once the admin confirms', async () => {
    const sent = serve([batch(1)]);
    show();
    const row = await rowOf('批次 1');
    await userEvent.click(within(row).getByRole('button', { name: '停用' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('停用后「批次 1」的兑换码都不能再兑换');
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(sent).toEqual([]);
    await userEvent.click(within(row).getByRole('button', { name: '停用' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '停用' }),
    );
    expect(await screen.findByText('批次已停用')).toBeInTheDocument();
    expect(sent).toEqual([{ path: 'disable', body: { id: 1 } }]);
    expect(await within(await rowOf('批次 1')).findByText('已停用')).toBeInTheDocument();
  });
});
