import { lazy, Suspense } from 'react';
import { Card, Col, Row, Table } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import ErrorBanner from '../../../components/ui/ErrorBanner';
import Loading from '../../../components/ui/Loading';
import { paths } from '../../../config/paths';
import { useI18n } from '../../../i18n';
import { apiTitle } from '../../../lib/apiText';
import { formatYuan } from '../../../lib/money';
import { useTheme } from '../../../lib/theme';
import { useGetUsageQuery } from '../api';

// Chart.js comes with the chart, on demand: not in any page's first JavaScript.
const UsageChart = lazy(() => import('./UsageChart'));

/** Adds decimal texts with 3 decimals as integer milli-yuan, never as floats. */
export function sumYuan(amounts: readonly string[]): string {
  const milli = amounts.reduce((sum, text) => {
    const [whole, fraction = ''] = text.split('.');
    return sum + Number(whole) * 1000 + Number(fraction.padEnd(3, '0').slice(0, 3));
  }, 0);
  return `${Math.floor(milli / 1000)}.${String(milli % 1000).padStart(3, '0')}`;
}

/**
 * The card's shape while its figures come: the line with Recharge, the totals, the chart's place
 * and the top APIs' heading, so that neither the card nor what is below it moves when they arrive.
 */
function UsageSkeleton() {
  const { t } = useI18n();
  return (
    <div data-testid="usage-loading">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3 placeholder-glow">
        <span className="placeholder col-7 col-md-5 me-auto" aria-hidden="true" />
        <Link className="btn btn-primary btn-sm" to={paths.userRecharge}>
          {t('usage.recharge')}
        </Link>
      </div>
      <p className="small mb-2 placeholder-glow" aria-hidden="true">
        <span className="placeholder col-4 col-md-2" />
      </p>
      <Row className="g-3">
        <Col lg={8}>
          <div className="portico-chart-area d-flex align-items-center justify-content-center">
            <Loading />
          </div>
        </Col>
        <Col lg={4}>
          <h2 className="h6">{t('usage.topApis')}</h2>
          <p className="small mb-0 placeholder-glow" aria-hidden="true">
            <span className="placeholder col-8" />
          </p>
        </Col>
      </Row>
    </div>
  );
}

/** The dashboard's usage: 30 days of calls and spend, the top APIs and what the balance is worth. */
export default function UsageCard() {
  const { t, errorText, lang } = useI18n();
  const { mode } = useTheme();
  const { data, error, isLoading } = useGetUsageQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });

  return (
    <Card className="mb-4" data-testid="usage">
      <Card.Header>{t('usage.title')}</Card.Header>
      <Card.Body>
        {isLoading ? (
          <UsageSkeleton />
        ) : error || !data ? (
          <ErrorBanner messages={[errorText(error, 'usage.failed')]} />
        ) : (
          <>
            <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
              <span className="me-auto" data-testid="calls-left">
                {data.calls_left === null || data.usual_price === null
                  ? t('usage.noUsualPrice')
                  : t('usage.callsLeft', {
                      count: data.calls_left.toLocaleString(),
                      price: formatYuan(data.usual_price),
                    })}
              </span>
              <Link className="btn btn-primary btn-sm" to={paths.userRecharge}>
                {t('usage.recharge')}
              </Link>
            </div>
            <p className="small text-body-secondary mb-2">
              {t('usage.totals', {
                calls: data.days.reduce((sum, day) => sum + day.calls, 0).toLocaleString(),
                spend: formatYuan(sumYuan(data.days.map((day) => day.spend))),
              })}
            </p>
            <Row className="g-3">
              <Col lg={8}>
                {data.days.every((day) => day.calls === 0) ? (
                  // No calls: a note where the chart goes (as tall, so nothing below moves), not
                  // thirty empty days on an axis from 0 to 1.
                  <div
                    className="portico-chart-area d-flex flex-column align-items-center justify-content-center text-center border rounded text-body-secondary p-3"
                    data-testid="usage-chart-empty"
                  >
                    <p className="mb-2">{t('usage.chartEmpty')}</p>
                    <Link to={paths.home}>{t('usage.browseApis')}</Link>
                  </div>
                ) : (
                  // As tall while the chart's code loads as once it is drawn: the cards below
                  // (and their buttons) stay where they are.
                  <div className="portico-chart-area">
                    <Suspense fallback={<Loading label={t('usage.chartLoading')} />}>
                      <UsageChart
                        days={data.days}
                        label={t('usage.chartLabel')}
                        callsLabel={t('usage.calls')}
                        spendLabel={t('usage.spend')}
                        dayLabel={t('usage.day')}
                        theme={mode}
                      />
                    </Suspense>
                  </div>
                )}
              </Col>
              <Col lg={4}>
                <h2 className="h6">{t('usage.topApis')}</h2>
                {data.top_apis.length === 0 ? (
                  <p className="text-body-secondary small mb-0">{t('usage.noCalls')}</p>
                ) : (
                  <Table size="sm" className="mb-0" data-testid="top-apis">
                    <thead>
                      <tr>
                        <th>{t('logs.apiName')}</th>
                        <th className="text-end text-nowrap">{t('usage.calls')}</th>
                        <th className="text-end text-nowrap">{t('logs.cost')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.top_apis.map((api) => (
                        <tr key={`${api.api_id}-${api.name}`}>
                          <td className="portico-break-anywhere">
                            {apiTitle(api, lang) || t('logs.unknownApi')}
                          </td>
                          <td className="text-end">{api.calls.toLocaleString()}</td>
                          <td className="text-end text-nowrap">
                            {/* As the call log says a call that cost nothing. */}
                            {Number(api.spend) === 0 ? t('logs.free') : formatYuan(api.spend)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </Table>
                )}
              </Col>
            </Row>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
