import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import { failure, http, HttpResponse, ok, server } from '../../../test/server';
import { lastDays } from '../components/DailyCallsChart';
import ApiStatsDetailPage from './ApiStatsDetailPage';

/** Answers get_api_daily_stats.php and records the ids it was asked for. */
function show(path: string, answer: () => Response = () => failure(500)) {
  const ids: (string | null)[] = [];
  server.use(
    http.get('/api/admin/get_api_daily_stats.php', ({ request }) => {
      ids.push(new URL(request.url).searchParams.get('id'));
      return answer();
    }),
  );
  render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/api/stats/:id" element={<ApiStatsDetailPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return ids;
}

describe('ApiStatsDetailPage', () => {
  it.each(['abc', '0', '-3', '1.5', '1e3'])(
    'says 无效的API ID for %s and makes no request',
    async (id) => {
      const ids = show(`/admin/api/stats/${id}`);
      expect(screen.getByText('无效的API ID')).toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(ids).toEqual([]);
    },
  );

  it('lists the days newest first, with the name falling back to the English name', async () => {
    const ids = show('/admin/api/stats/7', () =>
      ok({
        id: 7,
        name: '',
        name_en: 'ip-lookup',
        daily_calls_history: '{"2026-01-01":3,"2026-01-03":9,"2026-01-02":0}',
        today: '2026-01-03',
      }),
    );
    expect(await screen.findByText('ip-lookup', { selector: 'strong' })).toBeInTheDocument();
    expect(ids).toEqual(['7']);
    expect(screen.getByRole('heading', { name: 'API 每日调用详情' })).toBeInTheDocument();
    const dates = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.firstChild?.textContent);
    expect(dates).toEqual(['2026-01-03', '2026-01-02', '2026-01-01']);
  });

  it("draws the last 30 days up to the site's today above the table", async () => {
    // The site's days, far from the test's own clock: the chart's days are the server's.
    const [yesterday, today] = lastDays(2, '2026-01-03');
    show('/admin/api/stats/5', () =>
      ok({
        id: 5,
        name: '天气查询',
        name_en: 'weather',
        daily_calls_history: JSON.stringify({ [yesterday]: 4, [today]: 6 }),
        today,
      }),
    );
    const chart = await screen.findByRole('img', { name: '天气查询 近 30 天每日调用次数' });
    expect(chart.compareDocumentPosition(screen.getByRole('table'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('falls back to 未知API and shows the empty message for unreadable history', async () => {
    show('/admin/api/stats/8', () =>
      ok({
        id: 8,
        name: null,
        name_en: null,
        daily_calls_history: 'not json',
        today: '2026-01-03',
      }),
    );
    expect(await screen.findByText('未知API')).toBeInTheDocument();
    expect(screen.getByText('暂无每日调用统计数据。')).toBeInTheDocument();
  });

  it.each([
    ['a missing API', () => failure(404, { code: 'apis.not_found' }), '未找到指定的API统计数据'],
    ['a failed call', () => failure(500), '获取API详细统计数据失败'],
    [
      'no English server text',
      () => failure(500, { message: 'database down' }),
      '获取API详细统计数据失败',
    ],
    ['a network failure', () => HttpResponse.error(), '加载API详细统计数据时出错'],
  ])('names %s', async (_case, answer, text) => {
    show('/admin/api/stats/9', answer);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
