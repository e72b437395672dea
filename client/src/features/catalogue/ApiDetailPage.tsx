import type { ApiDetail, ApiRef } from '@contracts/apis';
import { isRequiredFlag } from '@contracts/list-fields';
import {
  absoluteUrl,
  buildRequestModel,
  KEY_PLACEHOLDER,
  type ParamValues,
} from '@contracts/request-examples';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import ErrorBanner from '../../components/ui/ErrorBanner';
import Loading from '../../components/ui/Loading';
import Translated from '../../components/ui/Translated';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { paths } from '../../config/paths';
import { useI18n, type UiKey } from '../../i18n';
import { errorStatus } from '../../lib/api';
import { useGetApiDetailQuery } from './api';
import CodeBlock from './CodeBlock';
import RequestExamples from './RequestExamples';
import ApiConsole from './ApiConsole';
import { useAppSelector } from '../../app/store';
import { selectUser } from '../../app/authSlice';
import { useSignedIn } from '../../app/useSignedIn';
import { formatYuan } from '../../lib/money';
import { useOrigin } from '../../lib/ssr';
import NotFoundPage from '../../app/NotFoundPage';
import { apiDescription, apiTitle } from '../../lib/apiText';
import { formatCount } from '../../lib/formatCount';
import { HealthFigures } from './ApiHealth';
import { BODY_FORMAT_TEXT, bodyFormatOf, consoleStartValues } from './requestFormat';

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

/** SPEC §8's three cases: not found, another status, or no answer at all. */
export function detailError(error: unknown): [UiKey, { status?: number }] {
  const status = errorStatus(error);
  if (status === 404) return ['api.notFound', {}];
  if (status !== undefined) return ['api.failedStatus', { status }];
  return ['api.noResponse', {}];
}

function Section({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <section className="card mb-4">
      <div className="card-header bg-body">
        <h2 className="h6 mb-0">{title}</h2>
        {note && <p className="small text-muted mb-0 mt-1">{note}</p>}
      </div>
      <div className="card-body">{children}</div>
    </section>
  );
}

const cellClass = (column: number, columns: number) =>
  column === 0 ? 'portico-name-cell' : column < columns - 1 ? 'text-nowrap' : undefined;

function Table({ head, rows, empty }: { head: string[]; rows: ReactNode[][]; empty: string }) {
  if (rows.length === 0) return <p className="text-muted mb-0">{empty}</p>;
  return (
    <div className="portico-stack-table">
      <table className="table table-sm table-striped align-middle mb-0">
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="text-nowrap">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            <tr key={i}>
              {cells.map((cell, j) => (
                // data-label names the column when a phone shows each row as a stack. The short
                // middle columns (type, required) stay on one line; a name stays whole unless it
                // is longer than its column can hold; the last one (a description) takes the rest.
                <td key={j} data-label={head[j]} className={cellClass(j, cells.length)}>
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

/** The try-it console and the examples, both from one set of values (one request model). */
function TryIt({ api }: { api: ApiDetail }) {
  const { t } = useI18n();
  const origin = useOrigin();
  const signedIn = useSignedIn();
  const user = useAppSelector(selectUser);
  const apiKey = signedIn ? user.api_key : null;
  const [values, setValues] = useState<ParamValues>(() => consoleStartValues(api));
  // The key is shown in the examples only when asked for (a screen share must not show it); until
  // then they carry the placeholder, and their copy buttons copy the real key.
  const [keyShown, setKeyShown] = useState(false);
  const model = useMemo(
    () => buildRequestModel(api, values, origin, apiKey),
    [api, values, origin, apiKey],
  );
  const shownModel = useMemo(
    () => (apiKey && !keyShown ? buildRequestModel(api, values, origin, KEY_PLACEHOLDER) : model),
    [api, values, origin, apiKey, keyShown, model],
  );
  return (
    <>
      <Section title={t('console.title')}>
        <ApiConsole
          api={api}
          values={values}
          onChange={setValues}
          apiKey={apiKey}
          signedIn={signedIn}
        />
      </Section>
      <Section title={t('api.requestExamples')}>
        <RequestExamples
          api={api}
          model={shownModel}
          copyModel={model}
          keyFilled={apiKey !== null}
          keyShown={keyShown}
          onKeyShown={setKeyShown}
        />
      </Section>
    </>
  );
}

function Detail({ api }: { api: ApiDetail }) {
  const { t, lang } = useI18n();
  const origin = useOrigin();
  const endpoint = absoluteUrl(api.endpoint, origin);
  const example = api.example_url ? absoluteUrl(api.example_url, origin) : '';
  // A disabled API keeps its documentation, but nothing on the page offers a call or a document
  // that would be refused.
  const available = api.status !== 0;
  const bodyFormat = bodyFormatOf(api);
  const bodyFormatText = bodyFormat && t(BODY_FORMAT_TEXT[bodyFormat]);
  const info: [string, ReactNode][] = [
    [t('api.description'), apiDescription(api, lang) || '—'],
    [t('api.endpoint'), <code className="text-break">{endpoint}</code>],
    [
      t('api.exampleUrl'),
      // A link only where opening it works: a free GET call needs no key and no body.
      example && available && !api.is_paid && api.request_method === 'GET' ? (
        // /apis/* is served by the server, so this is a plain link the router leaves alone.
        <a href={example} target="_blank" rel="noopener noreferrer" className="text-break">
          {example}
        </a>
      ) : example ? (
        <code className="text-break">{example}</code>
      ) : (
        '—'
      ),
    ],
    ...(available
      ? [
          [
            t('api.openapi'),
            // A server route (like /apis/*): a plain link that downloads the API's own document.
            <a href={`/openapi/${api.name_en}.json`} download={`${api.name_en}.openapi.json`}>
              {t('api.openapiDownload', { file: `${api.name_en}.openapi.json` })}
            </a>,
          ] as [string, ReactNode],
        ]
      : []),
    [t('api.responseFormat'), api.response_format],
    [t('api.requestMethod'), <span className="badge text-bg-primary">{api.request_method}</span>],
    ...(bodyFormatText ? [[t('api.requestBody'), bodyFormatText] as [string, ReactNode]] : []),
    [
      t('api.price'),
      api.is_paid
        ? [
            t('api.pricePerCall', { price: formatYuan(api.price_per_call) }),
            ...(api.free_quota_calls
              ? [
                  t(`api.freeQuota.${api.free_quota_period ?? 'day'}`, {
                    count: api.free_quota_calls,
                  }),
                ]
              : []),
          ].join(' · ')
        : t('api.free'),
    ],
    [t('api.callCount'), formatCount(api.usage_count)],
    ...(api.health
      ? [[t('api.health'), <HealthFigures health={api.health} />] as [string, ReactNode]]
      : []),
    // Days, in UTC: the same text on the server and in every browser.
    [t('api.created'), api.created_at.slice(0, 10)],
    [t('api.updated'), api.updated_at.slice(0, 10)],
  ];
  return (
    <>
      <header className="mb-4">
        <h1 className="h3 mb-1">{apiTitle(api, lang)}</h1>
        <p className="text-muted mb-0">
          <code>{api.name_en}</code>
          {api.is_paid ? (
            <span className="badge text-bg-primary ms-2">{t('api.paid')}</span>
          ) : (
            <span className="badge text-bg-success ms-2">{t('api.free')}</span>
          )}
        </p>
        {!available ? (
          <p className="alert alert-warning mt-3 mb-0" role="status" data-testid="api-unavailable">
            {t('api.unavailableNotice')}
          </p>
        ) : api.maintenance ? (
          <p className="alert alert-warning mt-3 mb-0" role="status">
            {t('health.maintenanceNotice')}
          </p>
        ) : null}
      </header>

      {/* Phones read the summary, then try the API, then the reference. From 1200 px the console
          (with its examples) stays in view beside the documentation. */}
      <div className={available ? 'portico-detail-grid' : undefined}>
        <div className="portico-detail-summary">
          <Section title={t('api.basicInfo')}>
            <dl className="row mb-0 portico-info">
              {info.map(([term, value]) => (
                <div key={term} className="col-12 d-sm-flex py-1 border-bottom">
                  <dt className="portico-info-term text-muted fw-normal">{term}</dt>
                  <dd className="mb-0 flex-grow-1 min-w-0">{value}</dd>
                </div>
              ))}
            </dl>
          </Section>
        </div>

        {available && (
          <div className="portico-detail-try">
            <TryIt key={api.id} api={api} />
          </div>
        )}

        <div className="portico-detail-docs">
          <Section
            title={t('api.requestParams')}
            note={
              bodyFormatText && api.request_params.length > 0
                ? t('api.bodyFormat', { format: bodyFormatText })
                : undefined
            }
          >
            <Table
              head={[
                t('api.colName'),
                t('api.colType'),
                t('api.colRequired'),
                t('api.colDescription'),
              ]}
              empty={t('api.noRequestParams')}
              rows={api.request_params.map((p) => [
                <>
                  <code>{p.name}</code>
                  {p.in === 'path' && (
                    <span className="badge text-bg-light border ms-1">{t('api.pathParam')}</span>
                  )}
                </>,
                p.type,
                isRequiredFlag(p.required) ? (
                  <span className="badge text-bg-danger">{t('api.yes')}</span>
                ) : (
                  <span className="badge text-bg-secondary">{t('api.no')}</span>
                ),
                <Translated row={p} />,
              ])}
            />
          </Section>

          <Section title={t('api.responseParams')}>
            <Table
              head={[t('api.colName'), t('api.colType'), t('api.colDescription')]}
              empty={t('api.noResponseParams')}
              rows={api.response_params.map((p) => [
                <code>{p.name ?? p.key}</code>,
                p.type,
                <Translated row={p} />,
              ])}
            />
          </Section>

          <Section title={t('api.statusCodes')}>
            <Table
              head={[t('api.colCode'), t('api.colDescription')]}
              empty={t('api.noStatusCodes')}
              rows={api.status_codes.map((c) => [<code>{c.code}</code>, <Translated row={c} />])}
            />
          </Section>

          <Section title={t('api.phpExample')} note={t('api.authorExampleNote')}>
            {api.php_example ? (
              <CodeBlock code={api.php_example} label={t('api.phpExample')} />
            ) : (
              <p className="text-muted mb-0">{t('api.noPhpExample')}</p>
            )}
          </Section>
          <Section title={t('api.responseExample')} note={t('api.responseExampleNote')}>
            {api.response_example ? (
              <CodeBlock code={api.response_example} label={t('api.responseExample')} />
            ) : (
              <p className="text-muted mb-0">{t('api.noResponseExample')}</p>
            )}
          </Section>
        </div>
      </div>
    </>
  );
}

export default function ApiDetailPage() {
  const { t, lang } = useI18n();
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
  usePageTitle(data ? apiTitle(data, lang) : t('api.detailTitle'));

  const back = (
    <Link to={paths.home} className="btn btn-link px-0 mb-3">
      {t('api.back')}
    </Link>
  );
  if (!ref) {
    return (
      <>
        {back}
        <ErrorBanner messages={[t('api.noReference')]} />
      </>
    );
  }
  return (
    <article className="portico-detail">
      {back}
      {errorStatus(error) === 404 ? (
        <NotFoundPage message={t('api.notFound')} />
      ) : error ? (
        <ErrorBanner messages={[t(...detailError(error))]} />
      ) : data ? (
        <Detail api={data} />
      ) : isFetching ? (
        <Loading />
      ) : null}
    </article>
  );
}
