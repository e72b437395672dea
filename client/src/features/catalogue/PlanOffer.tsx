import { PLAN_WINDOWS, type PlanView } from '@contracts/plans';
import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';
import { useI18n } from '../../i18n';
import { formatCount } from '../../lib/formatCount';
import { inLanguage } from '../../lib/inLanguage';
import { formatPrice } from '../../lib/money';

/** What a plan covers, as the page can name it: a category's name, the listed APIs' names. */
export interface PlanScopeNames {
  /** The category's name in the page's language; undefined while unknown. */
  category?: string;
  /** The names of the listed APIs that could be looked up; undefined while unknown. */
  apis?: string[];
}

/** Whether 0 yuan: "0.000". */
export const isFree = (plan: PlanView) => Number(plan.price) === 0;

function ScopeLine({ plan, names }: { plan: PlanView; names: PlanScopeNames }) {
  const { t, lang } = useI18n();
  if (plan.scope === 'all') return <>{t('pricing.scope.all')}</>;
  if (plan.scope === 'category') {
    return (
      <>
        {names.category
          ? t('pricing.scope.category', { category: names.category })
          : t('pricing.scope.someCategory')}
      </>
    );
  }
  const known = names.apis ?? [];
  if (known.length === 0)
    return <>{t('pricing.scope.countApis', { count: plan.api_ids.length })}</>;
  const more = plan.api_ids.length - known.length;
  const separator = lang === 'zh' ? '、' : ', ';
  return (
    <>
      {t('pricing.scope.apis', {
        names: [...known, ...(more > 0 ? [t('pricing.scope.moreApis', { count: more })] : [])].join(
          separator,
        ),
      })}
    </>
  );
}

/**
 * One plan on the pricing page: its name, description and price a period, what it includes, for
 * which APIs and what happens past the included calls; `action` (subscribe, or the reader's
 * own plan) in its footer. The reader's plan is marked.
 */
export default function PlanOffer({
  plan,
  names,
  yours,
  action,
}: {
  plan: PlanView;
  names: PlanScopeNames;
  yours: boolean;
  action: ReactNode;
}) {
  const { t, lang } = useI18n();
  const name = inLanguage(plan.name, plan.name_en, lang);
  const description = inLanguage(plan.description, plan.description_en, lang);
  return (
    <Card
      className={`h-100${yours ? ' border-primary border-2' : ''}`}
      data-testid={`plan-${plan.id}`}
      aria-labelledby={`plan-${plan.id}-name`}
      as="section"
    >
      <Card.Body className="d-flex flex-column">
        <div className="d-flex flex-wrap align-items-start justify-content-between gap-2 mb-2">
          <h2 className="h5 mb-0 text-break" id={`plan-${plan.id}-name`}>
            {name}
          </h2>
          {yours && <span className="badge text-bg-primary">{t('pricing.yours')}</span>}
        </div>
        <p className="mb-2" data-testid={`plan-${plan.id}-price`}>
          {isFree(plan) ? (
            <span className="fs-3 fw-semibold">{t('pricing.free')}</span>
          ) : (
            <>
              <span className="fs-3 fw-semibold">{formatPrice(plan.price)}</span>{' '}
              <span className="text-body-secondary">{t(`pricing.per.${plan.period}`)}</span>
            </>
          )}
        </p>
        {description && <p className="text-body-secondary text-break">{description}</p>}
        <ul className="list-unstyled d-grid gap-2 mb-3">
          <li className="fw-semibold">
            {t(`pricing.included.${plan.period}`, { count: formatCount(plan.included_calls) })}
          </li>
          {PLAN_WINDOWS.map((w) => {
            const limit = plan[`${w}_limit`];
            return (
              limit !== null && (
                <li key={w} data-testid={`plan-${plan.id}-${w}-limit`}>
                  {t(`pricing.limit.${w}`, { count: formatCount(limit) })}
                </li>
              )
            );
          })}
          <li>
            <ScopeLine plan={plan} names={names} />
          </li>
          <li className={plan.overage === 'stop' ? 'text-warning-emphasis' : undefined}>
            {plan.overage === 'pay' && plan.overage_price !== null
              ? t('pricing.overage.price', { price: formatPrice(plan.overage_price) })
              : t(`pricing.overage.${plan.overage}`)}
          </li>
          {plan.overage === 'stop' && PLAN_WINDOWS.some((w) => plan[`${w}_limit`] !== null) && (
            <li className="text-warning-emphasis">{t('pricing.limits.stop')}</li>
          )}
        </ul>
        <div className="mt-auto">{action}</div>
      </Card.Body>
    </Card>
  );
}
