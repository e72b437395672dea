import { useState } from 'react';
import { Alert, Badge, Container, Nav, Navbar } from 'react-bootstrap';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/store';
import { api } from '../../lib/api';
import Loading from '../../components/ui/Loading';
import SkipLink, { MAIN_ID } from '../../components/ui/SkipLink';
import { useAdminLogoutMutation, useAdminTwoFactorQuery, usePendingOrdersQuery } from './api';
import AdminTwoFactorCard from './components/AdminTwoFactorCard';
import { adminPaths } from './paths';
import { clearAdminLoggedIn } from './session';
import './admin.css';

export const ADMIN_SECTIONS = [
  { to: adminPaths.dashboard, label: '仪表盘', end: true },
  {
    to: adminPaths.control,
    label: 'API管理',
    also: [adminPaths.create, adminPaths.edit(''), adminPaths.importOpenApi, adminPaths.categories],
  },
  { to: adminPaths.partners, label: '合作伙伴' },
  { to: adminPaths.ads, label: '广告管理' },
  { to: adminPaths.config, label: '网站配置', also: [adminPaths.signInProviders] },
  { to: adminPaths.sidebar, label: '侧边栏' },
  { to: adminPaths.statistics, label: '访问统计', also: [adminPaths.apiStats('')] },
  { to: adminPaths.users, label: '用户列表' },
  { to: adminPaths.friendLinks, label: '友链管理' },
] as const;

export default function AdminLayout() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [logout, { isLoading }] = useAdminLogoutMutation();
  const { pathname } = useLocation();
  // Where the site requires two-factor of administrators and this one has none, the set-up is
  // all the back office shows (every other call answers 403), until its recovery codes are put
  // away: they are shown once.
  const twoFactor = useAdminTwoFactorQuery();
  const [enrolling, setEnrolling] = useState(false);
  if (twoFactor.data?.data.setup_required && !enrolling) setEnrolling(true);
  const open = !enrolling && (twoFactor.isSuccess || twoFactor.isError);
  // The queue's first page, shared with the 待处理订单 screen: its count tells the admin to look.
  const waiting = usePendingOrdersQuery(1, { skip: !open }).data?.data.total ?? 0;
  // Sub-pages (create, edit, a daily detail) keep their section lit.
  const lit = (section: (typeof ADMIN_SECTIONS)[number]) =>
    'also' in section && section.also.some((prefix) => pathname.startsWith(prefix));

  const onLogout = async () => {
    // The flag goes whatever the server says: a failed logout must not leave the area open.
    await logout().catch(() => undefined);
    clearAdminLoggedIn();
    dispatch(api.util.resetApiState());
    void navigate(adminPaths.login, { replace: true });
  };

  return (
    <div className="min-vh-100 bg-body-tertiary">
      <SkipLink label="跳到主要内容" />
      <Navbar bg="dark" data-bs-theme="dark" expand="xl" className="mb-4 admin-navbar">
        <Container fluid>
          <Navbar.Brand as={NavLink} to={adminPaths.dashboard}>
            管理后台
          </Navbar.Brand>
          {enrolling ? (
            <Nav className="admin-account" aria-label="账户">
              <Nav.Link as="button" onClick={() => void onLogout()} disabled={isLoading}>
                退出登录
              </Nav.Link>
            </Nav>
          ) : (
            <>
              <Navbar.Toggle aria-controls="admin-nav" />
              <Navbar.Collapse id="admin-nav">
                <Nav className="me-auto admin-nav" aria-label="管理导航">
                  {ADMIN_SECTIONS.map((section) => (
                    <Nav.Link
                      key={section.to}
                      as={NavLink}
                      to={section.to}
                      end={'end' in section ? section.end : false}
                      className={lit(section) ? 'active' : undefined}
                    >
                      {section.label}
                    </Nav.Link>
                  ))}
                </Nav>
                {/* Recharge's back office (the 待处理订单 queue, the books, codes) stands beside the nine. */}
                <Nav className="admin-account" aria-label="充值管理">
                  <Nav.Link as={NavLink} to={adminPaths.pendingOrders}>
                    待处理订单
                    {waiting > 0 && (
                      <Badge pill bg="danger" className="ms-1" data-testid="pending-count">
                        {waiting}
                      </Badge>
                    )}
                  </Nav.Link>
                  <Nav.Link as={NavLink} to={adminPaths.reconciliation}>
                    充值对账
                  </Nav.Link>
                  <Nav.Link as={NavLink} to={adminPaths.redeemCodes}>
                    兑换码
                  </Nav.Link>
                </Nav>
                {/* SPEC §2's nav lists nine sections; the admin's own pages sit beside logout. */}
                <Nav className="admin-account" aria-label="账户">
                  <Nav.Link as={NavLink} to={adminPaths.audit}>
                    操作日志
                  </Nav.Link>
                  <Nav.Link as={NavLink} to={adminPaths.password}>
                    修改密码
                  </Nav.Link>
                  <Nav.Link as="button" onClick={() => void onLogout()} disabled={isLoading}>
                    退出登录
                  </Nav.Link>
                </Nav>
              </Navbar.Collapse>
            </>
          )}
        </Container>
      </Navbar>
      <Container as="main" id={MAIN_ID} tabIndex={-1} fluid className="pb-5">
        {enrolling ? (
          <section>
            <h1 className="h3 mb-3">开启两步验证</h1>
            <Alert variant="warning" className="admin-narrow-card">
              本站要求管理员开启两步验证。完成设置并保存恢复码后，才能使用管理后台。
            </Alert>
            <AdminTwoFactorCard onFinished={() => setEnrolling(false)} />
          </section>
        ) : open ? (
          <Outlet />
        ) : (
          <Loading label="加载中..." />
        )}
      </Container>
    </div>
  );
}
