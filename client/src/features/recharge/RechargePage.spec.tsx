import { configureStore } from '@reduxjs/toolkit';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { authReducer, loggedIn } from '../auth/authSlice';
import * as rechargeApi from './api';
import RechargePage from './RechargePage';

jest.mock('./api', () => ({
  RECHARGE_PER_PAGE: 10,
  useGetRechargeInfoQuery: jest.fn(),
  useGetRechargeHistoryQuery: jest.fn(),
  useVerifyOrderMutation: jest.fn(),
}));

const mocked = rechargeApi as jest.Mocked<typeof rechargeApi>;

const record = (id: number) => ({
  id,
  out_trade_no: `20260101${id}`,
  amount: '10.00',
  created_at: '2026-01-01T00:00:00.000Z',
});

function setup(verify: jest.Mock) {
  const store = configureStore({ reducer: { auth: authReducer } });
  store.dispatch(loggedIn({ id: 7, username: 'alice', balance: '1.00' }));
  mocked.useGetRechargeInfoQuery.mockReturnValue({
    data: {
      success: true,
      message: 'ok',
      data: {
        configured: true,
        sponsor_url: 'https://afdian.test/a/x?custom_order_id=u7-abc',
        custom_order_id: 'u7-abc',
      },
    },
    isLoading: false,
    isError: false,
  } as never);
  mocked.useGetRechargeHistoryQuery.mockImplementation((args) => {
    const page = typeof args === 'object' ? args.page : 1;
    return {
      data: {
        success: true,
        message: 'ok',
        data: { records: [record(page * 100)], total: 25, total_pages: 3, current_page: page },
      },
      isLoading: false,
      isFetching: false,
      isError: false,
      refetch: jest.fn(),
    } as never;
  });
  mocked.useVerifyOrderMutation.mockReturnValue([verify, { isLoading: false }] as never);
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/user/recharge']}>
        <Routes>
          <Route path="/user/recharge" element={<RechargePage />} />
          <Route path="/login" element={<p>login page</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

const lastHistoryPage = () => mocked.useGetRechargeHistoryQuery.mock.lastCall?.[0];

describe('RechargePage', () => {
  beforeEach(() => sessionStorage.clear());

  it('asks for the order number before calling the server', async () => {
    const verify = jest.fn();
    setup(verify);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert')).toHaveTextContent('please enter the order number');
    expect(verify).not.toHaveBeenCalled();
  });

  it('links to the sponsorship page with this user’s custom_order_id', () => {
    setup(jest.fn());
    const link = screen.getByRole('link', { name: /Afdian sponsorship page/ });
    expect(link).toHaveAttribute('href', 'https://afdian.test/a/x?custom_order_id=u7-abc');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('on success refreshes the balance and returns the history to page 1', async () => {
    const verify = jest.fn(() => ({
      unwrap: () =>
        Promise.resolve({
          success: true,
          message: 'ok',
          data: { amount: '10.00', balance: '11.00' },
        }),
    }));
    const store = setup(verify);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(lastHistoryPage()).toEqual({ page: 2 });
    await userEvent.type(screen.getByLabelText('Order number'), ' 202601019999 ');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(verify).toHaveBeenCalledWith({ order_number: '202601019999' });
    await screen.findByText(/Recharge successful: 10.00 credited/);
    expect(store.getState().auth.user.balance).toBe('11.00');
    expect(sessionStorage.getItem('balance')).toBe('11.00');
    expect(screen.getByTestId('balance')).toHaveTextContent('11.00 yuan');
    expect(lastHistoryPage()).toEqual({ page: 1 });
    expect(screen.getByLabelText('Order number')).toHaveValue('');
  });

  it('shows the server message, or the fallbacks', async () => {
    // unwrap() rejects with RTK Query's error object; wrapped in an Error only for the linter.
    const rejection = (fields: object) => Object.assign(new Error('rejected'), fields);
    const replies = [
      rejection({
        status: 409,
        data: { success: false, message: 'this order has already been used' },
      }),
      rejection({ status: 502, data: {} }),
      rejection({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }),
    ];
    const verify = jest.fn(() => ({ unwrap: () => Promise.reject(replies.shift()!) }));
    setup(verify);
    const input = screen.getByLabelText('Order number');
    for (const expected of [
      'this order has already been used',
      'recharge failed!',
      'recharge request error, try again later',
    ]) {
      await userEvent.clear(input);
      await userEvent.type(input, '1');
      await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(expected);
    }
  });

  it('clears the login state and goes to login on a 401', async () => {
    const verify = jest.fn();
    const store = setup(verify);
    mocked.useGetRechargeHistoryQuery.mockReturnValue({
      error: { status: 401, data: { success: false, message: 'please log in first' } },
      isLoading: false,
      isFetching: false,
      isError: true,
      refetch: jest.fn(),
    } as never);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getByText('login page')).toBeInTheDocument());
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(sessionStorage.getItem('isLoggedIn')).toBeNull();
  });
});
