import type { Dashboard } from '@contracts/site';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import { http, ok, server } from '../../../test/server';
import DashboardPage from './DashboardPage';

/** The site's today, far from the test's own clock: the chart's days are the server's. */
const today = '2026-01-03';

const dashboard: Dashboard = {
  total_stats: { total_calls: 12345, total_apis: 3 },
  top_apis: [{ id: 1, name: '天气查询', call_count: 900 }],
  all_api_total_calls: [{ id: 1, name: '天气查询', total_calls: 900 }],
  daily_calls_per_api: [{ access_date: today, api_id: 1, api_name: '天气查询', daily_calls: 7 }],
  site_start_time: '2026-01-01 00:00:00',
  server_info: [{ name: 'Node', value: 'v22' }],
  activity: {
    calls_today: 42,
    charges: { today: '1.50', days_7: '8.00', days_30: '30.25' },
    new_users: { today: 2, days_7: 9, days_30: 31 },
    recharges: { today: '0.00', days_7: '50.00', days_30: '120.00' },
  },
  today,
};

describe('DashboardPage', () => {
  it('shows the activity figures for today with the 7- and 30-day figures', async () => {
    server.use(http.get('/api/admin/get_dashboard_stats.php', () => ok(dashboard)));
    render(
      <Provider store={makeStore()}>
        <MemoryRouter>
          <DashboardPage />
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByText('12,345')).toBeInTheDocument();
    expect(screen.getByText('今日调用').nextSibling).toHaveTextContent('42');
    expect(screen.getByText('今日扣费').nextSibling).toHaveTextContent('¥1.50');
    expect(screen.getByText('近 7 天 ¥8.00 · 近 30 天 ¥30.25')).toBeInTheDocument();
    expect(screen.getByText('近 7 天 9 · 近 30 天 31')).toBeInTheDocument();
    expect(screen.getByText('近 7 天 ¥50.00 · 近 30 天 ¥120.00')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '近 30 天各 API 每日调用次数' })).toBeInTheDocument();
  });
});
