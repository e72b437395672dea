import type { OidcProviderAdminView } from '@contracts/oidc';
import { useCallback, useState } from 'react';
import { Alert, Button, Table } from 'react-bootstrap';
import Loading from '../../../components/ui/Loading';
import NoticeBanner from '../../../components/ui/NoticeBanner';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { useAdminOidcProvidersQuery, useDeleteOidcProviderMutation } from '../api';
import SignInProviderModal from '../components/SignInProviderModal';
import StatusBadge from '../components/StatusBadge';
import { useConfirm } from '../components/useConfirm';
import { adminErrorText, formatTime, outcomeNotice } from '../errors';
import type { Notice } from '../errors';

type Editing = { provider: OidcProviderAdminView | null } | null;

/** 第三方登录: the OpenID Connect providers users may sign in with (secrets are never shown). */
export default function SignInProvidersPage() {
  usePageTitle('第三方登录');
  const { data, error, isLoading } = useAdminOidcProvidersQuery();
  const [remove] = useDeleteOidcProviderMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const { confirm, dialog } = useConfirm();
  const close = useCallback(() => setEditing(null), []);
  const providers = data?.providers ?? [];

  const onDelete = async (provider: OidcProviderAdminView) => {
    const linked =
      provider.linked_users > 0
        ? `已关联的 ${provider.linked_users} 个用户将不能再用它登录（账户和密码不受影响）。`
        : '';
    if (!(await confirm(`确定要删除登录方式「${provider.name}」吗？${linked}`, '删除'))) return;
    const result = await remove(provider.id);
    setNotice(
      outcomeNotice(
        result,
        { failed: '删除失败', network: '请求删除接口失败，请稍后再试' },
        '删除成功',
      ),
    );
  };

  return (
    <section>
      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-3">
        <h1 className="h3 mb-0">第三方登录</h1>
        <Button onClick={() => setEditing({ provider: null })}>添加登录方式</Button>
      </div>
      <p className="text-body-secondary">
        用户可以用这些 OpenID Connect 服务（如 Keycloak、Authing、Google、Microsoft Entra
        ID、Okta）或 GitHub 登录、关联账户。
      </p>
      {data &&
        (data.redirect_uri ? (
          <p>
            在服务方创建应用时，回调地址（Redirect URI）填写：
            <code className="text-break user-select-all">{data.redirect_uri}</code>
          </p>
        ) : (
          <Alert variant="warning">请先在「网站配置」中设置网站地址，才能生成回调地址。</Alert>
        ))}
      <NoticeBanner notice={notice} onClose={() => setNotice(null)} />
      {error ? (
        <div className="alert alert-danger" role="alert">
          {adminErrorText(error, {
            failed: '获取登录方式失败',
            network: '请求登录方式接口失败，请稍后再试',
          })}
        </div>
      ) : isLoading ? (
        <Loading label="加载中..." />
      ) : (
        <Table striped bordered hover responsive className="bg-body align-middle admin-cards">
          <thead>
            <tr>
              <th>ID</th>
              <th>名称</th>
              <th>类型</th>
              <th>地址</th>
              <th>Client ID</th>
              <th>已关联用户</th>
              <th>状态</th>
              <th>更新时间</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {providers.length === 0 ? (
              <tr>
                <td colSpan={9} className="text-center text-muted">
                  暂无登录方式。
                </td>
              </tr>
            ) : (
              providers.map((provider) => (
                <tr key={provider.id}>
                  <td data-label="ID">{provider.id}</td>
                  <td data-label="名称" className="text-break">
                    {provider.name}
                  </td>
                  <td data-label="类型">
                    {provider.kind === 'github' ? 'GitHub' : 'OpenID Connect'}
                  </td>
                  <td data-label="地址" className="text-break">
                    {provider.issuer}
                  </td>
                  <td data-label="Client ID" className="text-break">
                    {provider.client_id}
                  </td>
                  <td data-label="已关联用户">{provider.linked_users}</td>
                  <td data-label="状态">
                    <StatusBadge status={provider.enabled} />
                  </td>
                  <td data-label="更新时间">{formatTime(provider.updated_at)}</td>
                  <td data-label="操作" className="text-nowrap">
                    <Button
                      size="sm"
                      variant="outline-primary"
                      className="me-2"
                      onClick={() => setEditing({ provider })}
                    >
                      编辑
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      onClick={() => void onDelete(provider)}
                    >
                      删除
                    </Button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </Table>
      )}
      {editing && <SignInProviderModal provider={editing.provider} onClose={close} />}
      {dialog}
    </section>
  );
}
