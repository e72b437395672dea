import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import * as adminApi from '../api';
import UsersPage from './UsersPage';

jest.mock('../api', () => ({
  useAdminUsersQuery: jest.fn(),
  useAdjustUserBalanceMutation: jest.fn(() => [jest.fn(), { isLoading: false }]),
}));
const mocked = adminApi as jest.Mocked<typeof adminApi>;

const user = (id: number, balance: number | null) => ({
  id,
  username: `user_${id}`,
  email: id === 1 ? 'one@example.com' : null,
  balance,
  api_key: 'pk_abc...wxyz',
  created_at: '2026-01-02T03:04:05.000Z',
});

function show(path: string, result: Record<string, unknown>) {
  mocked.useAdminUsersQuery.mockReturnValue(result as never);
  render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/users" element={<UsersPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe('UsersPage', () => {
  it('reads page and search from the URL and shows balances with two decimals or N/A', () => {
    show('/admin/users?page=2&search=user', {
      isLoading: false,
      data: {
        data: {
          users: [user(1, 12.5), user(2, null)],
          total: 12,
          total_pages: 2,
          current_page: 2,
        },
      },
    });
    expect(mocked.useAdminUsersQuery).toHaveBeenLastCalledWith({ page: 2, search: 'user' });
    expect(screen.getByRole('heading', { name: '用户列表' })).toBeInTheDocument();
    expect(
      screen.getByRole('row', { name: /user_1.*one@example\.com.*12\.50/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /user_2.*N\/A/ })).toBeInTheDocument();
    expect(screen.getByText('总用户数量: 12，共 2 页')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '清除' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '上一页' })).toBeEnabled();
  });

  it.each([
    ['/admin/users', '暂无用户数据。'],
    ['/admin/users?search=zed', '未找到与“zed”匹配的用户。'],
  ])('shows the empty message at %s', (path, message) => {
    show(path, {
      isLoading: false,
      data: { data: { users: [], total: 0, total_pages: 0, current_page: 1 } },
    });
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '分页' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '清除' })).toBe(
      path.includes('search') ? screen.getByRole('button', { name: '清除' }) : null,
    );
  });

  it.each([
    [{ status: 404, data: {} }, '用户列表接口未找到 (404)'],
    [{ status: 500, data: {} }, '获取用户列表失败'],
    [
      { status: 400, data: { message: 'page must be a positive integer' } },
      'page must be a positive integer',
    ],
    [{ status: 'FETCH_ERROR', error: 'TypeError' }, '加载用户列表时出错'],
  ])('shows the error %j as %s', (error, text) => {
    show('/admin/users', { isLoading: false, error });
    expect(screen.getByText(text)).toBeInTheDocument();
  });
});
