import { skipToken } from '@reduxjs/toolkit/query';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import * as adminApi from '../api';
import ApiStatsDetailPage from './ApiStatsDetailPage';

jest.mock('../api', () => ({ useAdminStatsDetailQuery: jest.fn() }));
const mocked = adminApi as jest.Mocked<typeof adminApi>;

function show(path: string, result: Record<string, unknown>) {
  mocked.useAdminStatsDetailQuery.mockReset();
  mocked.useAdminStatsDetailQuery.mockReturnValue(result as never);
  render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/api/stats/:id" element={<ApiStatsDetailPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe('ApiStatsDetailPage', () => {
  it.each(['abc', '0', '-3', '1.5', '1e3'])(
    'says 无效的API ID for %s and makes no request',
    (id) => {
      show(`/admin/api/stats/${id}`, { isLoading: false });
      expect(screen.getByText('无效的API ID')).toBeInTheDocument();
      for (const [arg] of mocked.useAdminStatsDetailQuery.mock.calls) expect(arg).toBe(skipToken);
    },
  );

  it('lists the days newest first, with the name falling back to the English name', () => {
    show('/admin/api/stats/7', {
      isLoading: false,
      data: {
        data: {
          id: 7,
          name: '',
          name_en: 'ip-lookup',
          daily_calls_history: '{"2026-01-01":3,"2026-01-03":9,"2026-01-02":0}',
        },
      },
    });
    expect(mocked.useAdminStatsDetailQuery).toHaveBeenCalledWith(7);
    expect(screen.getByRole('heading', { name: 'API 每日调用详情' })).toBeInTheDocument();
    expect(screen.getByText('ip-lookup')).toBeInTheDocument();
    const dates = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.firstChild?.textContent);
    expect(dates).toEqual(['2026-01-03', '2026-01-02', '2026-01-01']);
  });

  it('falls back to 未知API and shows the empty message for unreadable history', () => {
    show('/admin/api/stats/8', {
      isLoading: false,
      data: { data: { id: 8, name: null, name_en: null, daily_calls_history: 'not json' } },
    });
    expect(screen.getByText('未知API')).toBeInTheDocument();
    expect(screen.getByText('暂无每日调用统计数据。')).toBeInTheDocument();
  });

  it('names a missing API, a failed call and a network failure', () => {
    show('/admin/api/stats/9', { isLoading: false, error: { status: 404, data: {} } });
    expect(screen.getByText('未找到指定的API统计数据')).toBeInTheDocument();
  });

  it.each([
    [{ status: 500, data: {} }, '获取API详细统计数据失败'],
    [{ status: 500, data: { message: 'database down' } }, 'database down'],
    [{ status: 'FETCH_ERROR', error: 'TypeError' }, '加载API详细统计数据时出错'],
  ])('shows %j as %s', (error, text) => {
    show('/admin/api/stats/9', { isLoading: false, error });
    expect(screen.getByText(text)).toBeInTheDocument();
  });
});
