import { Table } from 'react-bootstrap';
import { useSearchParams } from 'react-router-dom';
import ErrorBanner from '../../components/ui/ErrorBanner';
import Loading from '../../components/ui/Loading';
import Pagination from '../../components/ui/Pagination';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { errorMessage } from '../../lib/api';
import { useGetAccessLogsQuery } from './api';
import { formatTime } from '../../lib/formatTime';

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

export default function AccessLogsPage() {
  usePageTitle('Call records');
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const { data, error, isLoading, isFetching } = useGetAccessLogsQuery(
    { page },
    { refetchOnMountOrArgChange: true },
  );

  return (
    <>
      <h1 className="h3 mb-3">Call records</h1>
      {isLoading ? (
        <Loading />
      ) : error || !data ? (
        <ErrorBanner messages={[errorMessage(error, 'failed to get call records')]} />
      ) : (
        <>
          <p className="text-muted" data-testid="logs-total">
            {data.total} call record{data.total === 1 ? '' : 's'} in total
          </p>
          {data.logs.length === 0 ? (
            <p className="text-muted">No call records yet.</p>
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
                  <th>ID</th>
                  <th>API name</th>
                  <th>IP address</th>
                  <th>Access URL</th>
                  <th>User agent</th>
                  <th>Request time</th>
                </tr>
              </thead>
              <tbody>
                {data.logs.map((log) => (
                  <tr key={log.id}>
                    <td>{log.id}</td>
                    <td>{log.api_name || 'unknown API'}</td>
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
            label="Call records pages"
            onChange={(next) => setParams({ page: String(next) })}
          />
        </>
      )}
    </>
  );
}
