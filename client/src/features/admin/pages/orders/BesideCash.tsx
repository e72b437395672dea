import type { BesideCash as Figures } from '@contracts/recharge';
import { ORDERS } from '../../i18n/orders';

/** Money beside the recharges' cash in the period: plan periods sold, credit granted and expired. */
export default function BesideCash({ figures }: { figures: Figures }) {
  const text = ORDERS.reconciliation.besideCash;
  const rows: [string, string][] = [
    [text.planPeriods, String(figures.plan_periods)],
    [text.plansAmount, `¥${figures.plans_amount}`],
    [text.creditGranted, `¥${figures.credit_granted}`],
    [text.creditExpired, `¥${figures.credit_expired}`],
  ];
  return (
    <section aria-labelledby="reconciliation-beside-cash" className="mb-3">
      <h2 id="reconciliation-beside-cash" className="h6">
        {text.title}
      </h2>
      <dl className="row row-cols-2 row-cols-md-4 g-2 mb-0">
        {rows.map(([label, value]) => (
          <div key={label} className="col">
            <dt className="small text-body-secondary fw-normal">{label}</dt>
            <dd className="mb-0 fw-semibold">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
