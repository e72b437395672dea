import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { makeStore } from '../../app/store';
import { paths } from '../../config/paths';
import { failure, http, ok, server } from '../../test/server';
import AdminApp from './AdminApp';
import { adminPaths } from './paths';
import { ADMIN_FLAG_KEY } from './session';

function NotFoundRoute() {
  const { pathname } = useLocation();
  return <p>not found at {pathname}</p>;
}

function show(path: string) {
  render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={paths.adminLogin} element={<AdminApp />} />
          <Route path={`${paths.admin}/*`} element={<AdminApp />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe('AdminApp', () => {
  beforeEach(() => {
    sessionStorage.clear();
    server.use(
      http.get('/api/admin/get_two_factor.php', () =>
        ok({ enabled: false, recovery_codes_left: 0, required: false, setup_required: false }),
      ),
    );
  });

  it('redirects a visitor without the admin flag to the not-found route', () => {
    show('/admin/users');
    expect(screen.getByText(`not found at ${adminPaths.notFound}`)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '用户列表' })).not.toBeInTheDocument();
  });

  it('redirects the bare admin root too', () => {
    show('/admin');
    expect(screen.getByText(`not found at ${adminPaths.notFound}`)).toBeInTheDocument();
  });

  it('sends the admin to the admin login when a call answers 401, clearing the flag', async () => {
    sessionStorage.setItem(ADMIN_FLAG_KEY, 'true');
    server.use(
      http.get('/api/admin/get_user_list.php', () =>
        failure(401, { code: 'auth.admin_unauthenticated', message: 'Please log in first' }),
      ),
    );
    show('/admin/users');
    expect(await screen.findByRole('heading', { name: '管理员登录' })).toBeInTheDocument();
    expect(sessionStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
  });

  it('lists the nine sections of SPEC §2, the recharge screens beside them, the audit log and password beside logout', async () => {
    sessionStorage.setItem(ADMIN_FLAG_KEY, 'true');
    show('/admin/users');
    const sections = within(await screen.findByLabelText('管理导航')).getAllByRole('link');
    expect(sections.map((link) => link.textContent)).toEqual([
      '仪表盘',
      'API管理',
      '合作伙伴',
      '广告管理',
      '网站配置',
      '侧边栏',
      '访问统计',
      '用户列表',
      '友链管理',
    ]);
    const recharge = within(screen.getByLabelText('充值管理'));
    expect(recharge.getAllByRole('link').map((link) => link.textContent)).toEqual([
      '待处理订单',
      '充值对账',
      '套餐管理',
      '兑换码',
      '邀请奖励',
    ]);
    expect(recharge.getByRole('link', { name: '待处理订单' })).toHaveAttribute(
      'href',
      '/admin/pending-orders',
    );
    expect(recharge.getByRole('link', { name: '兑换码' })).toHaveAttribute(
      'href',
      '/admin/redeem-codes',
    );
    expect(recharge.getByRole('link', { name: '邀请奖励' })).toHaveAttribute(
      'href',
      '/admin/referrals',
    );
    const account = within(screen.getByLabelText('账户'));
    expect(account.getAllByRole('link').map((link) => link.textContent)).toEqual([
      '操作日志',
      '修改密码',
    ]);
    expect(account.getByRole('button', { name: '退出登录' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '用户列表' })).toBeInTheDocument();
  });

  it('counts the orders waiting in 待处理订单 beside its link', async () => {
    sessionStorage.setItem(ADMIN_FLAG_KEY, 'true');
    server.use(
      http.get('/api/admin/get_pending_orders.php', () =>
        ok({ orders: [], total: 3, total_pages: 1, current_page: 1 }),
      ),
    );
    show('/admin/users');
    const link = within(screen.getByLabelText('充值管理')).getByRole('link', {
      name: /待处理订单/,
    });
    expect(await within(link).findByTestId('pending-count')).toHaveTextContent('3');
  });

  it('shows only the two-factor set-up where the site requires it and the admin has none', async () => {
    sessionStorage.setItem(ADMIN_FLAG_KEY, 'true');
    server.use(
      http.get('/api/admin/get_two_factor.php', () =>
        ok({ enabled: false, recovery_codes_left: 0, required: true, setup_required: true }),
      ),
    );
    show('/admin/users');
    expect(await screen.findByRole('heading', { name: '开启两步验证' })).toBeInTheDocument();
    expect(screen.getByText(/本站要求管理员开启两步验证/)).toBeVisible();
    expect(screen.getByLabelText('登录密码')).toBeInTheDocument();
    expect(screen.queryByLabelText('管理导航')).toBeNull();
    expect(screen.queryByRole('heading', { name: '用户列表' })).toBeNull();
    expect(screen.getByRole('button', { name: '退出登录' })).toBeInTheDocument();
  });
});
