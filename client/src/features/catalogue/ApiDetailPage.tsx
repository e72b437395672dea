import type { ApiDetail, ApiRef } from '@contracts/apis';
import { isRequiredFlag } from '@contracts/list-fields';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import ErrorBanner from '../../components/ui/ErrorBanner';
import Loading from '../../components/ui/Loading';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { paths } from '../../config/paths';
import { errorStatus } from '../../lib/api';
import { useGetApiDetailQuery } from './api';
import CodeBlock from './CodeBlock';
import RequestExamples from './RequestExamples';
import { absoluteUrl } from './requestExamples';
import { formatTime } from '../../lib/formatTime';

export const NO_REFERENCE = 'API ID or English name not provided';

/** The route's first segment is the numeric id; a non-numeric one is taken as the English name. */
export function apiRefFromParams(
  id: string | undefined,
  nameEn: string | undefined,
): ApiRef | null {
  const ref = id?.trim();
  if (ref && /^\d+$/.test(ref)) return { id: Number(ref) };
  if (ref) return { name_en: ref };
  if (nameEn?.trim()) return { name_en: nameEn.trim() };
  return null;
}

export function detailErrorText(error: unknown): string {
  const status = errorStatus(error);
  if (status === 404) return 'API not found';
  if (status !== undefined) return `failed to get API data (status code ${status})`;
  return 'no response from the server, check your network and try again';
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card mb-4">
      <div className="card-header bg-white">
        <h2 className="h6 mb-0">{title}</h2>
      </div>
      <div className="card-body">{children}</div>
    </section>
  );
}

function Table({ head, rows, empty }: { head: string[]; rows: ReactNode[][]; empty: string }) {
  if (rows.length === 0) return <p className="text-muted mb-0">{empty}</p>;
  return (
    <div className="table-responsive">
      <table className="table table-sm table-striped align-middle mb-0">
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            <tr key={i}>
              {cells.map((cell, j) => (
                <td key={j} className={j === 0 ? 'text-nowrap' : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Detail({ api }: { api: ApiDetail }) {
  const origin = window.location.origin;
  const endpoint = absoluteUrl(api.endpoint, origin);
  const example = api.example_url ? absoluteUrl(api.example_url, origin) : '';
  const info: [string, ReactNode][] = [
    ['Description', api.description || '—'],
    ['Endpoint', <code className="text-break">{endpoint}</code>],
    [
      'Example URL',
      example ? (
        // /apis/* is served by the server, so this is a plain link the router leaves alone.
        <a href={example} target="_blank" rel="noopener noreferrer" className="text-break">
          {example}
        </a>
      ) : (
        '—'
      ),
    ],
    ['Response format', api.response_format],
    ['Request method', <span className="badge text-bg-primary">{api.request_method}</span>],
    ['Price', api.is_paid ? `¥${api.price_per_call} per call` : 'Free'],
    ['Call count', api.usage_count.toLocaleString()],
    ['Created', formatTime(api.created_at)],
    ['Updated', formatTime(api.updated_at)],
  ];
  return (
    <>
      <header className="mb-4">
        <h1 className="h3 mb-1">{api.name}</h1>
        <p className="text-muted mb-0">
          <code>{api.name_en}</code>
          {api.is_paid ? (
            <span className="badge text-bg-danger ms-2">Paid</span>
          ) : (
            <span className="badge text-bg-success ms-2">Free</span>
          )}
        </p>
      </header>

      <Section title="Basic info">
        <dl className="row mb-0 portico-info">
          {info.map(([term, value]) => (
            <div key={term} className="col-12 d-sm-flex py-1 border-bottom">
              <dt className="portico-info-term text-muted fw-normal">{term}</dt>
              <dd className="mb-0 flex-grow-1 min-w-0">{value}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section title="Request parameters">
        <Table
          head={['Name', 'Type', 'Required', 'Description']}
          empty="no request parameters"
          rows={api.request_params.map((p) => [
            <code>{p.name}</code>,
            p.type,
            isRequiredFlag(p.required) ? (
              <span className="badge text-bg-danger">yes</span>
            ) : (
              <span className="badge text-bg-secondary">no</span>
            ),
            p.description,
          ])}
        />
      </Section>

      <Section title="Request examples">
        <RequestExamples api={api} />
      </Section>

      <Section title="Response parameters">
        <Table
          head={['Name', 'Type', 'Description']}
          empty="no response parameters"
          rows={api.response_params.map((p) => [
            <code>{p.name ?? p.key}</code>,
            p.type,
            p.description,
          ])}
        />
      </Section>

      <Section title="Status codes">
        <Table
          head={['Code', 'Description']}
          empty="no specific status codes"
          rows={api.status_codes.map((c) => [<code>{c.code}</code>, c.description])}
        />
      </Section>

      {api.php_example && (
        <Section title="PHP example">
          <CodeBlock code={api.php_example} label="PHP example" />
        </Section>
      )}

      {api.response_example && (
        <Section title="Response example">
          <CodeBlock code={api.response_example} label="Response example" />
        </Section>
      )}
    </>
  );
}

export default function ApiDetailPage() {
  const params = useParams<{ id: string; name_en: string }>();
  const ref = apiRefFromParams(params.id, params.name_en);
  // currentData, not data: after moving to another API the previous one must not linger.
  const {
    currentData: data,
    error,
    isFetching,
  } = useGetApiDetailQuery(ref ?? { id: 0 }, {
    skip: !ref,
  });
  usePageTitle(data?.name ?? 'API detail');

  const back = (
    <Link to={paths.home} className="btn btn-link px-0 mb-3">
      ← Back to all APIs
    </Link>
  );
  if (!ref) {
    return (
      <>
        {back}
        <ErrorBanner messages={[NO_REFERENCE]} />
      </>
    );
  }
  return (
    <article className="portico-detail">
      {back}
      {error ? (
        <ErrorBanner messages={[detailErrorText(error)]} />
      ) : data ? (
        <Detail api={data} />
      ) : isFetching ? (
        <Loading />
      ) : null}
    </article>
  );
}
