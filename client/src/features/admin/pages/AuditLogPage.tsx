import {
  AUDIT_ACTIONS,
  AUDIT_TARGETS,
  type AuditAction,
  type AuditEntry,
  type AuditQuery,
  type AuditTarget,
} from '@contracts/audit';
import { Form, Table } from 'react-bootstrap';
import Loading from '../../../components/ui/Loading';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { useQueryParams } from '../../../lib/useQueryParams';
import { useAdminAuditLogQuery } from '../api';
import AdminPagination from '../components/AdminPagination';
import {
  auditFieldLabel,
  auditValue,
  fieldChanges,
  shortened,
  type FieldChange,
} from '../auditFields';
import { adminErrorText, formatTime } from '../errors';

const PER_PAGE = 20;

export const ACTION_LABELS: Record<AuditAction, string> = {
  create: '新增',
  update: '修改',
  delete: '删除',
  adjust_balance: '调整余额',
  change_password: '修改密码',
  assign_order: '分配订单',
  dismiss_order: '驳回订单',
  reveal_key: '查看 API Key',
  create_reset_link: '生成密码重置链接',
  disable_two_factor: '关闭两步验证',
  enable_two_factor: '开启两步验证',
  disable: '停用',
  export_codes: '导出兑换码',
};

export const TARGET_LABELS: Record<AuditTarget, string> = {
  api: 'API',
  partner: '合作伙伴',
  ad: '广告',
  sidebar_link: '侧边栏链接',
  friend_link: '友链',
  config: '网站配置',
  user: '用户',
  admin: '管理员',
  recharge_order: '充值订单',
  category: '分类',
  oidc_provider: '第三方登录',
  redeem_batch: '兑换码批次',
};

/** One changed field: the value before, then after (one of them alone on a create or delete). */
function Change({ change }: { change: FieldChange }) {
  const before = 'before' in change ? auditValue(change.field, change.before) : null;
  const after = 'after' in change ? auditValue(change.field, change.after) : null;
  return (
    <li>
      <span className="fw-semibold">{auditFieldLabel(change.field)}</span>：
      {before !== null && (
        <del className="audit-before" title={before}>
          {shortened(before)}
        </del>
      )}
      {before !== null && after !== null && (
        <>
          <span aria-hidden="true"> → </span>
          <span className="visually-hidden">改为</span>
        </>
      )}
      {after !== null && (
        <ins className="audit-after" title={after}>
          {shortened(after)}
        </ins>
      )}
    </li>
  );
}

/** A whole record (a create or a delete) shows this many fields, the rest behind a toggle. */
const SHOWN_FIELDS = 4;

/** An entry's changes, one line per field. */
function Changes({ entry }: { entry: AuditEntry }) {
  const changes = fieldChanges(entry);
  if (changes.length === 0) return <>—</>;
  const whole = entry.before === null || entry.after === null;
  const shown = whole ? changes.slice(0, SHOWN_FIELDS) : changes;
  const rest = changes.slice(shown.length);
  // One block, so that the phone's card layout (a flex row per cell) keeps the toggle under it.
  return (
    <div className="audit-changes">
      <ul className="list-unstyled mb-0">
        {shown.map((change) => (
          <Change key={change.field} change={change} />
        ))}
      </ul>
      {rest.length > 0 && (
        <details>
          <summary>其余 {rest.length} 个字段</summary>
          <ul className="list-unstyled mb-0">
            {rest.map((change) => (
              <Change key={change.field} change={change} />
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/** 操作日志: who changed what, read-only, filtered in the URL. */
export default function AuditLogPage() {
  usePageTitle('操作日志');
  const [params, setParams] = useQueryParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const query: AuditQuery = { page, per_page: PER_PAGE };
  const admin = params.get('admin');
  if (admin) query.admin = admin;
  const target = AUDIT_TARGETS.find((t) => t === params.get('target_type'));
  if (target) query.target_type = target;
  const action = AUDIT_ACTIONS.find((a) => a === params.get('action'));
  if (action) query.action = action;
  for (const key of ['from', 'to'] as const) {
    const value = params.get(key);
    if (value && /^\d{4}-\d{2}-\d{2}$/.test(value)) query[key] = value;
  }
  const { data, error, isLoading } = useAdminAuditLogQuery(query, {
    refetchOnMountOrArgChange: true,
  });
  const set = (key: string, value: string) =>
    setParams(
      (next) => {
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'page') next.delete('page');
      },
      { replace: key !== 'page' },
    );
  const entries = data?.data.entries ?? [];

  return (
    <section>
      <h1 className="h3 mb-3">操作日志</h1>
      <div className="admin-toolbar mb-3">
        <Form.Control
          type="search"
          aria-label="管理员"
          placeholder="按管理员筛选..."
          defaultValue={admin ?? ''}
          onChange={(e) => set('admin', e.target.value.trim())}
        />
        <Form.Select
          aria-label="对象类型"
          value={target ?? ''}
          onChange={(e) => set('target_type', e.target.value)}
        >
          <option value="">全部对象</option>
          {AUDIT_TARGETS.map((t) => (
            <option key={t} value={t}>
              {TARGET_LABELS[t]}
            </option>
          ))}
        </Form.Select>
        <Form.Select
          aria-label="操作"
          value={action ?? ''}
          onChange={(e) => set('action', e.target.value)}
        >
          <option value="">全部操作</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {ACTION_LABELS[a]}
            </option>
          ))}
        </Form.Select>
        <Form.Control
          type="date"
          aria-label="开始日期"
          value={query.from ?? ''}
          onChange={(e) => set('from', e.target.value)}
        />
        <Form.Control
          type="date"
          aria-label="结束日期"
          value={query.to ?? ''}
          onChange={(e) => set('to', e.target.value)}
        />
      </div>
      {error ? (
        <div className="alert alert-danger" role="alert">
          {adminErrorText(error, { failed: '获取操作日志失败' })}
        </div>
      ) : isLoading ? (
        <Loading label="加载中..." />
      ) : (
        <>
          <Table striped bordered className="bg-body align-middle admin-cards">
            <thead>
              <tr>
                <th>时间</th>
                <th>管理员</th>
                <th>操作</th>
                <th>对象</th>
                <th>变更</th>
                <th>IP</th>
              </tr>
            </thead>
            <tbody>
              {entries.length === 0 ? (
                <tr>
                  <td colSpan={6} className="text-center text-muted">
                    暂无操作记录。
                  </td>
                </tr>
              ) : (
                entries.map((entry) => (
                  <tr key={entry.id}>
                    <td data-label="时间" className="text-nowrap">
                      {formatTime(entry.created_at)}
                    </td>
                    <td data-label="管理员">{entry.admin_username ?? `#${entry.admin_id}`}</td>
                    <td data-label="操作">{ACTION_LABELS[entry.action] ?? entry.action}</td>
                    <td data-label="对象">
                      {TARGET_LABELS[entry.target_type] ?? entry.target_type}
                      {entry.target_id !== null && ` #${entry.target_id}`}
                    </td>
                    <td data-label="变更" className="admin-break">
                      <Changes entry={entry} />
                    </td>
                    <td data-label="IP">{entry.ip}</td>
                  </tr>
                ))
              )}
            </tbody>
          </Table>
          <AdminPagination
            page={page}
            totalPages={data?.data.total_pages ?? 0}
            onChange={(next) => set('page', String(next))}
          />
        </>
      )}
    </section>
  );
}
