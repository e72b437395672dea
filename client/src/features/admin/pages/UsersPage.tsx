import { useState } from 'react';
import { Badge, Button, Table } from 'react-bootstrap';
import Loading from '../../../components/ui/Loading';
import NoticeBanner, { type Notice } from '../../../components/ui/NoticeBanner';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { formatMilliTwoDecimals } from '../../../lib/money';
import { useAdminUsersQuery, useDisableUserTwoFactorMutation } from '../api';
import AdminPagination from '../components/AdminPagination';
import BalanceModal from '../components/BalanceModal';
import ResetLinkModal from '../components/ResetLinkModal';
import RevealKey from '../components/RevealKey';
import SearchBox from '../components/SearchBox';
import { useConfirm } from '../components/useConfirm';
import { adminErrorText, formatTime } from '../errors';
import { USER_STATUS, type AdminUser } from '@contracts/users';
import { usePagedSearch } from '../usePagedSearch';

export default function UsersPage() {
  usePageTitle('用户列表');
  const { page, search, text, setText, setPage } = usePagedSearch();
  const { data, error, isFetching, isLoading } = useAdminUsersQuery({ page, search });
  const [adjusting, setAdjusting] = useState<AdminUser | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const [disableTwoFactor] = useDisableUserTwoFactorMutation();
  const { confirm, dialog } = useConfirm();
  const [notice, setNotice] = useState<Notice | null>(null);
  const list = data?.data;

  /** For a user who lost both the phone and the recovery codes; audited on the server. */
  const turnOffTwoFactor = async (user: AdminUser) => {
    const question = `确定要关闭用户“${user.username}”的两步验证吗？之后该用户仅凭密码即可登录。`;
    if (!(await confirm(question, '关闭'))) return;
    const result = await disableTwoFactor(user.id);
    setNotice(
      'error' in result
        ? { ok: false, text: adminErrorText(result.error, { failed: '关闭两步验证失败' }) }
        : { ok: true, text: `已关闭用户“${user.username}”的两步验证` },
    );
  };
  const users = list?.users ?? [];

  return (
    <section>
      <h1 className="h3 mb-3">用户列表</h1>
      <SearchBox value={text} placeholder="按用户名或邮箱搜索..." onChange={setText} clearable />
      <NoticeBanner notice={notice} onClose={() => setNotice(null)} />
      {error ? (
        <div className="alert alert-danger" role="alert">
          {adminErrorText(error, {
            failed: '获取用户列表失败',
            network: '加载用户列表时出错',
            notFound: '用户列表接口未找到 (404)',
          })}
        </div>
      ) : isLoading || !list ? (
        <Loading label="加载中..." />
      ) : (
        <>
          <Table striped bordered hover responsive className="bg-body align-middle admin-cards">
            <thead>
              <tr>
                <th>ID</th>
                <th>用户名</th>
                <th>邮箱</th>
                <th>余额</th>
                <th>API Key</th>
                <th>注册时间</th>
                <th>操作</th>
              </tr>
            </thead>
            <tbody>
              {users.length === 0 ? (
                <tr>
                  <td colSpan={7} className="text-center text-muted">
                    {search ? `未找到与“${search}”匹配的用户。` : '暂无用户数据。'}
                  </td>
                </tr>
              ) : (
                users.map((user) => (
                  <tr key={user.id}>
                    <td data-label="ID">{user.id}</td>
                    <td data-label="用户名">
                      {user.username}
                      {user.two_factor && (
                        <Badge bg="success" className="ms-2">
                          两步验证
                        </Badge>
                      )}
                      {user.status === USER_STATUS.pendingEmail && (
                        <Badge bg="warning" text="dark" className="ms-2">
                          待验证邮箱
                        </Badge>
                      )}
                    </td>
                    <td data-label="邮箱">{user.email || '-'}</td>
                    <td data-label="余额">{formatMilliTwoDecimals(user.balance_milli)}</td>
                    <td data-label="API Key">
                      <RevealKey userId={user.id} hint={user.api_key} />
                    </td>
                    <td data-label="注册时间">{formatTime(user.created_at)}</td>
                    <td data-label="操作">
                      <Button
                        size="sm"
                        variant="outline-primary"
                        onClick={() => setAdjusting(user)}
                      >
                        调整余额
                      </Button>{' '}
                      <Button
                        size="sm"
                        variant="outline-secondary"
                        onClick={() => setResetting(user)}
                      >
                        重置密码
                      </Button>
                      {user.two_factor && (
                        <>
                          {' '}
                          <Button
                            size="sm"
                            variant="outline-danger"
                            onClick={() => void turnOffTwoFactor(user)}
                          >
                            关闭两步验证
                          </Button>
                        </>
                      )}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </Table>
          {isFetching && <Loading label="加载中..." />}
          <AdminPagination page={page} totalPages={list.total_pages} onChange={setPage} />
          <p className="text-muted mt-3 mb-0">
            总用户数量: {list.total}，共 {list.total_pages} 页
          </p>
        </>
      )}
      {adjusting && <BalanceModal user={adjusting} onClose={() => setAdjusting(null)} />}
      {resetting && <ResetLinkModal user={resetting} onClose={() => setResetting(null)} />}
      {dialog}
    </section>
  );
}
