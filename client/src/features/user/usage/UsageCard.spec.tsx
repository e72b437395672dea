import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import { http, ok, server } from '../../../test/server';
import UsageCard, { sumYuan } from './UsageCard';

// jsdom has no canvas; the chart itself is looked at in the browser screenshots.
jest.mock('./UsageChart', () => ({
  __esModule: true,
  default: () => <div data-testid="usage-chart" />,
}));

const days = Array.from({ length: 30 }, (_, i) => ({
  date: new Date(Date.UTC(2026, 10, i - 6)).toISOString().slice(0, 10),
  calls: i === 29 ? 3 : 0,
  spend: i === 29 ? '0.015' : '0.000',
}));

/** The card over this usage, answered once `held` (when given) settles. */
function show(usage: object, held?: Promise<void>) {
  server.use(
    http.get('/api/user/get_usage.php', async () => {
      await held;
      return ok({ days, top_apis: [], balance: '1.00', ...usage });
    }),
  );
  render(
    <Provider store={makeStore()}>
      <MemoryRouter>
        <UsageCard />
      </MemoryRouter>
    </Provider>,
  );
}

describe('UsageCard', () => {
  it('says how many calls the balance pays for at the usual price, with a Recharge link', async () => {
    show({
      usual_price: '0.005',
      calls_left: 200,
      // The English page shows an API's English title (the log keeps its Chinese name).
      top_apis: [
        { api_id: 4, name: '天气查询', title_en: 'Weather', calls: 3, spend: '0.015' },
        { api_id: 5, name: 'IP 查询', title_en: 'IP lookup', calls: 9, spend: '0.000' },
      ],
    });
    expect(await screen.findByTestId('calls-left')).toHaveTextContent(
      '≈ 200 calls left at your usual price of ¥0.005 per call',
    );
    expect(screen.getByRole('link', { name: 'Recharge' })).toHaveAttribute(
      'href',
      '/user/recharge',
    );
    expect(screen.getByTestId('top-apis')).toHaveTextContent('Weather3¥0.015');
    // Calls that cost nothing say so, as in the call log, rather than ¥0.000.
    expect(screen.getByTestId('top-apis')).toHaveTextContent('IP lookup9Free');
    expect(screen.getByText('3 calls, ¥0.015 spent')).toBeInTheDocument();
    expect(await screen.findByTestId('usage-chart')).toBeInTheDocument();
    expect(screen.queryByTestId('usage-chart-empty')).not.toBeInTheDocument();
  });

  it('has no estimate before any paid call', async () => {
    show({ usual_price: null, calls_left: null });
    expect(await screen.findByTestId('calls-left')).toHaveTextContent(
      'No paid calls yet, so there is no usual price to estimate from.',
    );
    expect(screen.getByText('No calls in the last 30 days.')).toBeInTheDocument();
  });

  it('says there were no calls where the chart goes, and leads to the APIs', async () => {
    show({
      days: days.map((day) => ({ ...day, calls: 0, spend: '0.000' })),
      usual_price: null,
      calls_left: null,
    });
    const empty = await screen.findByTestId('usage-chart-empty');
    expect(empty).toHaveTextContent('No calls in the last 30 days yet.');
    expect(within(empty).getByRole('link', { name: 'Browse the APIs' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(screen.queryByTestId('usage-chart')).not.toBeInTheDocument();
  });

  it('keeps the shape of the loaded card while its figures come', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    show({ usual_price: null, calls_left: null }, answered);
    const loading = screen.getByTestId('usage-loading');
    expect(within(loading).getByRole('status')).toHaveTextContent('Loading');
    expect(loading.querySelector('.portico-chart-area')).not.toBeNull();
    expect(within(loading).getByRole('link', { name: 'Recharge' })).toHaveAttribute(
      'href',
      '/user/recharge',
    );
    expect(within(loading).getByRole('heading', { name: 'Top APIs' })).toBeInTheDocument();
    answer();
    expect(await screen.findByTestId('calls-left')).toBeInTheDocument();
    expect(screen.queryByTestId('usage-loading')).not.toBeInTheDocument();
  });

  it('adds spend as integer milli-yuan', () => {
    expect(sumYuan(['0.1', '0.2', '0.005'])).toBe('0.305');
    expect(sumYuan(['1234567.891', '0.109'])).toBe('1234568.000');
  });
});
