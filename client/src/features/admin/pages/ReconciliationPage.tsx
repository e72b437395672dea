import type { ReconciliationDay, ReconciliationMismatch } from '@contracts/recharge';
import { useState } from 'react';
import { Alert, Badge, Form, Table } from 'react-bootstrap';
import Loading from '../../../components/ui/Loading';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { formatYuan } from '../../../lib/money';
import { useQueryParams } from '../../../lib/useQueryParams';
import { RECONCILIATION_CSV_URL, type ReconciliationPeriod, useReconciliationQuery } from '../api';
import { adminErrorText } from '../errors';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const MISMATCH_LABELS: Record<ReconciliationMismatch['kind'], string> = {
  amount_differs: '入账金额与爱发电不符',
  balance_unexplained: '用户余额无法由流水解释',
};

type Counts = Omit<ReconciliationDay, 'date'>;

const PERIOD_FIELDS = [
  { key: 'from', label: '开始日期（UTC）' },
  { key: 'to', label: '结束日期（UTC）' },
] as const;

function CountCells({ day }: { day: Counts }) {
  return (
    <>
      <td data-label="订单数">{day.seen}</td>
      <td data-label="已入账">{day.credited}</td>
      <td data-label="已拒绝">{day.rejected}</td>
      <td data-label="待处理">{day.pending}</td>
      <td data-label="入账金额">{formatYuan(day.credited_amount)}</td>
      <td data-label="待处理金额">{formatYuan(day.pending_amount)}</td>
    </>
  );
}

/** 充值对账: per UTC day what recharge saw and did, what the books do not explain, and a CSV. */
export default function ReconciliationPage() {
  usePageTitle('充值对账');
  const [params, setParams] = useQueryParams();
  const period: ReconciliationPeriod = {};
  for (const { key } of PERIOD_FIELDS) {
    const value = params.get(key);
    if (value && DAY.test(value)) period[key] = value;
  }
  const { data, error, isLoading, isFetching } = useReconciliationQuery(period, {
    refetchOnMountOrArgChange: true,
  });
  const set = (key: 'from' | 'to', value: string) =>
    setParams(
      (next) => {
        if (value) next.set(key, value);
        else next.delete(key);
      },
      { replace: true },
    );
  const report = data?.data;
  const [quietDaysShown, setQuietDaysShown] = useState(false);
  const days = [...(report?.days ?? [])].reverse().filter((day) => quietDaysShown || day.seen > 0);
  const csvUrl = `${RECONCILIATION_CSV_URL}?${new URLSearchParams({ ...period }).toString()}`;

  return (
    <section>
      <h1 className="h3 mb-3">充值对账</h1>
      <div className="admin-toolbar mb-3">
        {PERIOD_FIELDS.map(({ key, label }) => (
          <Form.Group key={key} controlId={`reconciliation-${key}`}>
            <Form.Label className="small mb-1">{label}</Form.Label>
            <Form.Control
              type="date"
              value={period[key] ?? report?.[key] ?? ''}
              onChange={(e) => set(key, e.target.value)}
            />
          </Form.Group>
        ))}
        <div className="align-self-end">
          <a className="btn btn-outline-primary w-100" href={csvUrl} download>
            下载 CSV
          </a>
        </div>
      </div>
      {error ? (
        <div className="alert alert-danger" role="alert">
          {adminErrorText(error, { failed: '获取对账数据失败' })}
        </div>
      ) : isLoading || !report ? (
        <Loading label="加载中..." />
      ) : (
        <>
          <p className="text-body-secondary">
            {report.from} 至 {report.to}（UTC{period.from || period.to ? '' : '，默认最近 30 天'}
            ）。有待处理订单的日期以黄色标出。
          </p>
          {report.mismatches.length === 0 ? (
            <Alert variant="success" role="status">
              账目一致：每笔入账都与爱发电金额相符，每位用户的余额都能由充值、调整和扣费解释。
            </Alert>
          ) : (
            <div className="mb-4">
              <h2 className="h5">
                对不上的账 <Badge bg="danger">{report.mismatches.length}</Badge>
              </h2>
              <Table bordered className="bg-body align-middle admin-cards" aria-label="对不上的账">
                <thead>
                  <tr>
                    <th>类型</th>
                    <th>订单号</th>
                    <th>用户 ID</th>
                    <th>应为</th>
                    <th>实为</th>
                  </tr>
                </thead>
                <tbody>
                  {report.mismatches.map((m, index) => (
                    <tr
                      key={`${m.kind}-${m.out_trade_no ?? m.user_id ?? index}`}
                      className="admin-row-danger"
                    >
                      <td data-label="类型">{MISMATCH_LABELS[m.kind]}</td>
                      <td data-label="订单号" className="admin-break">
                        {m.out_trade_no ?? '-'}
                      </td>
                      <td data-label="用户 ID">{m.user_id ?? '-'}</td>
                      <td data-label="应为">{formatYuan(m.expected)}</td>
                      <td data-label="实为">{formatYuan(m.actual)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          )}
          <Form.Check
            type="switch"
            id="reconciliation-quiet-days"
            className="mb-2"
            label="显示没有订单的日期"
            checked={quietDaysShown}
            onChange={(e) => setQuietDaysShown(e.target.checked)}
          />
          <Table
            striped
            bordered
            className="bg-body align-middle admin-cards"
            aria-label="每日对账"
          >
            <thead>
              <tr>
                <th>日期</th>
                <th>订单数</th>
                <th>已入账</th>
                <th>已拒绝</th>
                <th>待处理</th>
                <th>入账金额</th>
                <th>待处理金额</th>
              </tr>
            </thead>
            <tbody>
              {days.length === 0 && (
                <tr>
                  <td colSpan={7} className="text-center text-muted">
                    这段时间没有充值订单。
                  </td>
                </tr>
              )}
              {days.map((day) => (
                <tr key={day.date} className={day.pending > 0 ? 'admin-row-warning' : undefined}>
                  <td data-label="日期" className="text-nowrap">
                    {day.date}
                  </td>
                  <CountCells day={day} />
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="fw-semibold">
                <td data-label="日期">合计</td>
                <CountCells day={report.totals} />
              </tr>
            </tfoot>
          </Table>
          {isFetching && <Loading label="加载中..." />}
        </>
      )}
    </section>
  );
}
