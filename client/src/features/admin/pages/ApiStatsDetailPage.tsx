import { skipToken } from '@reduxjs/toolkit/query';
import { Button, Card, Table } from 'react-bootstrap';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import Loading from '../../../components/ui/Loading';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { useAdminStatsDetailQuery } from '../api';
import DailyCallsChart from '../components/DailyCallsChart';
import { adminErrorText } from '../errors';
import { parseRouteId } from '../ids';
import { adminPaths } from '../paths';

/** The JSON text date → count as rows, newest date first; unreadable text gives none. */
export function dailyRows(history: string | null | undefined): [string, number][] {
  try {
    const parsed: unknown = JSON.parse(history ?? '');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return [];
    return Object.entries(parsed as Record<string, unknown>)
      .map(([date, count]): [string, number] => [date, Number(count) || 0])
      .sort(([a], [b]) => b.localeCompare(a));
  } catch {
    return [];
  }
}

export default function ApiStatsDetailPage() {
  usePageTitle('API 每日调用详情');
  const navigate = useNavigate();
  // Back to the list page and search the admin came from.
  const listQuery = (useLocation().state as { listQuery?: string } | null)?.listQuery ?? '';
  // Not a positive integer: 无效的API ID, and no request is made.
  const id = parseRouteId(useParams().id);
  const { data, error, isLoading } = useAdminStatsDetailQuery(id ?? skipToken);
  const detail = data?.data;
  const rows = dailyRows(detail?.daily_calls_history);

  let body;
  if (id === null) {
    body = (
      <div className="alert alert-danger" role="alert">
        无效的API ID
      </div>
    );
  } else if (error) {
    body = (
      <div className="alert alert-danger" role="alert">
        {adminErrorText(error, {
          failed: '获取API详细统计数据失败',
          network: '加载API详细统计数据时出错',
          notFound: '未找到指定的API统计数据',
        })}
      </div>
    );
  } else if (isLoading || !detail) {
    body = <Loading label="加载中..." />;
  } else {
    const name = detail.name || detail.name_en || '未知API';
    body = (
      <>
        <p className="mb-3">
          <strong>{name}</strong>
          <span className="text-muted ms-2">ID: {detail.id}</span>
        </p>
        <Card className="mb-3 admin-daily-chart">
          <Card.Header>近 30 天每日调用</Card.Header>
          <Card.Body>
            <DailyCallsChart
              label={`${name} 近 30 天每日调用次数`}
              rows={rows.map(([date, count]) => ({
                access_date: date,
                api_id: detail.id,
                api_name: name,
                daily_calls: count,
              }))}
            />
          </Card.Body>
        </Card>
        <Table striped bordered hover className="bg-body admin-cards admin-daily-table">
          <thead>
            <tr>
              <th>日期</th>
              <th>调用次数</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={2} className="text-center text-muted">
                  暂无每日调用统计数据。
                </td>
              </tr>
            ) : (
              rows.map(([date, count]) => (
                <tr key={date}>
                  <td data-label="日期">{date}</td>
                  <td data-label="调用次数">{count}</td>
                </tr>
              ))
            )}
          </tbody>
        </Table>
      </>
    );
  }

  return (
    <section>
      <div className="d-flex align-items-center gap-3 mb-3">
        <h1 className="h3 mb-0">API 每日调用详情</h1>
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={() => void navigate(adminPaths.statistics + listQuery)}
        >
          返回统计列表
        </Button>
      </div>
      {body}
    </section>
  );
}
