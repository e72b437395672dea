import type { ApiSummary } from '@contracts/apis';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import { http, HttpResponse, ok, server } from '../../../test/server';
import ApiListPage from './ApiListPage';

const api = (id: number, health: ApiSummary['health']): ApiSummary => ({
  id,
  name: `接口 ${id}`,
  name_en: `api-${id}`,
  description: '',
  description_en: '',
  endpoint: `/apis/api-${id}`,
  request_method: 'GET',
  status: 1,
  is_paid: 0,
  is_pinned: 0,
  price_per_call: '0.000',
  usage_count: 10,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  health,
});

/** get_api_list.php answering one page holding `data`. */
const listAnswer = (data: ApiSummary[]) =>
  http.get('/api/admin/get_api_list.php', () =>
    HttpResponse.json({
      success: true,
      message: 'ok',
      data,
      total: data.length,
      total_pages: 1,
      page: 1,
      per_page: 20,
    }),
  );

describe('ApiListPage', () => {
  it('shows each API’s 7 days of health, or that it has too few calls', async () => {
    server.use(
      listAnswer([
        api(1, { state: 'down', calls: 80, success_rate: 37.5, p50_ms: 42, p95_ms: 900 }),
        api(2, null),
      ]),
    );
    render(
      <Provider store={makeStore()}>
        <MemoryRouter initialEntries={['/admin']}>
          <ApiListPage />
        </MemoryRouter>
      </Provider>,
    );
    const down = await screen.findByRole('row', { name: /api-1/ });
    expect(within(down).getByText(/故障 · 42 毫秒 · 37.5%/)).toBeInTheDocument();
    const quiet = screen.getByRole('row', { name: /api-2/ });
    expect(within(quiet).getByText('数据不足')).toBeInTheDocument();
  });

  it('says what a toggle did once it is saved', async () => {
    const bodies: unknown[] = [];
    server.use(
      listAnswer([api(1, null)]),
      http.post('/api/admin/update_api_flags.php', async ({ request }) => {
        bodies.push(await request.json());
        return ok(1);
      }),
    );
    render(
      <Provider store={makeStore()}>
        <MemoryRouter initialEntries={['/admin']}>
          <ApiListPage />
        </MemoryRouter>
      </Provider>,
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: '置顶 接口 1' }));
    expect(await screen.findByRole('status')).toHaveTextContent('已置顶「接口 1」');
    await userEvent.click(screen.getByRole('checkbox', { name: '启用 接口 1' }));
    expect(await screen.findByText('已停用「接口 1」')).toBeInTheDocument();
    expect(bodies).toEqual([
      { ids: [1], is_pinned: 1 },
      { ids: [1], status: 0 },
    ]);
  });
});
