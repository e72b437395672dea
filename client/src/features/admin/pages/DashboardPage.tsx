import type { Periods } from '@contracts/site';
import { Card, Col, Row, Table } from 'react-bootstrap';
import Loading from '../../../components/ui/Loading';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { formatYuan } from '../../../lib/money';
import { useAdminDashboardQuery } from '../api';
import DailyCallsChart from '../components/DailyCallsChart';
import { adminErrorText, formatTime } from '../errors';

const count = (n: number) => n.toLocaleString('zh-CN');

function Stat({ label, value, note }: { label: string; value: string | number; note?: string }) {
  return (
    <Card className="h-100 admin-stat-card">
      <Card.Body>
        <div className="text-muted small">{label}</div>
        <div className="fs-3 fw-semibold admin-stat-value">{value}</div>
        {note && <div className="text-muted small">{note}</div>}
      </Card.Body>
    </Card>
  );
}

/** A figure for today, with the 7- and 30-day figures under it. */
function PeriodStat<T>({
  label,
  periods,
  show,
}: {
  label: string;
  periods: Periods<T>;
  show: (value: T) => string;
}) {
  return (
    <Stat
      label={label}
      value={show(periods.today)}
      note={`近 7 天 ${show(periods.days_7)} · 近 30 天 ${show(periods.days_30)}`}
    />
  );
}

export default function DashboardPage() {
  usePageTitle('仪表盘');
  const { data, error, isLoading } = useAdminDashboardQuery();
  const stats = data?.data;

  return (
    <section>
      <h1 className="h3 mb-3">仪表盘</h1>
      {error ? (
        <div className="alert alert-danger" role="alert">
          {adminErrorText(error, { failed: '获取仪表盘数据失败' })}
        </div>
      ) : isLoading || !stats ? (
        <Loading label="加载中..." />
      ) : (
        <>
          <Row className="g-3 mb-3">
            <Col sm={6} xl={4}>
              <Stat label="总调用次数" value={count(stats.total_stats.total_calls)} />
            </Col>
            <Col sm={6} xl={4}>
              <Stat label="API 总数" value={stats.total_stats.total_apis} />
            </Col>
            <Col sm={12} xl={4}>
              <Stat label="网站启用时间" value={formatTime(stats.site_start_time)} />
            </Col>
          </Row>
          <h2 className="h5 mb-3">近期活动</h2>
          <Row className="g-3 mb-4">
            <Col sm={6} xl={3}>
              <Stat label="今日调用" value={count(stats.activity.calls_today)} />
            </Col>
            <Col sm={6} xl={3}>
              <PeriodStat label="今日扣费" periods={stats.activity.charges} show={formatYuan} />
            </Col>
            <Col sm={6} xl={3}>
              <PeriodStat label="今日新用户" periods={stats.activity.new_users} show={count} />
            </Col>
            <Col sm={6} xl={3}>
              <PeriodStat label="今日充值" periods={stats.activity.recharges} show={formatYuan} />
            </Col>
          </Row>
          <Card className="mb-4">
            <Card.Header>近 30 天每日调用（按 API）</Card.Header>
            <Card.Body>
              <DailyCallsChart rows={stats.daily_calls_per_api} />
            </Card.Body>
          </Card>
          <Row className="g-4">
            <Col lg={6}>
              <Card>
                <Card.Header>调用次数前 10 的 API</Card.Header>
                <Table striped className="mb-0 admin-card-table">
                  <thead>
                    <tr>
                      <th className="text-nowrap">排名</th>
                      <th>API 名称</th>
                      <th className="text-nowrap">调用次数</th>
                    </tr>
                  </thead>
                  <tbody>
                    {stats.top_apis.length === 0 ? (
                      <tr>
                        <td colSpan={3} className="text-center text-muted">
                          暂无调用记录。
                        </td>
                      </tr>
                    ) : (
                      stats.top_apis.map((api, index) => (
                        <tr key={api.id}>
                          <td>{index + 1}</td>
                          <td>{api.name}</td>
                          <td className="text-nowrap">{api.call_count}</td>
                        </tr>
                      ))
                    )}
                  </tbody>
                </Table>
              </Card>
            </Col>
            <Col lg={6}>
              <Card className="mb-4">
                <Card.Header>服务器信息</Card.Header>
                <Table className="mb-0 admin-card-table">
                  <tbody>
                    {stats.server_info.map((pair) => (
                      <tr key={pair.name}>
                        <th className="w-25">{pair.name}</th>
                        <td>{pair.value}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </Card>
              <Card>
                <Card.Header>全部 API 调用总数</Card.Header>
                {/* A scrolling box the keyboard can reach and scroll too. */}
                <div
                  className="admin-scroll-box"
                  tabIndex={0}
                  role="region"
                  aria-label="全部 API 调用总数"
                >
                  <Table size="sm" striped className="mb-0 admin-card-table">
                    <tbody>
                      {stats.all_api_total_calls.length === 0 ? (
                        <tr>
                          <td className="text-center text-muted">暂无 API。</td>
                        </tr>
                      ) : (
                        stats.all_api_total_calls.map((api) => (
                          <tr key={api.id}>
                            <td>{api.name}</td>
                            <td className="text-end text-nowrap">{api.total_calls}</td>
                          </tr>
                        ))
                      )}
                    </tbody>
                  </Table>
                </div>
              </Card>
            </Col>
          </Row>
        </>
      )}
    </section>
  );
}
