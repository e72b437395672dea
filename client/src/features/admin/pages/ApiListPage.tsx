import type { ApiSummary } from '@contracts/apis';
import { useState } from 'react';
import { Alert, Badge, Button, Table } from 'react-bootstrap';
import { Link, useLocation } from 'react-router-dom';
import Loading from '../../../components/ui/Loading';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { useAdminApiListQuery, useDeleteApiMutation } from '../api';
import StatusBadge from '../components/StatusBadge';
import { adminErrorText, outcomeNotice } from '../errors';
import type { Notice } from '../errors';
import { adminPaths } from '../paths';

export default function ApiListPage() {
  usePageTitle('API管理');
  const { data, error, isLoading } = useAdminApiListQuery();
  const [remove] = useDeleteApiMutation();
  // The editor comes back here with what it saved.
  const saved = (useLocation().state as { saved?: string } | null)?.saved;
  const [notice, setNotice] = useState<Notice | null>(saved ? { ok: true, text: saved } : null);
  const apis = data?.data ?? [];

  const onDelete = async (api: ApiSummary) => {
    if (!window.confirm(`确定要删除 API「${api.name}」吗？`)) return;
    const result = await remove(api.id);
    setNotice(
      outcomeNotice(result, { failed: 'delete failed', network: 'request error' }, 'API deleted'),
    );
  };

  return (
    <section>
      <div className="d-flex align-items-center justify-content-between mb-3">
        <h1 className="h3 mb-0">API管理</h1>
        <Link to={adminPaths.create} className="btn btn-primary">
          新建 API
        </Link>
      </div>
      {notice && (
        <Alert
          variant={notice.ok ? 'success' : 'danger'}
          dismissible
          onClose={() => setNotice(null)}
        >
          {notice.text}
        </Alert>
      )}
      {error ? (
        <div className="alert alert-danger" role="alert">
          {adminErrorText(error, { failed: '获取API列表失败', network: 'request error' })}
        </div>
      ) : isLoading ? (
        <Loading label="加载中..." />
      ) : (
        <Table striped bordered hover responsive className="bg-white align-middle">
          <thead>
            <tr>
              <th>ID</th>
              <th>名称</th>
              <th>英文名</th>
              <th>方法</th>
              <th>计费</th>
              <th>置顶</th>
              <th>状态</th>
              <th>调用次数</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {apis.length === 0 ? (
              <tr>
                <td colSpan={9} className="text-center text-muted">
                  暂无 API。
                </td>
              </tr>
            ) : (
              apis.map((api) => (
                <tr key={api.id}>
                  <td>{api.id}</td>
                  <td>{api.name}</td>
                  <td>
                    <code>{api.name_en}</code>
                  </td>
                  <td>{api.request_method}</td>
                  <td>
                    {api.is_paid === 1 ? (
                      <Badge bg="warning" text="dark">
                        付费 ¥{api.price_per_call}/次
                      </Badge>
                    ) : (
                      <Badge bg="secondary">免费</Badge>
                    )}
                  </td>
                  <td>{api.is_pinned === 1 ? '是' : '否'}</td>
                  <td>
                    <StatusBadge status={api.status} />
                  </td>
                  <td>{api.usage_count}</td>
                  <td className="text-nowrap">
                    <Link
                      to={adminPaths.edit(api.id)}
                      className="btn btn-sm btn-outline-primary me-2"
                    >
                      编辑
                    </Link>
                    <Button size="sm" variant="outline-danger" onClick={() => void onDelete(api)}>
                      删除
                    </Button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </Table>
      )}
    </section>
  );
}
