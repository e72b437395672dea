import { Table } from 'react-bootstrap';
import { useSearchParams } from 'react-router-dom';
import ErrorBanner from '../../components/ui/ErrorBanner';
import Loading from '../../components/ui/Loading';
import Pagination from '../../components/ui/Pagination';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { useI18n } from '../../i18n';
import { useGetAccessLogsQuery } from './api';
import { formatTime } from '../../lib/formatTime';

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

export default function AccessLogsPage() {
  const { t, errorText } = useI18n();
  usePageTitle(t('logs.title'));
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const { data, error, isLoading, isFetching } = useGetAccessLogsQuery(
    { page },
    { refetchOnMountOrArgChange: true },
  );

  return (
    <>
      <h1 className="h3 mb-3">{t('logs.title')}</h1>
      {isLoading ? (
        <Loading />
      ) : error || !data ? (
        <ErrorBanner messages={[errorText(error, 'logs.failed')]} />
      ) : (
        <>
          <p className="text-muted" data-testid="logs-total">
            {t('logs.total', { count: data.total })}
          </p>
          {data.logs.length === 0 ? (
            <p className="text-muted">{t('logs.empty')}</p>
          ) : (
            <Table
              striped
              bordered
              hover
              responsive
              size="sm"
              className={isFetching ? 'opacity-50' : undefined}
            >
              <thead>
                <tr>
                  <th>{t('logs.id')}</th>
                  <th>{t('logs.apiName')}</th>
                  <th>{t('logs.ip')}</th>
                  <th>{t('logs.url')}</th>
                  <th>{t('logs.userAgent')}</th>
                  <th>{t('logs.time')}</th>
                </tr>
              </thead>
              <tbody>
                {data.logs.map((log) => (
                  <tr key={log.id}>
                    <td>{log.id}</td>
                    <td>{log.api_name || t('logs.unknownApi')}</td>
                    <td>{log.ip_address}</td>
                    <td className="text-break small">{log.access_url}</td>
                    <td className="text-break small">{log.user_agent}</td>
                    <td className="text-nowrap">{formatTime(log.access_time)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
          <Pagination
            page={page}
            totalPages={data.total_pages}
            label={t('logs.pages')}
            onChange={(next) => setParams({ page: String(next) })}
          />
        </>
      )}
    </>
  );
}
