import { positionAfter } from '@contracts/envelope';
import type { CallLog, CallLogFilters, CallStatus } from '@contracts/usage';
import { CALL_LOG_CURSOR, CALL_STATUSES } from '@contracts/usage';
import { Fragment, useState } from 'react';
import { Badge, Button, Col, Form, Row, Table } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { invalidMarks } from '../../components/ui/invalidMarks';
import CreditBadge from '../../components/ui/CreditBadge';
import PlanBadge from '../../components/ui/PlanBadge';
import ErrorBanner from '../../components/ui/ErrorBanner';
import Loading from '../../components/ui/Loading';
import Pagination from '../../components/ui/Pagination';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { HTML_LANG, useI18n, type UiKey } from '../../i18n';
import { apiTitle } from '../../lib/apiText';
import { formatTime } from '../../lib/formatTime';
import { formatYuan } from '../../lib/money';
import { useQueryParams } from '../../lib/useQueryParams';
import { exportAccessLogsUrl, useGetAccessLogOptionsQuery, useGetAccessLogsQuery } from './api';

const STATUS_TEXT: Record<CallStatus, UiKey> = {
  success: 'logs.statusSuccess',
  error: 'logs.statusError',
  refunded: 'logs.statusRefunded',
};
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The table's columns: a call's details row spans them all. */
const COLUMNS = 9;
const FILTER_NAMES = ['api_id', 'key_id', 'status', 'from', 'to'] as const;

const positive = (text: string | null) => {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The page and filters the URL holds; anything malformed there is ignored, not sent. */
export function filtersFrom(params: URLSearchParams): CallLogFilters & { page: number } {
  const status = params.get('status');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    page: positive(params.get('page')) ?? 1,
    api_id: positive(params.get('api_id')),
    key_id: positive(params.get('key_id')),
    status: CALL_STATUSES.find((s) => s === status),
    from: DAY.test(from) ? from : undefined,
    to: DAY.test(to) ? to : undefined,
  };
}

type FilterName = (typeof FILTER_NAMES)[number];

/**
 * Where the page starts when it was reached by "next": the previous page's last call (the URL's
 * `before`), so the server reads on from it instead of skipping the pages before.
 */
function positionFrom(params: URLSearchParams): string | undefined {
  const before = params.get('before') ?? '';
  return CALL_LOG_CURSOR.test(before) ? before : undefined;
}

/** Choices in the order of the names the page shows (the server sorts by the Chinese name). */
function byTitle(choices: [number, string][], locale: string): [number, string][] {
  const collator = new Intl.Collator(locale);
  return [...choices].sort((a, b) => collator.compare(a[1], b[1]));
}

function FilterSelect({
  name,
  label,
  value,
  choices,
  onChange,
}: {
  name: FilterName;
  label: string;
  value: string | number | undefined;
  choices: [string | number, string][];
  onChange: (name: FilterName, value: string) => void;
}) {
  const { t } = useI18n();
  return (
    <Col xs={name === 'status' ? 12 : 6} md>
      <Form.Group controlId={`logs-${name}`}>
        <Form.Label className="small mb-1">{label}</Form.Label>
        <Form.Select size="sm" value={value ?? ''} onChange={(e) => onChange(name, e.target.value)}>
          <option value="">{t('logs.all')}</option>
          {choices.map(([id, text]) => (
            <option key={id} value={id}>
              {text}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </Col>
  );
}

function CostCell({ log }: { log: CallLog }) {
  const { t } = useI18n();
  if (log.charge === 'refunded') {
    return (
      <span data-testid={`charge-${log.id}`}>
        <span className="text-body-secondary">{formatYuan(log.cost)}</span>{' '}
        <Badge bg="warning" text="dark">
          {t('logs.refunded')}
        </Badge>
      </span>
    );
  }
  // A call the plan's included calls paid for moved no money: its price is not what it cost.
  if (log.charged_from === 'plan') {
    return (
      <span data-testid={`charge-${log.id}`} className="text-body-secondary">
        {formatYuan(log.cost)}
        <PlanBadge />
      </span>
    );
  }
  if (log.charge === 'free') {
    return (
      <span data-testid={`charge-${log.id}`} className="text-body-secondary">
        {t(log.charged_from === 'free' ? 'logs.freeQuota' : 'logs.free')}
      </span>
    );
  }
  return (
    <span data-testid={`charge-${log.id}`} className="fw-semibold">
      {formatYuan(log.cost)}
      {log.charged_from === 'credit' && <CreditBadge />}
    </span>
  );
}

export default function AccessLogsPage() {
  const { t, errorText, lang } = useI18n();
  usePageTitle(t('logs.title'));
  const [params, setParams] = useQueryParams();
  const query = filtersFrom(params);
  const { page, ...filters } = query;
  const badRange = !!filters.from && !!filters.to && filters.from > filters.to;
  const before = positionFrom(params);
  const { data, error, isLoading, isFetching } = useGetAccessLogsQuery(
    { ...query, before },
    {
      refetchOnMountOrArgChange: true,
      skip: badRange,
    },
  );
  const { data: options } = useGetAccessLogOptionsQuery();
  // Calls whose address, user agent and request id are shown (SPEC's columns, behind a toggle).
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setExpanded((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const setFilter = (name: FilterName, value: string) => {
    setParams((next) => {
      if (value) next.set(name, value);
      else next.delete(name);
      next.delete('page');
      next.delete('before');
    });
  };
  const keyName = (log: CallLog) =>
    log.key_id === null
      ? t('logs.noKey')
      : log.key_name === '' || log.key_name === null
        ? t('logs.defaultKey')
        : log.key_name;

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{t('logs.title')}</h1>
        <Link to={paths.userStatements} className="btn btn-outline-secondary btn-sm">
          {t('logs.statements')}
        </Link>
        <Button
          as="a"
          variant="outline-primary"
          size="sm"
          href={exportAccessLogsUrl(filters)}
          download
          data-testid="logs-export"
        >
          {t('logs.export')}
        </Button>
      </div>
      <Form
        role="search"
        aria-label={t('logs.filters')}
        className="mb-3"
        onSubmit={(e) => e.preventDefault()}
      >
        <Row className="g-2 align-items-end">
          <FilterSelect
            name="api_id"
            label={t('logs.filterApi')}
            value={filters.api_id}
            choices={byTitle(
              options?.apis.map((api) => [api.id, apiTitle(api, lang)]) ?? [],
              HTML_LANG[lang],
            )}
            onChange={setFilter}
          />
          <FilterSelect
            name="key_id"
            label={t('logs.filterKey')}
            value={filters.key_id}
            choices={
              options?.keys.map((key) => [
                key.id,
                key.is_default && !key.name ? t('logs.defaultKey') : key.name,
              ]) ?? []
            }
            onChange={setFilter}
          />
          <FilterSelect
            name="status"
            label={t('logs.filterStatus')}
            value={filters.status}
            choices={CALL_STATUSES.map((status) => [status, t(STATUS_TEXT[status])])}
            onChange={setFilter}
          />
          {(['from', 'to'] as const).map((name) => (
            <Col xs={6} md key={name}>
              <Form.Group controlId={`logs-${name}`}>
                <Form.Label className="small mb-1">{t(`logs.${name}`)}</Form.Label>
                <Form.Control
                  size="sm"
                  type="date"
                  value={filters[name] ?? ''}
                  {...invalidMarks(badRange && 'logs-range-error')}
                  onChange={(e) => setFilter(name, e.target.value)}
                />
              </Form.Group>
            </Col>
          ))}
          <Col xs="auto">
            <Button
              size="sm"
              variant="outline-secondary"
              disabled={FILTER_NAMES.every((name) => filters[name] === undefined)}
              onClick={() =>
                setParams((next) => [...next.keys()].forEach((key) => next.delete(key)))
              }
            >
              {t('logs.reset')}
            </Button>
          </Col>
        </Row>
        {badRange && (
          <div className="invalid-feedback d-block" role="alert" id="logs-range-error">
            {t('logs.badRange')}
          </div>
        )}
      </Form>
      {badRange ? null : isLoading ? (
        <Loading />
      ) : error || !data ? (
        <ErrorBanner messages={[errorText(error, 'logs.failed')]} />
      ) : (
        <>
          <p className="text-muted" data-testid="logs-total">
            {t(data.total_capped ? 'logs.totalCapped' : 'logs.total', {
              count: data.total.toLocaleString(HTML_LANG[lang]),
            })}
          </p>
          {data.logs.length === 0 ? (
            <p className="text-muted">{t('logs.empty')}</p>
          ) : (
            <Table
              bordered
              hover
              responsive
              size="sm"
              className={`portico-stack-table portico-call-log align-middle${isFetching ? ' opacity-50' : ''}`}
            >
              <thead>
                <tr>
                  <th>
                    {t('logs.time')}{' '}
                    <span className="fw-normal text-body-secondary">({data.time_zone})</span>
                  </th>
                  <th>{t('logs.id')}</th>
                  <th>{t('logs.apiName')}</th>
                  <th>{t('logs.key')}</th>
                  <th>{t('logs.status')}</th>
                  <th>{t('logs.cost')}</th>
                  <th>{t('logs.latency')}</th>
                  <th>{t('logs.url')}</th>
                  <th>
                    <span className="visually-hidden">{t('logs.details')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.logs.map((log) => {
                  const open = expanded.has(log.id);
                  return (
                    <Fragment key={log.id}>
                      <tr
                        className={log.charge === 'refunded' ? 'portico-row-refunded' : undefined}
                        data-charge={log.charge}
                      >
                        <td data-label={t('logs.time')} className="portico-call-time">
                          {formatTime(log.access_time, HTML_LANG[lang], data.time_zone)}
                        </td>
                        <td data-label={t('logs.id')}>{log.id}</td>
                        <td data-label={t('logs.apiName')} className="portico-call-name">
                          {apiTitle({ name: log.api_name, title_en: log.api_title_en }, lang) ||
                            t('logs.unknownApi')}
                        </td>
                        <td data-label={t('logs.key')} className="text-nowrap">
                          {keyName(log)}
                        </td>
                        <td data-label={t('logs.status')}>
                          <Badge bg={log.status_code < 400 ? 'success' : 'danger'}>
                            {log.status_code}
                          </Badge>
                        </td>
                        <td data-label={t('logs.cost')} className="portico-call-wrap">
                          <CostCell log={log} />
                        </td>
                        <td data-label={t('logs.latency')} className="text-nowrap">
                          {t('logs.ms', { ms: log.latency_ms })}
                        </td>
                        <td
                          data-label={t('logs.url')}
                          className="portico-clip"
                          title={log.access_url}
                        >
                          <span className="small">{log.access_url}</span>
                        </td>
                        <td className="portico-call-toggle">
                          <Button
                            size="sm"
                            variant="outline-secondary"
                            aria-expanded={open}
                            aria-controls={`call-details-${log.id}`}
                            aria-label={t(open ? 'logs.hideDetails' : 'logs.showDetails', {
                              id: log.id,
                            })}
                            onClick={() => toggle(log.id)}
                          >
                            {t(open ? 'logs.hide' : 'logs.details')}
                          </Button>
                        </td>
                      </tr>
                      <tr
                        id={`call-details-${log.id}`}
                        className="portico-call-details"
                        hidden={!open}
                      >
                        <td colSpan={COLUMNS}>
                          <dl className="row small mb-0">
                            <dt className="col-sm-3 col-lg-2">{t('logs.ip')}</dt>
                            <dd className="col-sm-9 col-lg-10">{log.ip_address}</dd>
                            <dt className="col-sm-3 col-lg-2">{t('logs.userAgent')}</dt>
                            <dd className="col-sm-9 col-lg-10 text-break">{log.user_agent}</dd>
                            <dt className="col-sm-3 col-lg-2">{t('logs.url')}</dt>
                            <dd className="col-sm-9 col-lg-10 text-break">{log.access_url}</dd>
                            {log.request_id && (
                              <>
                                <dt className="col-sm-3 col-lg-2">{t('logs.requestId')}</dt>
                                <dd className="col-sm-9 col-lg-10 text-break font-monospace">
                                  {log.request_id}
                                </dd>
                              </>
                            )}
                          </dl>
                        </td>
                      </tr>
                    </Fragment>
                  );
                })}
              </tbody>
            </Table>
          )}
          <Pagination
            page={page}
            totalPages={data.total_pages}
            label={t('logs.pages')}
            onChange={(next) => {
              setParams((updated) => {
                updated.set('page', String(next));
                // The next page is read from this page's last call: no rows skipped, and new
                // calls meanwhile do not shift it.
                const before = next === page + 1 ? positionAfter(data, page) : null;
                if (before) updated.set('before', before);
                else updated.delete('before');
              });
            }}
          />
        </>
      )}
    </>
  );
}
