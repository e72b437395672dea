import { ADMIN_API_SORTS, type AdminApiListQuery, type AdminApiSort } from '@contracts/apis';
import type { ApiSummary } from '@contracts/apis';
import type { ApiState } from '@contracts/health';
import { useState } from 'react';
import { Badge, Button, Form, Table } from 'react-bootstrap';
import { Link, useLocation } from 'react-router-dom';
import Loading from '../../../components/ui/Loading';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { formatYuan } from '../../../lib/money';
import { useAdminApiListQuery, useDeleteApisMutation, useSetApiFlagsMutation } from '../api';
import SearchBox from '../components/SearchBox';
import StatusBadge from '../components/StatusBadge';
import HealthDot from '../../../components/ui/HealthDot';
import { adminErrorText, outcomeNotice } from '../errors';
import type { Notice } from '../errors';
import { adminPaths } from '../paths';
import { usePagedSearch } from '../usePagedSearch';
import NoticeBanner from '../../../components/ui/NoticeBanner';
import { useConfirm } from '../components/useConfirm';

const STATE_NAMES: Record<ApiState, string> = {
  operational: '运行正常',
  degraded: '性能下降',
  down: '故障',
  unknown: '近期调用太少',
};

/** The API's last 7 days: state, median latency and success rate; too little data below 50 calls. */
function HealthCell({ api }: { api: ApiSummary }) {
  const maintenance = api.maintenance && (
    <Badge bg="warning" text="dark" className="me-1">
      维护中
    </Badge>
  );
  if (!api.health) {
    return (
      <>
        {maintenance}
        <span className="text-muted">数据不足</span>
      </>
    );
  }
  const { state, p50_ms, success_rate } = api.health;
  return (
    <span className="d-inline-flex flex-wrap align-items-center gap-1">
      {maintenance}
      <HealthDot state={state} />
      {STATE_NAMES[state]} · {p50_ms} 毫秒 · {success_rate}%
    </span>
  );
}

const SORT_LABELS: Record<AdminApiSort, string> = {
  newest: '最新创建',
  oldest: '最早创建',
  calls: '调用次数',
  name: '英文名称',
  price: '价格',
};

const FILTERS = [
  { key: 'is_paid', label: '计费', options: ['免费', '付费'] },
  { key: 'status', label: '状态', options: ['禁用', '启用'] },
  { key: 'is_pinned', label: '置顶', options: ['普通', '置顶'] },
] as const;

const flag = (value: string | null): 0 | 1 | undefined =>
  value === '0' ? 0 : value === '1' ? 1 : undefined;

/** API management: every API (disabled too), with search, filters and sort kept in the URL. */
export default function ApiListPage() {
  usePageTitle('API管理');
  const { search, text, setText, params, setFilter } = usePagedSearch();
  const sortParam = params.get('sort');
  const sort = ADMIN_API_SORTS.find((s) => s === sortParam) ?? 'newest';
  const query: AdminApiListQuery = { sort, ...(search && { search }) };
  for (const { key } of FILTERS) {
    const value = flag(params.get(key));
    if (value !== undefined) query[key] = value;
  }
  const { data, error, isLoading, isFetching } = useAdminApiListQuery(query);
  const [setFlags] = useSetApiFlagsMutation();
  const [removeMany] = useDeleteApisMutation();
  // The editor comes back here with what it saved.
  const saved = (useLocation().state as { saved?: string } | null)?.saved;
  const [notice, setNotice] = useState<Notice | null>(
    saved ? { ok: true, text: '保存成功' } : null,
  );
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const { confirm, dialog } = useConfirm();
  const apis = data?.data ?? [];
  // Only rows still listed count as selected: a filter, a search or a delete may have hidden some.
  const chosen = apis.filter((a) => selected.has(a.id)).map((a) => a.id);

  const toggle = async (api: ApiSummary, key: 'status' | 'is_pinned') => {
    const value = api[key] === 1 ? 0 : 1;
    const result = await setFlags({ ids: [api.id], [key]: value });
    const done = { status: ['已停用', '已启用'], is_pinned: ['已取消置顶', '已置顶'] }[key][value];
    setNotice(outcomeNotice(result, { failed: '更新失败' }, `${done}「${api.name}」`));
  };

  const bulk = async (action: 'enable' | 'disable' | 'delete') => {
    const ids = chosen;
    const verb = { enable: '启用', disable: '禁用', delete: '删除' }[action];
    if (!(await confirm(`确定要${verb}选中的 ${ids.length} 个 API 吗？`, verb))) return;
    const result =
      action === 'delete'
        ? await removeMany(ids)
        : await setFlags({ ids, status: action === 'enable' ? 1 : 0 });
    setNotice(outcomeNotice(result, { failed: `${verb}失败` }, `已${verb} ${ids.length} 个 API`));
    if (!('error' in result)) setSelected(new Set());
  };

  const onDelete = async (api: ApiSummary) => {
    if (!(await confirm(`确定要删除 API「${api.name}」吗？`, '删除'))) return;
    const result = await removeMany([api.id]);
    setNotice(outcomeNotice(result, { failed: '删除失败' }, 'API 已删除'));
  };

  const allSelected = apis.length > 0 && apis.every((a) => selected.has(a.id));

  return (
    <section>
      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-3">
        <h1 className="h3 mb-0">API管理</h1>
        <div className="d-flex flex-wrap gap-2">
          <Link to={adminPaths.categories} className="btn btn-outline-primary">
            分类管理
          </Link>
          <Link to={adminPaths.importOpenApi} className="btn btn-outline-primary">
            导入 OpenAPI
          </Link>
          <Link to={adminPaths.create} className="btn btn-primary">
            新建 API
          </Link>
        </div>
      </div>
      <NoticeBanner notice={notice} onClose={() => setNotice(null)} />
      <div className="admin-toolbar mb-3">
        <SearchBox value={text} onChange={setText} placeholder="搜索名称、英文名或 Endpoint..." />
        {FILTERS.map((filter) => (
          <Form.Select
            key={filter.key}
            aria-label={filter.label}
            value={params.get(filter.key) ?? ''}
            onChange={(e) => setFilter(filter.key, e.target.value)}
          >
            <option value="">全部{filter.label}</option>
            <option value="0">{filter.options[0]}</option>
            <option value="1">{filter.options[1]}</option>
          </Form.Select>
        ))}
        <Form.Select
          aria-label="排序"
          value={sort}
          onChange={(e) => setFilter('sort', e.target.value === 'newest' ? '' : e.target.value)}
        >
          {ADMIN_API_SORTS.map((s) => (
            <option key={s} value={s}>
              按{SORT_LABELS[s]}排序
            </option>
          ))}
        </Form.Select>
      </div>
      {chosen.length > 0 && (
        <div
          className="admin-bulk-bar d-flex flex-wrap gap-2 align-items-center mb-3"
          role="region"
          aria-label="批量操作"
        >
          <span>已选 {chosen.length} 项</span>
          <Button size="sm" variant="outline-success" onClick={() => void bulk('enable')}>
            批量启用
          </Button>
          <Button size="sm" variant="outline-secondary" onClick={() => void bulk('disable')}>
            批量禁用
          </Button>
          <Button size="sm" variant="outline-danger" onClick={() => void bulk('delete')}>
            批量删除
          </Button>
        </div>
      )}
      {error ? (
        <div className="alert alert-danger" role="alert">
          {adminErrorText(error, { failed: '获取API列表失败' })}
        </div>
      ) : isLoading ? (
        <Loading label="加载中..." />
      ) : (
        // Eleven columns: between a phone's cards and a wide screen the table scrolls sideways
        // in its own box (which the keyboard can scroll too), not the page.
        <div className="admin-table-scroll" tabIndex={0} role="region" aria-label="API 列表">
          <Table
            striped
            bordered
            hover
            className="bg-body align-middle admin-cards mb-0"
            aria-busy={isFetching}
          >
            <thead>
              <tr className="text-nowrap">
                <th>
                  <Form.Check
                    aria-label="全选"
                    checked={allSelected}
                    onChange={() =>
                      setSelected(allSelected ? new Set() : new Set(apis.map((a) => a.id)))
                    }
                  />
                </th>
                <th>ID</th>
                <th>名称</th>
                <th>英文名</th>
                <th>方法</th>
                <th>计费</th>
                <th>置顶</th>
                <th>状态</th>
                <th>调用次数</th>
                <th>健康（7 天）</th>
                <th>操作</th>
              </tr>
            </thead>
            <tbody>
              {apis.length === 0 ? (
                <tr>
                  <td colSpan={11} className="text-center text-muted">
                    {search || params.size > 0 ? '没有符合条件的 API。' : '暂无 API。'}
                  </td>
                </tr>
              ) : (
                apis.map((api) => (
                  <tr key={api.id}>
                    <td data-label="选择">
                      <Form.Check
                        aria-label={`选择 ${api.name}`}
                        checked={selected.has(api.id)}
                        onChange={() =>
                          setSelected((current) => {
                            const next = new Set(current);
                            if (!next.delete(api.id)) next.add(api.id);
                            return next;
                          })
                        }
                      />
                    </td>
                    <td data-label="ID">{api.id}</td>
                    <td data-label="名称" className="admin-name-cell">
                      {api.name}
                    </td>
                    <td data-label="英文名" className="admin-name-cell">
                      <code>{api.name_en}</code>
                    </td>
                    <td data-label="方法">{api.request_method}</td>
                    <td data-label="计费">
                      {api.is_paid === 1 ? (
                        <Badge bg="warning" text="dark">
                          付费 {formatYuan(api.price_per_call)}/次
                        </Badge>
                      ) : (
                        <Badge bg="secondary">免费</Badge>
                      )}
                    </td>
                    <td data-label="置顶">
                      <Form.Check
                        type="switch"
                        id={`pin-${api.id}`}
                        aria-label={`置顶 ${api.name}`}
                        checked={api.is_pinned === 1}
                        onChange={() => void toggle(api, 'is_pinned')}
                      />
                    </td>
                    <td data-label="状态">
                      <div className="d-flex align-items-center gap-2">
                        <Form.Check
                          type="switch"
                          id={`status-${api.id}`}
                          aria-label={`启用 ${api.name}`}
                          checked={api.status === 1}
                          onChange={() => void toggle(api, 'status')}
                        />
                        <StatusBadge status={api.status} />
                      </div>
                    </td>
                    <td data-label="调用次数" className="text-nowrap">
                      {api.usage_count}
                    </td>
                    <td data-label="健康（7 天）" className="text-nowrap small">
                      <HealthCell api={api} />
                    </td>
                    <td data-label="操作" className="text-nowrap">
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
        </div>
      )}
      {dialog}
    </section>
  );
}
