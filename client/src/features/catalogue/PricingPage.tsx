import type { PlanView, SubscribedPlan, SubscriptionView } from '@contracts/plans';
import { useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { useUserPlan } from '../../app/usePlan';
import { useSignedIn } from '../../app/useSignedIn';
import ErrorBanner from '../../components/ui/ErrorBanner';
import Loading from '../../components/ui/Loading';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { paths } from '../../config/paths';
import { useI18n } from '../../i18n';
import { apiTitle } from '../../lib/apiText';
import { formatCount } from '../../lib/formatCount';
import { inLanguage } from '../../lib/inLanguage';
import { formatYuan } from '../../lib/money';
import { useGetApiListQuery, useGetCategoriesQuery, useGetPlansQuery } from './api';
import { PRICING_APIS_QUERY } from './listQueries';
import PlanOffer, { type PlanScopeNames } from './PlanOffer';
import SubscribeDialog from './SubscribeDialog';

/** Where a visitor signs in to subscribe, coming back here after. */
const SIGN_IN_TO_SUBSCRIBE = `${paths.login}?redirect=${encodeURIComponent(paths.pricing)}`;

/** The names the plans' scopes need: categories only if a plan has one, APIs if one lists some. */
export function pricingNeeds(plans: readonly PlanView[]) {
  return {
    categories: plans.some((plan) => plan.scope === 'category'),
    apis: plans.some((plan) => plan.scope === 'apis'),
  };
}

/** The footer of a plan's card: subscribe, sign in first, or the reader's own plan's dates. */
function OfferAction({
  plan,
  signedIn,
  running,
  onSubscribe,
}: {
  plan: PlanView;
  signedIn: boolean;
  running: SubscriptionView | null;
  onSubscribe: () => void;
}) {
  const { t, time } = useI18n();
  if (!signedIn) {
    return (
      <Link to={SIGN_IN_TO_SUBSCRIBE} className="btn btn-outline-primary w-100">
        {t('pricing.signIn')}
      </Link>
    );
  }
  if (running?.plan.id === plan.id) {
    return (
      <p className="mb-0 small fw-semibold text-primary-emphasis" data-testid="plan-yours">
        {running.auto_renew
          ? t('pricing.renews', { time: time(running.period_end) })
          : t('pricing.ends', { time: time(running.period_end) })}
      </p>
    );
  }
  return (
    <>
      <Button className="w-100" disabled={running !== null} onClick={onSubscribe}>
        {t('pricing.subscribe')}
      </Button>
      {running && <p className="small text-body-secondary mt-2 mb-0">{t('pricing.later')}</p>}
    </>
  );
}

/**
 * The plans on offer (public, server-rendered): a price a period for a number of calls of some
 * paid APIs. A signed-in reader subscribes from the balance, after a confirmation, and sees which
 * plan is theirs; a visitor is sent to sign in first.
 */
export default function PricingPage() {
  const { t, lang, errorText, time } = useI18n();
  usePageTitle(t('pricing.title'));
  const signedIn = useSignedIn();
  const { data, error, isLoading } = useGetPlansQuery();
  const plans = data?.plans ?? [];
  const needs = pricingNeeds(plans);
  const { data: categories } = useGetCategoriesQuery(undefined, { skip: !needs.categories });
  const { data: apis } = useGetApiListQuery(PRICING_APIS_QUERY, { skip: !needs.apis });
  const { data: mine } = useUserPlan(signedIn);
  const running = mine?.subscription?.state === 'active' ? mine.subscription : null;
  const [choosing, setChoosing] = useState<PlanView | null>(null);
  const [subscribed, setSubscribed] = useState<SubscribedPlan | null>(null);

  const namesOf = (plan: PlanView): PlanScopeNames => {
    const category = categories?.find((c) => c.id === plan.category_id);
    const listed = new Set(plan.api_ids);
    return {
      category: category && inLanguage(category.name, category.name_en, lang),
      apis: apis?.data.filter((api) => listed.has(api.id)).map((api) => apiTitle(api, lang)),
    };
  };

  const done = subscribed?.subscription;
  return (
    <>
      <h1 className="h3 mb-2">{t('pricing.title')}</h1>
      <p className="text-body-secondary mb-4">{t('pricing.lead')}</p>
      {done ? (
        <Alert variant="success" role="status" data-testid="subscribed">
          {t('pricing.subscribed', {
            name: inLanguage(done.plan.name, done.plan.name_en, lang),
            count: formatCount(done.included_calls),
            time: time(done.period_end),
            balance: formatYuan(subscribed.balance),
          })}{' '}
          <Link to={paths.userDashboard} className="alert-link">
            {t('pricing.toDashboard')}
          </Link>
        </Alert>
      ) : (
        running && (
          <Alert variant="info" data-testid="current-plan">
            {t('pricing.current', {
              name: inLanguage(running.plan.name, running.plan.name_en, lang),
              left: formatCount(running.left_calls),
              included: formatCount(running.included_calls),
            })}{' '}
            <Link to={paths.userDashboard} className="alert-link">
              {t('pricing.toDashboard')}
            </Link>
          </Alert>
        )
      )}
      {isLoading ? (
        <Loading />
      ) : error ? (
        <ErrorBanner messages={[errorText(error, 'pricing.loadFailed')]} />
      ) : plans.length === 0 ? (
        <p className="text-body-secondary" data-testid="no-plans">
          {t('pricing.empty')}
        </p>
      ) : (
        <div className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-4">
          {plans.map((plan) => (
            <div className="col" key={plan.id}>
              <PlanOffer
                plan={plan}
                names={namesOf(plan)}
                yours={running?.plan.id === plan.id}
                action={
                  <OfferAction
                    plan={plan}
                    signedIn={signedIn}
                    running={running}
                    onSubscribe={() => {
                      setSubscribed(null);
                      setChoosing(plan);
                    }}
                  />
                }
              />
            </div>
          ))}
        </div>
      )}
      {choosing && (
        <SubscribeDialog
          plan={choosing}
          onClose={() => setChoosing(null)}
          onSubscribed={(result) => {
            setChoosing(null);
            setSubscribed(result);
          }}
        />
      )}
    </>
  );
}
