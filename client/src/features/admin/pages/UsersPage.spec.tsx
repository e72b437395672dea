import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import { failure, http, HttpResponse, ok, server } from '../../../test/server';
import UsersPage from './UsersPage';

const user = (id: number, balanceMilli: number | null) => ({
  id,
  username: `user_${id}`,
  email: id === 1 ? 'one@example.com' : null,
  balance: balanceMilli === null ? null : balanceMilli / 1000,
  balance_milli: balanceMilli,
  credit_milli: id === 1 ? 2500 : 0,
  api_key: 'pk_abc...wxyz',
  status: 1,
  created_at: '2026-01-02T03:04:05.000Z',
  two_factor: id === 1,
});

const EMPTY = { users: [], total: 0, total_pages: 0, current_page: 1 };

/** Answers get_user_list.php and records the query strings it was asked with. */
function show(path: string, answer: () => Response) {
  const queries: string[] = [];
  server.use(
    http.get('/api/admin/get_user_list.php', ({ request }) => {
      queries.push(new URL(request.url).search);
      return answer();
    }),
  );
  render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/users" element={<UsersPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return queries;
}

describe('UsersPage', () => {
  it('reads page and search from the URL and shows balances with two decimals or N/A', async () => {
    const queries = show('/admin/users?page=2&search=user', () =>
      ok({
        users: [user(1, 12_509), user(2, null), user(3, 4_503_599_627_370_497)],
        total: 12,
        total_pages: 2,
        current_page: 2,
      }),
    );
    expect(
      await screen.findByRole('row', { name: /user_1.*one@example\.com.*¥12\.50 / }),
    ).toBeInTheDocument();
    // From the integer milli-yuan, not the float: 4503599627370497 / 1000 is not exact.
    expect(screen.getByRole('row', { name: /user_3.*¥4503599627370\.49 / })).toBeInTheDocument();
    expect(queries).toEqual(['?page=2&per_page=10&search=user']);
    expect(screen.getByRole('heading', { name: '用户列表' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /user_2.*N\/A/ })).toBeInTheDocument();
    expect(screen.getByText('总用户数量: 12，共 2 页')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '清除' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '上一页' })).toBeEnabled();
  });

  it("reads the next page from the last user's position, and says when there are more", async () => {
    const queries = show('/admin/users?search=user', () =>
      ok({
        users: Array.from({ length: 10 }, (_, i) => user(i + 1, 0)),
        total: 10_000,
        total_pages: 1000,
        current_page: 1,
        total_capped: true,
        next_before: '2026-01-02T03:04:05_41',
      }),
    );
    expect(await screen.findByText('总用户数量: 超过 10000，共 1000 页以上')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '下一页' }));
    await userEvent.click(await screen.findByRole('button', { name: '上一页' }));
    await screen.findAllByRole('row');
    expect(queries).toEqual([
      '?page=1&per_page=10&search=user',
      '?page=2&per_page=10&search=user&before=2026-01-02T03%3A04%3A05_41',
    ]);
  });

  it.each([
    ['/admin/users', '暂无用户数据。'],
    ['/admin/users?search=zed', '未找到与“zed”匹配的用户。'],
  ])('shows the empty message at %s', async (path, message) => {
    show(path, () => ok(EMPTY));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '分页' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '清除' })).toBe(
      path.includes('search') ? screen.getByRole('button', { name: '清除' }) : null,
    );
  });

  it.each([
    ['404', () => failure(404), '用户列表接口未找到 (404)'],
    ['500', () => failure(500), '获取用户列表失败'],
    [
      'a refused query',
      () =>
        failure(400, { code: 'request.validation', message: 'page must be a positive integer' }),
      '输入有误，请检查后重试',
    ],
    ['a network failure', () => HttpResponse.error(), '加载用户列表时出错'],
  ])('shows %s', async (_case, answer, text) => {
    show('/admin/users', answer);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it("links each user to the user's monthly statement", async () => {
    show('/admin/users', () =>
      ok({ users: [user(1, 0), user(2, 0)], total: 2, total_pages: 1, current_page: 1 }),
    );
    const second = await screen.findByRole('row', { name: /user_2/ });
    expect(within(second).getByRole('link', { name: '月度账单' })).toHaveAttribute(
      'href',
      '/admin/statements?user_id=2',
    );
  });

  it("turns off a user's two-factor after asking, and says so", async () => {
    const turnedOff: unknown[] = [];
    server.use(
      http.post('/api/admin/disable_user_two_factor.php', async ({ request }) => {
        turnedOff.push(await request.json());
        return ok(null, 'off');
      }),
    );
    show('/admin/users', () =>
      ok({ users: [user(1, 0), user(2, 0)], total: 2, total_pages: 1, current_page: 1 }),
    );
    const first = await screen.findByRole('row', { name: /user_1/ });
    expect(within(first).getByText('两步验证')).toBeInTheDocument();
    const second = screen.getByRole('row', { name: /user_2/ });
    expect(within(second).queryByRole('button', { name: '关闭两步验证' })).not.toBeInTheDocument();

    await userEvent.click(within(first).getByRole('button', { name: '关闭两步验证' }));
    const dialog = await screen.findByRole('dialog', { name: '请确认' });
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(turnedOff).toEqual([]);

    await userEvent.click(within(first).getByRole('button', { name: '关闭两步验证' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: '请确认' })).getByRole('button', {
        name: '关闭',
      }),
    );
    expect(await screen.findByText('已关闭用户“user_1”的两步验证')).toBeInTheDocument();
    expect(turnedOff).toEqual([{ user_id: 1 }]);
  });

  it('marks an account still waiting for its e-mail address', async () => {
    show('/admin/users', () =>
      ok({
        users: [user(1, 0), { ...user(2, 0), status: 2, email: null }],
        total: 2,
        total_pages: 1,
        current_page: 1,
      }),
    );
    const waiting = await screen.findByRole('row', { name: /user_2/ });
    expect(within(waiting).getByText('待验证邮箱')).toBeInTheDocument();
    const active = screen.getByRole('row', { name: /user_1/ });
    expect(within(active).queryByText('待验证邮箱')).not.toBeInTheDocument();
  });
});
