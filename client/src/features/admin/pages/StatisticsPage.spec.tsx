import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import { http, ok, server } from '../../../test/server';
import StatisticsPage from './StatisticsPage';

function Where() {
  return <output aria-label="query">{useLocation().search}</output>;
}

/** Answers the statistics list and records each request's query. */
function show(path: string) {
  const queries: string[] = [];
  server.use(
    http.get('/api/admin/get_api_daily_stats.php', ({ request }) => {
      queries.push(new URL(request.url).search);
      return ok({
        apis: [
          {
            id: 3,
            name: '天气查询',
            total_calls: 120,
            status: 1,
            created_at: '2026-01-01 00:00:00',
            updated_at: '2026-01-02 00:00:00',
          },
        ],
        total: 30,
        total_pages: 3,
        page: 1,
        per_page: 10,
      });
    }),
  );
  render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/admin/statistics"
            element={
              <>
                <StatisticsPage />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return queries;
}

describe('StatisticsPage', () => {
  it('reads the sort from the URL with page and search and asks the server for it', async () => {
    const queries = show('/admin/statistics?page=2&search=天气&sort=calls_desc');
    expect(await screen.findByText('天气查询')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '排序' })).toHaveValue('calls_desc');
    const asked = new URLSearchParams(queries[0]);
    expect([asked.get('page'), asked.get('search'), asked.get('sort')]).toEqual([
      '2',
      '天气',
      'calls_desc',
    ]);
  });

  it('keeps a new sort in the URL, back on page 1, keeping the search', async () => {
    const queries = show('/admin/statistics?page=3&search=ip');
    await screen.findByText('天气查询');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '排序' }), 'calls_asc');
    const url = new URLSearchParams(screen.getByRole('status', { name: 'query' }).textContent);
    expect([url.get('page'), url.get('search'), url.get('sort')]).toEqual([
      null,
      'ip',
      'calls_asc',
    ]);
    await screen.findByText('天气查询');
    expect(new URLSearchParams(queries.at(-1)).get('sort')).toBe('calls_asc');
  });

  it('lists the most-called first by default, and by id when asked', async () => {
    const queries = show('/admin/statistics');
    await screen.findByText('天气查询');
    expect(screen.getByRole('combobox', { name: '排序' })).toHaveValue('calls_desc');
    expect(new URLSearchParams(queries[0]).get('sort')).toBe('calls_desc');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '排序' }), 'id');
    expect(screen.getByRole('status', { name: 'query' })).toHaveTextContent('?sort=id');
    await screen.findByText('天气查询');
    expect(new URLSearchParams(queries.at(-1)).get('sort')).toBe('id');
  });
});
