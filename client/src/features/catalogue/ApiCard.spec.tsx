import type { ApiSummary } from '@contracts/apis';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import ApiCard from './ApiCard';

const API: ApiSummary = {
  id: 3,
  name: 'UUID',
  name_en: 'uuid',
  description: '',
  description_en: 'Random UUIDs',
  endpoint: '/apis/uuid',
  request_method: 'GET',
  status: 1,
  is_paid: 0,
  is_pinned: 0,
  price_per_call: '0.000',
  usage_count: 9,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const show = (api: ApiSummary) =>
  render(
    <MemoryRouter>
      <ApiCard api={api} />
    </MemoryRouter>,
  );

describe('ApiCard', () => {
  it('shows the median latency and success rate with the state named for screen readers', () => {
    show({
      ...API,
      health: { state: 'operational', calls: 500, success_rate: 99.8, p50_ms: 42, p95_ms: 90 },
    });
    const line = screen.getByTitle('Last 7 days: median latency 42 ms, 99.8% of calls worked');
    expect(line).toHaveTextContent('Operational42 ms · 99.8% ok');
    expect(screen.getByText('Operational')).toHaveClass('visually-hidden');
  });

  it('shows no health line while the API has too few calls', () => {
    show({ ...API, health: null });
    expect(screen.queryByText(/% ok/)).not.toBeInTheDocument();
  });
});
