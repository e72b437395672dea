import type { PendingOrder } from '@contracts/recharge';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import { failure, http, ok, server } from '../../../test/server';
import PendingOrdersPage from './PendingOrdersPage';

const order = (n: number): PendingOrder => ({
  id: n,
  out_trade_no: `2026010100000${n}`,
  amount: '25.00',
  paid_amount: '25.00',
  afdian_user_id: `afd-${n}`,
  custom_order_id: '',
  remark: n === 1 ? 'my name is alice' : '',
  created_at: '2026-01-01T08:00:00.000Z',
});

/** A queue the assign and dismiss calls take orders out of, recording what was asked. */
function serve(queue: PendingOrder[]) {
  const calls: { url: string; body: unknown }[] = [];
  server.use(
    http.get('/api/admin/get_pending_orders.php', ({ request }) => {
      calls.push({ url: new URL(request.url).search, body: null });
      return ok({ orders: queue, total: queue.length, total_pages: 1, current_page: 1 });
    }),
  );
  return calls;
}

function show() {
  render(
    <Provider store={makeStore()}>
      <MemoryRouter>
        <PendingOrdersPage />
      </MemoryRouter>
    </Provider>,
  );
}

const rowOf = async (outTradeNo: string) =>
  (await screen.findByText(outTradeNo)).closest('tr') as HTMLElement;

describe('PendingOrdersPage', () => {
  it('lists the queue with what helps find the payer, and says when it is empty', async () => {
    const calls = serve([order(1), order(2)]);
    show();
    const row = await rowOf('20260101000001');
    expect(row).toHaveTextContent('¥25.00');
    expect(row).toHaveTextContent('afd-1');
    expect(row).toHaveTextContent('my name is alice');
    expect(screen.getByText('共 2 条待处理订单')).toBeInTheDocument();
    expect(calls[0].url).toBe('?page=1&per_page=20');
  });

  it('says when nothing waits', async () => {
    serve([]);
    show();
    expect(await screen.findByText('暂无待处理订单。')).toBeInTheDocument();
  });

  it('assigns an order to a user: checks the id first, posts once, the row leaves the queue', async () => {
    const queue = [order(1), order(2)];
    serve(queue);
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/admin/assign_order.php', async ({ request }) => {
        bodies.push(await request.json());
        queue.shift();
        return ok({ amount: '25.00', balance: '25.00' }, 'order credited: 25.00');
      }),
    );
    show();
    await userEvent.click(
      within(await rowOf('20260101000001')).getByRole('button', { name: '分配' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('用户 ID'), 'abc');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认分配' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('请输入正确的用户 ID');
    expect(bodies).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText('用户 ID'));
    await userEvent.type(within(dialog).getByLabelText('用户 ID'), '7');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认分配' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      '订单 20260101000001 已分配给用户 #7，入账 ¥25.00',
    );
    expect(bodies).toEqual([{ out_trade_no: '20260101000001', user_id: 7 }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    await screen.findByText('共 1 条待处理订单');
    expect(screen.queryByText('20260101000001')).toBeNull();
  });

  it('shows a refusal in Chinese by its code and keeps the dialog open', async () => {
    serve([order(1)]);
    server.use(
      http.post('/api/admin/assign_order.php', () =>
        failure(404, { code: 'users.not_found', message: 'User not found.' }),
      ),
    );
    show();
    await userEvent.click(
      within(await rowOf('20260101000001')).getByRole('button', { name: '分配' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('用户 ID'), '999');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认分配' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('用户不存在');
  });

  it('dismisses an order with a reason, and asks for one first', async () => {
    const queue = [order(1)];
    serve(queue);
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/admin/dismiss_order.php', async ({ request }) => {
        bodies.push(await request.json());
        queue.pop();
        return ok(undefined, 'order dismissed');
      }),
    );
    show();
    await userEvent.click(
      within(await rowOf('20260101000001')).getByRole('button', { name: '驳回' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认驳回' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('请输入驳回原因');
    await userEvent.type(within(dialog).getByLabelText('驳回原因'), ' refunded on Afdian ');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认驳回' }));
    expect(await screen.findByRole('status')).toHaveTextContent('订单 20260101000001 已驳回');
    expect(bodies).toEqual([{ out_trade_no: '20260101000001', reason: 'refunded on Afdian' }]);
    expect(await screen.findByText('暂无待处理订单。')).toBeInTheDocument();
  });

  it('finds the user by name and fills in their id', async () => {
    serve([order(1)]);
    const searches: string[] = [];
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/admin/get_user_list.php', ({ request }) => {
        searches.push(new URL(request.url).searchParams.get('search') ?? '');
        return ok({
          users: [
            {
              id: 12,
              username: 'alice',
              email: null,
              balance: 0,
              api_key: '',
              status: 1,
              created_at: '',
            },
          ],
          total: 1,
          total_pages: 1,
          current_page: 1,
        });
      }),
      http.post('/api/admin/assign_order.php', async ({ request }) => {
        bodies.push(await request.json());
        return ok({ amount: '25.00', balance: '25.00' });
      }),
    );
    show();
    await userEvent.click(
      within(await rowOf('20260101000001')).getByRole('button', { name: '分配' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('查找用户'), 'ali{Enter}');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'alice（#12）' }));
    expect(searches).toEqual(['ali']);
    expect(within(dialog).getByLabelText('用户 ID')).toHaveValue('12');
    expect(within(dialog).getByRole('button', { name: 'alice（#12）' })).toHaveClass('active');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认分配' }));
    await screen.findByRole('status');
    expect(bodies).toEqual([{ out_trade_no: '20260101000001', user_id: 12 }]);
  });
});
