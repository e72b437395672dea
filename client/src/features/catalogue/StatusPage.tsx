import { STATUS_DAYS, successRate } from '@contracts/health';
import type { StatusApi, StatusDay, StatusIncident, StatusPage as Status } from '@contracts/health';
import { Link } from 'react-router-dom';
import ErrorBanner from '../../components/ui/ErrorBanner';
import Loading from '../../components/ui/Loading';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { paths } from '../../config/paths';
import { useI18n } from '../../i18n';
import { formatCount } from '../../lib/formatCount';
import { HealthState } from './ApiHealth';
import { apiTitle } from '../../lib/apiText';
import { useGetStatusQuery } from './api';

const DAY_MS = 86_400_000;
/** The days a phone shows (the last 30); wider screens show all 90. */
const PHONE_DAYS = 30;

/** A time as the page writes it, the same on the server and in every browser: UTC. */
const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** Success per cent of a day that had calls. */
const dayRate = (day: StatusDay) => successRate(day.calls, day.failures)!;

/** Each bar's classes, written out whole: the CSS purge keeps only literal class names. */
function barClass(day: StatusDay | undefined, index: number): string {
  const phone = index < STATUS_DAYS - PHONE_DAYS ? ' d-none d-md-block' : '';
  if (!day) return `portico-day${phone}`;
  const rate = dayRate(day);
  if (rate >= 95) return `portico-day portico-day-operational${phone}`;
  if (rate >= 50) return `portico-day portico-day-degraded${phone}`;
  return `portico-day portico-day-down${phone}`;
}

/** The 90 UTC days that end on the day of `updated` (the figures' own time, never the clock). */
function dayLabels(updated: string): string[] {
  const last = Date.parse(`${updated.slice(0, 10)}T00:00:00Z`);
  return Array.from({ length: STATUS_DAYS }, (_, i) =>
    new Date(last - (STATUS_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

function Bars({ api, labels }: { api: StatusApi; labels: string[] }) {
  const { t } = useI18n();
  const byDay = new Map(api.days.map((day) => [day.day, day]));
  return (
    <div>
      <div
        className="portico-days"
        role="img"
        aria-label={
          api.uptime === null
            ? t('status.noUptime')
            : t('status.barsLabel', { rate: String(api.uptime) })
        }
      >
        {labels.map((label, i) => {
          const day = byDay.get(label);
          return (
            <span
              key={label}
              className={barClass(day, i)}
              title={
                day
                  ? t('status.dayCalls', {
                      day: label,
                      rate: String(dayRate(day)),
                      calls: formatCount(day.calls),
                    })
                  : t('status.dayNone', { day: label })
              }
            />
          );
        })}
      </div>
      <div className="d-flex justify-content-between small text-muted mt-1" aria-hidden="true">
        <span className="d-none d-md-inline">
          {t('status.daysAgo', { days: String(STATUS_DAYS) })}
        </span>
        <span className="d-md-none">{t('status.daysAgo', { days: String(PHONE_DAYS) })}</span>
        <span>{t('status.today')}</span>
      </div>
    </div>
  );
}

function ApiRow({ api, labels }: { api: StatusApi; labels: string[] }) {
  const { t, lang } = useI18n();
  const measured = api.days.length > 0;
  const figures = [
    ...(api.maintenance ? [t('health.maintenance')] : []),
    ...(measured ? [t(`health.${api.state}`)] : []),
    api.uptime === null ? t('status.noUptime') : t('status.uptime', { rate: String(api.uptime) }),
    ...(api.p95_ms === null ? [] : [t('status.p95', { ms: String(api.p95_ms) })]),
  ];
  return (
    <li className="list-group-item py-3">
      <div className="d-flex align-items-baseline gap-2 min-w-0">
        <HealthState health={api} hideText />
        <Link to={paths.apiDetail(api.id, api.name_en)} className="fw-semibold text-break">
          {apiTitle(api, lang)}
        </Link>
      </div>
      <p className={measured ? 'small text-muted mb-2' : 'small text-muted mb-0'}>
        {figures.join(' · ')}
      </p>
      {measured && <Bars api={api} labels={labels} />}
    </li>
  );
}

function Incident({ incident }: { incident: StatusIncident }) {
  const { t, lang } = useI18n();
  return (
    <li className="list-group-item py-3" id={`incident-${incident.id}`}>
      <div className="d-flex flex-wrap align-items-baseline gap-2">
        <HealthState health={incident} />
        <Link to={paths.apiDetail(incident.api_id, incident.name_en)} className="fw-semibold">
          {apiTitle(incident, lang)}
        </Link>
      </div>
      <p className="mb-0 small text-muted">
        {incident.ended_at
          ? t('status.between', { start: utc(incident.started_at), end: utc(incident.ended_at) })
          : t('status.since', { time: utc(incident.started_at) })}
        {' · '}
        {incident.cause === 'probe' ? (
          t('status.probeFailed')
        ) : (
          <>
            {t('status.incidentFigures', {
              rate: String(incident.success_rate),
              calls: formatCount(incident.calls),
            })}
            {incident.p95_ms !== null &&
              ` · ${t('status.p95Short', { ms: String(incident.p95_ms) })}`}
          </>
        )}
      </p>
    </li>
  );
}

function Summary({ status }: { status: Status }) {
  const { t } = useI18n();
  const problems = status.apis.filter((api) => api.state === 'down' || api.state === 'degraded');
  const text =
    problems.length === 0
      ? t('status.allOperational')
      : problems.length === 1
        ? t('status.oneProblem')
        : t('status.someProblems', { count: String(problems.length) });
  return (
    <div
      className={
        problems.length === 0
          ? 'alert alert-success d-flex flex-wrap justify-content-between gap-2'
          : 'alert alert-warning d-flex flex-wrap justify-content-between gap-2'
      }
    >
      <strong>{text}</strong>
      <span className="small">{t('status.updated', { time: utc(status.updated_at) })}</span>
    </div>
  );
}

/** The public status page: every enabled API's state and 90 days of uptime, and its incidents. */
export default function StatusPage() {
  const { t, errorText } = useI18n();
  usePageTitle(t('status.title'));
  const { data, error, isLoading } = useGetStatusQuery();
  const labels = data ? dayLabels(data.updated_at) : [];
  const ongoing = data?.incidents.filter((incident) => !incident.ended_at) ?? [];
  const past = data?.incidents.filter((incident) => incident.ended_at) ?? [];
  return (
    <>
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{t('status.title')}</h1>
        <span className="small">
          <a href="/status.json">JSON</a>
          {' · '}
          <a href="/status.atom">{t('status.feed')}</a>
        </span>
      </div>
      {isLoading ? (
        <Loading />
      ) : error || !data ? (
        <ErrorBanner messages={[errorText(error, 'status.failed')]} />
      ) : (
        <>
          <Summary status={data} />
          {ongoing.length > 0 && (
            <section className="mb-4" aria-labelledby="status-ongoing">
              <h2 id="status-ongoing" className="h5">
                {t('status.ongoing')}
              </h2>
              <ul className="list-group">
                {ongoing.map((incident) => (
                  <Incident key={incident.id} incident={incident} />
                ))}
              </ul>
            </section>
          )}
          <section className="mb-4" aria-labelledby="status-apis">
            <h2 id="status-apis" className="h5">
              {t('status.apis')}
            </h2>
            {data.apis.length === 0 ? (
              <p className="text-muted">{t('status.noApis')}</p>
            ) : (
              <ul className="list-group">
                {data.apis.map((api) => (
                  <ApiRow key={api.id} api={api} labels={labels} />
                ))}
              </ul>
            )}
          </section>
          <section className="mb-4" aria-labelledby="status-past">
            <h2 id="status-past" className="h5">
              {t('status.past', { days: String(STATUS_DAYS) })}
            </h2>
            {past.length === 0 ? (
              <p className="text-muted">{t('status.noIncidents', { days: String(STATUS_DAYS) })}</p>
            ) : (
              <ul className="list-group">
                {past.map((incident) => (
                  <Incident key={incident.id} incident={incident} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </>
  );
}
