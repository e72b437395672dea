import type { MonthlyStatement } from '@contracts/statements';
import { Button, Card, Form, Table } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import ErrorBanner from '../../../components/ui/ErrorBanner';
import Loading from '../../../components/ui/Loading';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { HTML_LANG, useI18n } from '../../../i18n';
import { apiTitle } from '../../../lib/apiText';
import { formatYuan } from '../../../lib/money';
import { useQueryParams } from '../../../lib/useQueryParams';
import { exportStatementUrl, useGetMonthlyStatementQuery } from '../api';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Every month from the account's first to `last`, newest first. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = last.split('-').map(Number);
  for (let n = 0; n < 600; n += 1) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key <= first) break;
    month -= 1;
    if (month === 0) [year, month] = [year - 1, 12];
  }
  return months;
}

/** A month as the page's language names it: "November 2026", "2026年11月". */
function monthName(month: string, locale: string): string {
  const [year, index] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, index - 1, 1)));
}

/** A figure as it moves the balance: money in with +, money out (and a negative adjustment) with −. */
function signed(name: string, amount: string): string {
  if (name === 'opening') return formatYuan(amount);
  if (name === 'charged' || name === 'plans') return `− ${formatYuan(amount)}`;
  return amount.startsWith('-') ? `− ${formatYuan(amount.slice(1))}` : `+ ${formatYuan(amount)}`;
}

/** The figures, in the order they add up: opening, money in, money out, closing. */
function Figures({ statement }: { statement: MonthlyStatement }) {
  const { t } = useI18n();
  const rows: [string, string, string][] = [
    ['opening', t('statement.opening'), statement.opening_balance],
    ['recharged', t('statement.recharged'), statement.recharged],
    ['adjusted', t('statement.adjusted'), statement.adjusted],
    ['redeemed', t('statement.redeemed'), statement.redeemed],
    ['referred', t('statement.referred'), statement.referred],
    ['plans', t('statement.plans'), statement.plans],
    ['charged', t('statement.charged'), statement.charged],
  ];
  return (
    <Table className="mb-0 portico-statement-figures" data-testid="statement-figures">
      <tbody>
        {rows.map(([name, label, amount]) => (
          <tr key={name} data-figure={name}>
            <th scope="row" className="fw-normal">
              {label}
            </th>
            <td className="text-end text-nowrap">{signed(name, amount)}</td>
          </tr>
        ))}
        <tr data-figure="closing" className="fw-semibold">
          <th scope="row">
            {t(statement.running ? 'statement.closingSoFar' : 'statement.closing')}
          </th>
          <td className="text-end text-nowrap">{formatYuan(statement.closing_balance)}</td>
        </tr>
      </tbody>
    </Table>
  );
}

/** A month of the user's money: figures that add up, calls by API, a CSV and a print view. */
export default function StatementsPage() {
  const { t, errorText, lang } = useI18n();
  usePageTitle(t('statement.title'));
  const [params, setParams] = useQueryParams();
  const asked = params.get('month') ?? '';
  const month = MONTH.test(asked) ? asked : undefined;
  const { data, error, isLoading, isFetching } = useGetMonthlyStatementQuery(month, {
    refetchOnMountOrArgChange: true,
  });
  const locale = HTML_LANG[lang];
  // While another month loads, the page keeps the month list and shows no stale figures.
  const shown = data && (!month || data.month === month) ? data : undefined;

  return (
    <div className="portico-printable">
      <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{t('statement.title')}</h1>
        {data && (
          <div className="d-flex flex-wrap align-items-end gap-2 d-print-none">
            <Form.Group controlId="statement-month">
              <Form.Label className="small mb-1">{t('statement.month')}</Form.Label>
              <Form.Select
                size="sm"
                value={month ?? data.month}
                onChange={(e) => {
                  const { value } = e.target;
                  setParams((next) => next.set('month', value));
                }}
              >
                {monthsBetween([data.first_month, data.month].sort()[0], data.current_month).map(
                  (key) => (
                    <option key={key} value={key}>
                      {monthName(key, locale)}
                    </option>
                  ),
                )}
              </Form.Select>
            </Form.Group>
            <Button
              as="a"
              variant="outline-primary"
              size="sm"
              href={exportStatementUrl(month ?? data.month)}
              download
              data-testid="statement-export"
            >
              {t('statement.export')}
            </Button>
            <Button variant="outline-secondary" size="sm" onClick={() => window.print()}>
              {t('statement.print')}
            </Button>
          </div>
        )}
      </div>
      <ErrorBanner messages={[error ? errorText(error, 'statement.failed') : null]} />
      {error && month && (
        <Link to={paths.userStatements} className="btn btn-outline-primary btn-sm mb-3">
          {t('statement.thisMonth')}
        </Link>
      )}
      {isLoading || (isFetching && !shown) ? (
        <Loading />
      ) : (
        shown && (
          <>
            <p className="text-body-secondary small" data-testid="statement-period">
              {t('statement.period', {
                month: monthName(shown.month, locale),
                zone: shown.time_zone,
              })}
              {shown.running && <> {t('statement.running')}</>}
            </p>
            <Card className="mb-4 portico-statement-card">
              <Card.Body>
                <Figures statement={shown} />
              </Card.Body>
            </Card>
            <h2 className="h5">{t('statement.byApi')}</h2>
            {shown.lines.length === 0 ? (
              <p className="text-body-secondary">{t('statement.noCalls')}</p>
            ) : (
              <Table responsive size="sm" className="align-middle" data-testid="statement-lines">
                <thead>
                  <tr>
                    <th scope="col">{t('statement.api')}</th>
                    <th scope="col" className="text-end text-nowrap">
                      {t('statement.paidCalls')}
                    </th>
                    <th scope="col" className="text-end text-nowrap">
                      {t('statement.freeCalls')}
                    </th>
                    <th scope="col" className="text-end text-nowrap">
                      {t('statement.amount')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.lines.map((line) => {
                    const title = apiTitle(
                      { name: line.api_name, title_en: line.api_title_en },
                      lang,
                    );
                    return (
                      <tr key={line.api_id}>
                        <td className="portico-break-anywhere">{title || t('logs.unknownApi')}</td>
                        <td className="text-end">{line.calls.toLocaleString(locale)}</td>
                        <td className="text-end">{line.free_calls.toLocaleString(locale)}</td>
                        <td className="text-end text-nowrap">{formatYuan(line.charged)}</td>
                      </tr>
                    );
                  })}
                </tbody>
                <tfoot>
                  <tr className="fw-semibold">
                    <th scope="row">{t('statement.total')}</th>
                    <td className="text-end">{shown.calls.toLocaleString(locale)}</td>
                    <td className="text-end">{shown.free_calls.toLocaleString(locale)}</td>
                    <td className="text-end text-nowrap">{formatYuan(shown.charged)}</td>
                  </tr>
                </tfoot>
              </Table>
            )}
          </>
        )
      )}
    </div>
  );
}
