import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { loggedIn } from '../../app/authSlice';
import { makeStore } from '../../app/store';
import { I18nProvider } from '../../i18n';
import type { Lang } from '../../i18n';
import { failure, http, ok, server } from '../../test/server';
import SandboxCheckoutPage from './SandboxCheckoutPage';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

/** The bodies sandbox_pay.php was sent; it answers `answer`, or a paid order. */
function answerPay(answer?: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/user/sandbox_pay.php', async ({ request }) => {
      bodies.push(await request.json());
      return answer?.() ?? ok({ order_number: '1764000000000002500000000007' });
    }),
  );
  return bodies;
}

function setup(lang: Lang = 'en') {
  sessionStorage.clear();
  const store = makeStore();
  store.dispatch(loggedIn({ id: 7, username: 'alice', balance: '1.00' }));
  render(
    <Provider store={store}>
      <I18nProvider initial={lang}>
        <MemoryRouter initialEntries={['/user/recharge/sandbox']}>
          <Routes>
            <Route path="/user/recharge/sandbox" element={<SandboxCheckoutPage />} />
            <Route path="/user/recharge" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </I18nProvider>
    </Provider>,
  );
}

const amountField = () => screen.getByLabelText('Or enter an amount (yuan)');

describe('SandboxCheckoutPage', () => {
  it('pays the picked amount and returns to the recharge centre with the order to verify', async () => {
    const bodies = answerPay();
    setup();
    expect(screen.getByRole('heading', { name: 'Sandbox checkout' })).toBeInTheDocument();
    expect(screen.getByText(/Paying for alice/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '¥10' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: '¥50' }));
    expect(screen.getByRole('button', { name: '¥50' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '¥10' })).toHaveAttribute('aria-pressed', 'false');
    expect(amountField()).toHaveValue('50');
    await userEvent.click(screen.getByRole('button', { name: 'Pay ¥50 with play money' }));
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent(
        '/user/recharge?out_trade_no=1764000000000002500000000007',
      ),
    );
    expect(bodies).toEqual([{ amount: '50' }]);
  });

  it('pays a typed amount, named on the button', async () => {
    const bodies = answerPay();
    setup();
    await userEvent.clear(amountField());
    await userEvent.type(amountField(), ' 2.5 ');
    expect(screen.getByRole('button', { name: '¥10' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Pay ¥2.5 with play money' }));
    await screen.findByTestId('where');
    expect(bodies).toEqual([{ amount: '2.5' }]);
  });

  it.each([
    ['', 'Please enter an amount.'],
    ['0', 'Enter an amount from 0.01 to 999999.99 yuan, with at most two decimals.'],
    ['1.234', 'Enter an amount from 0.01 to 999999.99 yuan, with at most two decimals.'],
    ['abc', 'Enter an amount from 0.01 to 999999.99 yuan, with at most two decimals.'],
  ])('refuses %j at the field without paying', async (typed, text) => {
    const bodies = answerPay();
    setup();
    await userEvent.clear(amountField());
    if (typed) await userEvent.type(amountField(), typed);
    await userEvent.click(screen.getByRole('button', { name: 'Pay with play money' }));
    expect(amountField()).toHaveAccessibleDescription(text);
    expect(amountField()).toHaveAttribute('aria-invalid', 'true');
    expect(amountField()).toHaveFocus();
    expect(bodies).toEqual([]);
    await userEvent.type(amountField(), '5');
    expect(amountField()).not.toHaveAttribute('aria-invalid');
  });

  it('shows the server’s refusal at the field, in Chinese too', async () => {
    answerPay(() =>
      failure(404, { code: 'recharge.sandbox_off', message: 'the recharge sandbox is off' }),
    );
    setup('zh');
    await userEvent.click(screen.getByRole('button', { name: '用虚拟金额支付 ¥10' }));
    const field = screen.getByLabelText('或输入金额（元）');
    await waitFor(() => expect(field).toHaveAccessibleDescription('本站未启用充值沙盒'));
    expect(field).toHaveFocus();
    expect(screen.queryByTestId('where')).toBeNull();
    expect(screen.getByRole('link', { name: '返回充值中心' })).toHaveAttribute(
      'href',
      '/user/recharge',
    );
  });
});
