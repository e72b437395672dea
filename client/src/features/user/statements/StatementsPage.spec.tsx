import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import { failure, http, ok, server } from '../../../test/server';
import StatementsPage, { monthsBetween } from './StatementsPage';

const statement = (month: string, extra: object = {}) => ({
  month,
  time_zone: 'Asia/Shanghai',
  from: '2026-09-30T16:00:00.000Z',
  to: '2026-10-31T16:00:00.000Z',
  running: false,
  first_month: '2026-09',
  current_month: '2026-11',
  opening_balance: '1.00',
  recharged: '10.00',
  adjusted: '-0.50',
  redeemed: '0.00',
  referred: '5.00',
  plans: '1.00',
  charged: '0.021',
  closing_balance: '14.479',
  calls: 3,
  free_calls: 2,
  lines: [
    {
      api_id: 9,
      api_name: '天气查询',
      api_title_en: 'Weather',
      calls: 3,
      free_calls: 2,
      charged: '0.021',
    },
  ],
  ...extra,
});

function Where() {
  const { search } = useLocation();
  return <span data-testid="where">{search}</span>;
}

function show(path: string) {
  const asked: string[] = [];
  server.use(
    http.get('/api/user/get_monthly_statement.php', ({ request }) => {
      const month = new URL(request.url).searchParams.get('month');
      asked.push(month ?? '');
      return ok(
        month === '2026-10' ? statement('2026-10') : statement('2026-11', { running: true }),
      );
    }),
  );
  render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/user/statements"
            element={
              <>
                <StatementsPage />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return asked;
}

describe('StatementsPage', () => {
  it('shows the running month first, its figures adding up to the balance so far', async () => {
    const asked = show('/user/statements');
    const figures = await screen.findByTestId('statement-figures');
    const rows = within(figures)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Opening balance¥1.00',
      'Recharges+ ¥10.00',
      'Adjustments by the site− ¥0.50',
      'Redeem codes+ ¥0.00',
      'Invite rewards+ ¥5.00',
      'Plans− ¥1.00',
      'Paid calls− ¥0.021',
      'Balance so far¥14.479',
    ]);
    expect(screen.getByTestId('statement-period')).toHaveTextContent('still running');
    expect(asked).toEqual(['']);
    const line = within(screen.getByTestId('statement-lines')).getAllByRole('row')[1];
    expect(line).toHaveTextContent('Weather');
    expect(screen.getByTestId('statement-export')).toHaveAttribute(
      'href',
      '/api/user/export_monthly_statement.php?month=2026-11',
    );
  });

  it('lists every month from the first to the running one, and picks one into the URL', async () => {
    const asked = show('/user/statements');
    const select = await screen.findByLabelText('Month');
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'));
    expect(options).toEqual(['2026-11', '2026-10', '2026-09']);
    await userEvent.selectOptions(select, '2026-10');
    expect(screen.getByTestId('where')).toHaveTextContent('?month=2026-10');
    await waitFor(() => expect(screen.getByText('Closing balance')).toBeInTheDocument());
    expect(asked).toEqual(['', '2026-10']);
    expect(screen.getByTestId('statement-export')).toHaveAttribute(
      'href',
      '/api/user/export_monthly_statement.php?month=2026-10',
    );
  });

  it('says so when the statement cannot be loaded', async () => {
    server.use(
      http.get('/api/user/get_monthly_statement.php', () =>
        failure(400, { code: 'statements.future_month', message: 'not yet' }),
      ),
    );
    render(
      <Provider store={makeStore()}>
        <MemoryRouter initialEntries={['/user/statements?month=2030-01']}>
          <Routes>
            <Route path="/user/statements" element={<StatementsPage />} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That month has not started yet. Pick this month or an earlier one.',
    );
    expect(screen.getByRole('link', { name: 'Show this month' })).toHaveAttribute(
      'href',
      '/user/statements',
    );
  });

  it('counts months back across a year', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual([
      '2026-02',
      '2026-01',
      '2025-12',
      '2025-11',
    ]);
    expect(monthsBetween('2026-02', '2026-02')).toEqual(['2026-02']);
  });
});
