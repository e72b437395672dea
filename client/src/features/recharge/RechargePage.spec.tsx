import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { loggedIn } from '../../app/authSlice';
import { RequireUser } from '../../app/guards';
import { makeStore } from '../../app/store';
import { failure, http, HttpResponse, ok, server } from '../../test/server';
import RechargePage from './RechargePage';

const record = (id: number) => ({
  id,
  out_trade_no: `20260101${id}`,
  amount: '10.00',
  created_at: '2026-01-01T00:00:00.000Z',
});

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

/** The server: recharge info, and a history of 25 records whose row id tells the page. */
function answerHistory(pages: number[] = []) {
  server.use(
    http.get('/api/user/get_recharge_info.php', () =>
      ok({
        configured: true,
        sponsor_url: 'https://afdian.test/a/x?custom_order_id=u7-abc',
        custom_order_id: 'u7-abc',
      }),
    ),
    http.get('/api/user/get_aifadian_recharge_history.php', ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page'));
      pages.push(page);
      return ok({ records: [record(page * 100)], total: 25, total_pages: 3, current_page: page });
    }),
  );
  return pages;
}

function setup() {
  sessionStorage.clear();
  const store = makeStore();
  store.dispatch(loggedIn({ id: 7, username: 'alice', balance: '1.00' }));
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/user/recharge']}>
        <Routes>
          <Route
            path="/user/recharge"
            element={
              <RequireUser>
                <RechargePage />
              </RequireUser>
            }
          />
          <Route path="/login" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

const confirm = () => userEvent.click(screen.getByRole('button', { name: 'Confirm' }));

describe('RechargePage', () => {
  it('asks for the order number before calling the server', async () => {
    answerHistory();
    let verified = false;
    server.use(
      http.post('/api/user/verify_aifadian_order.php', () => {
        verified = true;
        return ok({ amount: '1.00', balance: '2.00' });
      }),
    );
    setup();
    await confirm();
    expect(screen.getByRole('alert')).toHaveTextContent('please enter the order number');
    expect(verified).toBe(false);
  });

  it('links to the sponsorship page with this user’s custom_order_id', async () => {
    answerHistory();
    setup();
    const link = await screen.findByRole('link', { name: /Afdian sponsorship page/ });
    expect(link).toHaveAttribute('href', 'https://afdian.test/a/x?custom_order_id=u7-abc');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('on success refreshes the balance and returns the history to page 1', async () => {
    const pages = answerHistory();
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/user/verify_aifadian_order.php', async ({ request }) => {
        bodies.push(await request.json());
        return ok({ amount: '10.00', balance: '11.00' }, 'recharge successful: 10.00 credited');
      }),
    );
    const store = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    await screen.findByText('20260101200');
    await userEvent.type(screen.getByLabelText('Order number'), ' 202601019999 ');
    await confirm();
    await screen.findByText(/Recharge successful: ¥10.00 credited/);
    expect(bodies).toEqual([{ order_number: '202601019999' }]);
    expect(store.getState().auth.user.balance).toBe('11.00');
    expect(sessionStorage.getItem('balance')).toBe('11.00');
    expect(screen.getByTestId('balance')).toHaveTextContent('¥11.00');
    await screen.findByText('20260101100');
    expect(pages.at(-1)).toBe(1);
    expect(screen.getByLabelText('Order number')).toHaveValue('');
  });

  it('names the error by its code, or falls back', async () => {
    answerHistory();
    const replies = [
      failure(409, { code: 'recharge.order_used', message: 'this order has already been used' }),
      failure(502, {}),
      HttpResponse.error(),
    ];
    server.use(http.post('/api/user/verify_aifadian_order.php', () => replies.shift()));
    setup();
    const input = screen.getByLabelText('Order number');
    for (const expected of [
      'this order has already been used',
      'recharge failed!',
      'recharge request error, try again later',
    ]) {
      await userEvent.clear(input);
      await userEvent.type(input, '1');
      await confirm();
      expect(await screen.findByRole('alert')).toHaveTextContent(expected);
    }
  });

  it('clears the login state and goes to login, to come back here, on a 401', async () => {
    answerHistory();
    server.use(
      http.get('/api/user/get_aifadian_recharge_history.php', () =>
        failure(401, { code: 'auth.unauthenticated', message: 'please log in first' }),
      ),
    );
    const store = setup();
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent(
        `/login?redirect=${encodeURIComponent('/user/recharge')}`,
      ),
    );
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(sessionStorage.getItem('isLoggedIn')).toBeNull();
  });
});
