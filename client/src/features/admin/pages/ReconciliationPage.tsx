import { Form } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import Loading from '../../../components/ui/Loading';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { adminErrorText } from '../errors';
import { COMMON } from '../i18n/common';
import { ORDERS } from '../i18n/orders';
import { STATEMENTS } from '../i18n/statements';
import { adminPaths } from '../paths';
import BesideCash from './orders/BesideCash';
import DaysTable from './orders/DaysTable';
import Mismatches from './orders/Mismatches';
import PeriodToolbar from './orders/PeriodToolbar';
import { useReconciliation } from './orders/useReconciliation';

/**
 * 充值对账: per UTC day what recharge saw and did, what the books do not explain, the plans and
 * credit beside the cash, and a CSV.
 */
export default function ReconciliationPage() {
  usePageTitle(ORDERS.reconciliation.title);
  const reconciliation = useReconciliation();
  const { period, report } = reconciliation;

  return (
    <section>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{ORDERS.reconciliation.title}</h1>
        {/* The nav has no room for another link: the monthly books open from the daily ones. */}
        <Link to={adminPaths.statements} className="btn btn-outline-secondary btn-sm">
          {STATEMENTS.title}
        </Link>
      </div>
      <PeriodToolbar
        period={period}
        report={report}
        csvUrl={reconciliation.csvUrl}
        onChange={reconciliation.setEnd}
      />
      {reconciliation.error ? (
        <div className="alert alert-danger" role="alert">
          {adminErrorText(reconciliation.error, { failed: ORDERS.reconciliation.failed })}
        </div>
      ) : reconciliation.isLoading || !report ? (
        <Loading label={COMMON.loading} />
      ) : (
        <>
          <p className="text-body-secondary">
            {ORDERS.reconciliation.period(report.from, report.to, !(period.from || period.to))}
          </p>
          <Mismatches mismatches={report.mismatches} />
          {report.beside_cash && <BesideCash figures={report.beside_cash} />}
          <Form.Check
            type="switch"
            id="reconciliation-quiet-days"
            className="mb-2"
            label={ORDERS.reconciliation.quietDays}
            checked={reconciliation.quietDaysShown}
            onChange={(e) => reconciliation.setQuietDaysShown(e.target.checked)}
          />
          <DaysTable days={reconciliation.days} totals={report.totals} />
          {reconciliation.isFetching && <Loading label={COMMON.loading} />}
        </>
      )}
    </section>
  );
}
