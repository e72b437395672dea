import { Card, Col, Row, Table } from 'react-bootstrap';
import Loading from '../../../components/ui/Loading';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { useAdminDashboardQuery } from '../api';
import DailyCallsChart from '../components/DailyCallsChart';
import { adminErrorText, formatTime } from '../errors';

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Card className="h-100">
      <Card.Body>
        <div className="text-muted small">{label}</div>
        <div className="fs-3 fw-semibold">{value}</div>
      </Card.Body>
    </Card>
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
          <Row className="g-3 mb-4">
            <Col sm={6} lg={4}>
              <Stat
                label="总调用次数"
                value={stats.total_stats.total_calls.toLocaleString('zh-CN')}
              />
            </Col>
            <Col sm={6} lg={4}>
              <Stat label="API 总数" value={stats.total_stats.total_apis} />
            </Col>
            <Col sm={12} lg={4}>
              <Stat label="网站启用时间" value={formatTime(stats.site_start_time)} />
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
                <Table striped className="mb-0">
                  <thead>
                    <tr>
                      <th>排名</th>
                      <th>API 名称</th>
                      <th>调用次数</th>
                    </tr>
                  </thead>
                  <tbody>
                    {stats.top_apis.map((api, index) => (
                      <tr key={api.id}>
                        <td>{index + 1}</td>
                        <td>{api.name}</td>
                        <td>{api.call_count}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </Card>
            </Col>
            <Col lg={6}>
              <Card className="mb-4">
                <Card.Header>服务器信息</Card.Header>
                <Table className="mb-0">
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
                <div style={{ maxHeight: '18rem', overflowY: 'auto' }}>
                  <Table size="sm" striped className="mb-0">
                    <tbody>
                      {stats.all_api_total_calls.map((api) => (
                        <tr key={api.id}>
                          <td>{api.name}</td>
                          <td className="text-end">{api.total_calls}</td>
                        </tr>
                      ))}
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
