import type { StatusPage as Status } from '@contracts/health';
import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../app/store';
import { http, ok, server } from '../../test/server';
import StatusPage from './StatusPage';

function setup(status: Status) {
  server.use(http.get('/api/get_status.php', () => ok(status)));
  render(
    <Provider store={makeStore()}>
      <MemoryRouter>
        <StatusPage />
      </MemoryRouter>
    </Provider>,
  );
}

const api = (
  id: number,
  state: Status['apis'][number]['state'],
  days: Status['apis'][number]['days'],
) => ({
  id,
  name: `接口 ${id}`,
  name_en: `api-${id}`,
  title_en: `API ${id}`,
  state,
  p95_ms: 120,
  uptime: 97.5,
  days,
  maintenance: false,
});

describe('StatusPage', () => {
  it('sums up, bars each of the 90 days up to the figures’ own day, and lists incidents', async () => {
    setup({
      updated_at: '2026-11-29T10:00:00.000Z',
      apis: [
        api(1, 'down', [
          { day: '2026-11-28', calls: 100, failures: 1 },
          { day: '2026-11-29', calls: 10, failures: 9 },
        ]),
        api(2, 'operational', []),
      ],
      incidents: [
        {
          id: 5,
          api_id: 1,
          name: '接口 1',
          name_en: 'api-1',
          title_en: 'API 1',
          state: 'down',
          cause: 'traffic',
          calls: 40,
          success_rate: 37.5,
          p95_ms: 880,
          started_at: '2026-11-29T09:05:00.000Z',
          ended_at: null,
        },
      ],
    });
    expect(await screen.findByText('One API has problems')).toBeInTheDocument();
    expect(screen.getByText('Updated 2026-11-29 10:00 UTC')).toBeInTheDocument();
    const ongoing = screen.getByRole('region', { name: 'Ongoing incidents' });
    expect(ongoing).toHaveTextContent(
      'Since 2026-11-29 09:05 UTC · 37.5% of 40 calls worked · p95 880 ms',
    );
    const bars = screen.getAllByRole('img')[0];
    expect(bars).toHaveAccessibleName('97.5% of calls worked over the last 90 days, day by day');
    const days = bars.querySelectorAll('span');
    expect(days).toHaveLength(90);
    expect(days[89]).toHaveAttribute('title', '2026-11-29: 10% of 10 calls worked');
    expect(days[89]).toHaveClass('portico-day-down');
    expect(days[88]).toHaveClass('portico-day-operational');
    expect(days[0]).toHaveAttribute('title', '2026-09-01: no calls');
    // A phone shows the last 30 days.
    expect(days[59]).toHaveClass('d-none');
    expect(days[60]).not.toHaveClass('d-none');
    const past = screen.getByRole('region', { name: 'Past incidents (90 days)' });
    expect(within(past).getByText('No incidents in the last 90 days.')).toBeInTheDocument();
    const apis = screen.getByRole('region', { name: 'APIs' });
    expect(within(apis).getByRole('link', { name: 'API 1' })).toHaveAttribute(
      'href',
      '/api/1/api-1',
    );
  });

  it('says all is well when nothing is degraded or down', async () => {
    setup({ updated_at: '2026-11-29T10:00:00.000Z', apis: [api(2, 'unknown', [])], incidents: [] });
    expect(await screen.findByText('All APIs are operational')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Ongoing incidents' })).not.toBeInTheDocument();
  });

  it('says which API is in maintenance, and that a probe opened its incident', async () => {
    setup({
      updated_at: '2026-11-29T10:00:00.000Z',
      apis: [{ ...api(1, 'down', []), maintenance: true }],
      incidents: [
        {
          id: 6,
          api_id: 1,
          name: '接口 1',
          name_en: 'api-1',
          title_en: 'API 1',
          state: 'down',
          cause: 'probe',
          calls: 3,
          success_rate: 0,
          p95_ms: null,
          started_at: '2026-11-29T09:05:00.000Z',
          ended_at: null,
        },
      ],
    });
    const ongoing = await screen.findByRole('region', { name: 'Ongoing incidents' });
    expect(ongoing).toHaveTextContent('Since 2026-11-29 09:05 UTC · its probe failed');
    const apis = screen.getByRole('region', { name: 'APIs' });
    expect(apis).toHaveTextContent('Maintenance · 97.5% uptime');
  });
});
