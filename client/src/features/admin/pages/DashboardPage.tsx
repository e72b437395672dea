import { Card, Col, Row } from 'react-bootstrap';
import Loading from '../../../components/ui/Loading';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { formatYuan } from '../../../lib/money';
import { useAdminDashboardQuery } from '../api';
import DailyCallsChart from '../components/DailyCallsChart';
import { adminErrorText, formatTime } from '../errors';
import { COMMON } from '../i18n/common';
import { LAYOUT } from '../i18n/layout';
import ApiTables from './dashboard/ApiTables';
import { count, PeriodStat, Stat } from './dashboard/Stat';

const TEXTS = LAYOUT.dashboard;

/** 仪表盘: the site's totals, today's activity against the last 7 and 30 days, and the APIs. */
export default function DashboardPage() {
  usePageTitle(TEXTS.title);
  const { data, error, isLoading } = useAdminDashboardQuery();
  const stats = data?.data;

  return (
    <section>
      <h1 className="h3 mb-3">{TEXTS.title}</h1>
      {error ? (
        <div className="alert alert-danger" role="alert">
          {adminErrorText(error, { failed: TEXTS.loadFailed })}
        </div>
      ) : isLoading || !stats ? (
        <Loading label={COMMON.loading} />
      ) : (
        <>
          <Row className="g-3 mb-3">
            <Col sm={6} xl={4}>
              <Stat label={TEXTS.totalCalls} value={count(stats.total_stats.total_calls)} />
            </Col>
            <Col sm={6} xl={4}>
              <Stat label={TEXTS.totalApis} value={stats.total_stats.total_apis} />
            </Col>
            <Col sm={12} xl={4}>
              <Stat label={TEXTS.siteStart} value={formatTime(stats.site_start_time)} />
            </Col>
          </Row>
          <h2 className="h5 mb-3">{TEXTS.recent}</h2>
          <Row className="g-3 mb-4">
            <Col sm={6} xl={3}>
              <Stat label={TEXTS.callsToday} value={count(stats.activity.calls_today)} />
            </Col>
            <Col sm={6} xl={3}>
              <PeriodStat
                label={TEXTS.chargesToday}
                periods={stats.activity.charges}
                show={formatYuan}
              />
            </Col>
            <Col sm={6} xl={3}>
              <PeriodStat
                label={TEXTS.newUsersToday}
                periods={stats.activity.new_users}
                show={count}
              />
            </Col>
            <Col sm={6} xl={3}>
              <PeriodStat
                label={TEXTS.rechargesToday}
                periods={stats.activity.recharges}
                show={formatYuan}
              />
            </Col>
          </Row>
          <Card className="mb-4">
            <Card.Header>{TEXTS.dailyCalls}</Card.Header>
            <Card.Body>
              <DailyCallsChart rows={stats.daily_calls_per_api} today={stats.today} />
            </Card.Body>
          </Card>
          <ApiTables stats={stats} />
        </>
      )}
    </section>
  );
}
