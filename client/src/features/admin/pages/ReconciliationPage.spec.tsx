import type { Reconciliation, ReconciliationDay } from '@contracts/recharge';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import { failure, http, ok, server } from '../../../test/server';
import ReconciliationPage from './ReconciliationPage';

const day = (date: string, more: Partial<ReconciliationDay> = {}): ReconciliationDay => ({
  date,
  seen: 0,
  credited: 0,
  rejected: 0,
  pending: 0,
  credited_amount: '0.00',
  pending_amount: '0.00',
  ...more,
});

const REPORT: Reconciliation = {
  from: '2026-01-01',
  to: '2026-01-03',
  days: [
    day('2026-01-01', { seen: 2, credited: 1, rejected: 1, credited_amount: '10.00' }),
    day('2026-01-02', { seen: 1, pending: 1, pending_amount: '5.00' }),
    day('2026-01-03'),
  ],
  totals: {
    seen: 3,
    credited: 1,
    rejected: 1,
    pending: 1,
    credited_amount: '10.00',
    pending_amount: '5.00',
  },
  beside_cash: {
    plan_periods: 3,
    plans_amount: '29.70',
    credit_granted: '50.00',
    credit_expired: '2.50',
  },
  mismatches: [],
};

function serve(report: Reconciliation | (() => Response)) {
  const queries: string[] = [];
  server.use(
    http.get('/api/admin/get_recharge_reconciliation.php', ({ request }) => {
      queries.push(new URL(request.url).search);
      return typeof report === 'function' ? report() : ok(report);
    }),
  );
  return queries;
}

function show(path = '/admin/reconciliation') {
  render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={[path]}>
        <ReconciliationPage />
      </MemoryRouter>
    </Provider>,
  );
}

describe('ReconciliationPage', () => {
  it('shows each day with orders newest first, with totals; marks days with pending orders', async () => {
    const queries = serve(REPORT);
    show();
    const table = await screen.findByRole('table', { name: '每日对账' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      '日期订单数已入账已拒绝待处理入账金额待处理金额',
      '2026-01-021001¥0.00¥5.00',
      '2026-01-012110¥10.00¥0.00',
      '合计3111¥10.00¥5.00',
    ]);
    expect(rows[1]).toHaveClass('admin-row-warning');
    expect(rows[2]).not.toHaveClass('admin-row-warning');
    expect(screen.getByRole('status')).toHaveTextContent('账目一致');
    expect(queries).toEqual(['']);
    expect(screen.getByLabelText('开始日期（UTC）')).toHaveValue('2026-01-01');
    expect(screen.getByLabelText('结束日期（UTC）')).toHaveValue('2026-01-03');
    expect(screen.getByText(/默认最近 30 天/)).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('显示没有订单的日期'));
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('2026-01-030000¥0.00¥0.00');
    expect(screen.getByRole('link', { name: '下载 CSV' })).toHaveAttribute(
      'href',
      '/api/admin/export_recharge_reconciliation.php?',
    );
  });

  it('shows the plan periods sold and the credit granted and expired beside the cash', async () => {
    serve(REPORT);
    show();
    const figures = await screen.findByRole('region', { name: '充值以外' });
    const pairs = within(figures)
      .getAllByRole('definition')
      .map((value) => [value.previousElementSibling?.textContent, value.textContent]);
    expect(pairs).toEqual([
      ['售出套餐期数', '3'],
      ['套餐收入（余额支付）', '¥29.70'],
      ['发放赠金', '¥50.00'],
      ['过期赠金', '¥2.50'],
    ]);
  });

  it('highlights what the books do not explain', async () => {
    serve({
      ...REPORT,
      mismatches: [
        {
          kind: 'amount_differs',
          out_trade_no: '202601019',
          user_id: 4,
          expected: '10.00',
          actual: '12.00',
        },
        {
          kind: 'balance_unexplained',
          out_trade_no: null,
          user_id: 5,
          expected: '1.00',
          actual: '3.00',
        },
        {
          kind: 'credit_unexplained',
          out_trade_no: null,
          user_id: 6,
          expected: '0.50',
          actual: '0.70',
        },
      ],
    });
    show();
    const table = await screen.findByRole('table', { name: '对不上的账' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('入账金额与爱发电不符2026010194¥10.00¥12.00');
    expect(rows[1]).toHaveTextContent('用户余额无法由流水解释-5¥1.00¥3.00');
    expect(rows[2]).toHaveTextContent('用户赠金无法由发放、过期和使用解释-6¥0.50¥0.70');
    for (const row of rows) expect(row).toHaveClass('admin-row-danger');
    expect(screen.getByRole('heading', { name: '对不上的账 3' })).toBeInTheDocument();
    expect(screen.queryByText(/账目一致/)).toBeNull();
  });

  it('asks for the period in the URL and downloads the same period as CSV', async () => {
    const queries = serve(REPORT);
    show('/admin/reconciliation?from=2026-01-01&to=2026-01-31');
    await screen.findByRole('table', { name: '每日对账' });
    expect(queries).toEqual(['?from=2026-01-01&to=2026-01-31']);
    expect(screen.getByText(/2026-01-01 至 2026-01-03/)).toHaveTextContent(
      '2026-01-01 至 2026-01-03（UTC）。有待处理订单的日期以黄色标出。',
    );
    expect(screen.getByLabelText('开始日期（UTC）')).toHaveValue('2026-01-01');
    expect(screen.getByRole('link', { name: '下载 CSV' })).toHaveAttribute(
      'href',
      '/api/admin/export_recharge_reconciliation.php?from=2026-01-01&to=2026-01-31',
    );
    await userEvent.clear(screen.getByLabelText('结束日期（UTC）'));
    expect(queries.at(-1)).toBe('?from=2026-01-01');
  });

  it('names a refused period in Chinese', async () => {
    serve(() => failure(400, { code: 'recharge.bad_period', message: 'bad period' }));
    show('/admin/reconciliation?from=2026-03-01&to=2026-01-01');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '对账区间须为两个 YYYY-MM-DD 日期，且不超过一年',
    );
  });
});
