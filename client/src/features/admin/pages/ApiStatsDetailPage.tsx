import { Button } from 'react-bootstrap';
import Loading from '../../../components/ui/Loading';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { adminErrorText } from '../errors';
import { COMMON } from '../i18n/common';
import { STATS } from '../i18n/stats';
import DailyCalls from './stats/DailyCalls';
import { useApiStatsDetail } from './stats/useApiStatsDetail';

/** API 每日调用详情: one API's calls day by day, opened from 访问统计 and back to it. */
export default function ApiStatsDetailPage() {
  usePageTitle(STATS.detail.title);
  const { id, detail, error, isLoading, rows, back } = useApiStatsDetail();

  let body;
  if (id === null) {
    body = (
      <div className="alert alert-danger" role="alert">
        {STATS.detail.invalidId}
      </div>
    );
  } else if (error) {
    body = (
      <div className="alert alert-danger" role="alert">
        {adminErrorText(error, {
          failed: STATS.detail.failed,
          network: STATS.detail.network,
          notFound: STATS.detail.notFound,
        })}
      </div>
    );
  } else if (isLoading || !detail) {
    body = <Loading label={COMMON.loading} />;
  } else {
    body = <DailyCalls detail={detail} rows={rows} />;
  }

  return (
    <section>
      <div className="d-flex align-items-center gap-3 mb-3">
        <h1 className="h3 mb-0">{STATS.detail.title}</h1>
        <Button variant="outline-secondary" size="sm" onClick={back}>
          {STATS.detail.back}
        </Button>
      </div>
      {body}
    </section>
  );
}
