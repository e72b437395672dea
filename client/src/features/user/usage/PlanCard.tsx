import type { SubscriptionView } from '@contracts/plans';
import { useState } from 'react';
import { Alert, Button, Card, Modal, Spinner } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import NoticeBanner, { type Notice } from '../../../components/ui/NoticeBanner';
import { paths } from '../../../config/paths';
import { useI18n } from '../../../i18n';
import { formatCount } from '../../../lib/formatCount';
import { inLanguage } from '../../../lib/inLanguage';
import { formatPrice } from '../../../lib/money';
import { useCancelPlanMutation, useGetPlanQuery } from '../api';

/** A running plan: its calls used this period (a bar filling as they go), its dates, Cancel. */
function Running({ sub, onCancel }: { sub: SubscriptionView; onCancel: () => void }) {
  const { t, time } = useI18n();
  const used = t('plan.used', {
    used: formatCount(sub.used_calls),
    included: formatCount(sub.included_calls),
  });
  const share = sub.included_calls > 0 ? (100 * sub.used_calls) / sub.included_calls : 100;
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between gap-2 mb-1">
        <span data-testid="plan-used">{used}</span>
        <span className="small fw-semibold" data-testid="plan-left">
          {t('plan.left', { left: formatCount(sub.left_calls) })}
        </span>
      </div>
      {/* Bootstrap's bar written out: its class names stay literal for the CSS purge. */}
      <div
        className="progress mb-2"
        role="progressbar"
        aria-label={used}
        aria-valuenow={sub.used_calls}
        aria-valuemin={0}
        aria-valuemax={sub.included_calls}
        style={{ height: '0.5rem' }}
      >
        <div
          className={`progress-bar${sub.left_calls === 0 ? ' bg-warning' : ''}`}
          style={{ width: `${Math.min(100, share)}%` }}
        />
      </div>
      {sub.windows.length > 0 && (
        <ul className="list-unstyled small mb-2" data-testid="plan-windows">
          {sub.windows.map((w) => (
            <li key={w.window} className={w.used >= w.limit ? 'text-warning-emphasis' : undefined}>
              {t(`plan.window.${w.window}`, {
                used: formatCount(w.used),
                limit: formatCount(w.limit),
              })}
              {w.used >= w.limit && <> · {t('plan.window.resets', { time: time(w.resets_at) })}</>}
            </li>
          ))}
        </ul>
      )}
      <p className="small text-body-secondary mb-1">
        {t('plan.period', { start: time(sub.period_start), end: time(sub.period_end) })}
        <br />
        {sub.plan.overage === 'pay' && sub.plan.overage_price !== null
          ? t('plan.overage.price', { price: formatPrice(sub.plan.overage_price) })
          : t(`plan.overage.${sub.plan.overage}`)}
      </p>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="small me-auto" data-testid="plan-renewal">
          {!sub.auto_renew
            ? t(sub.period_kind === 'code' ? 'plan.endsCode' : 'plan.ends', {
                time: time(sub.period_end),
              })
            : Number(sub.plan.price) === 0
              ? t('plan.renewsFree', { time: time(sub.period_end) })
              : t('plan.renews', {
                  time: time(sub.period_end),
                  price: formatPrice(sub.plan.price),
                })}
        </span>
        {sub.auto_renew && (
          <Button size="sm" variant="outline-danger" onClick={onCancel}>
            {t('plan.cancel')}
          </Button>
        )}
      </div>
    </>
  );
}

/** A plan that ended: because the balance was short at renewal (lapsed), or cancelled. */
function Ended({ sub, name }: { sub: SubscriptionView; name: string }) {
  const { t, time } = useI18n();
  const lapsed = sub.state === 'lapsed' || sub.ended_reason === 'balance_short';
  return (
    <Alert variant={lapsed ? 'warning' : 'secondary'} className="mb-0" data-testid="plan-ended">
      {t(lapsed ? 'plan.lapsed' : 'plan.ended', { name, time: time(sub.period_end) })}
      <div className="d-flex flex-wrap gap-2 mt-2">
        {lapsed && (
          <Link to={paths.userRecharge} className="btn btn-sm btn-primary">
            {t('plan.recharge')}
          </Link>
        )}
        <Link to={paths.pricing} className="btn btn-sm btn-outline-primary">
          {t('plan.subscribeAgain')}
        </Link>
      </div>
    </Alert>
  );
}

/**
 * The user's plan beside their credit: the calls used of this period's, when the period ends and
 * whether it renews, and Cancel (asked first; it runs to the period's end). A plan that lapsed or
 * ended says so; without any, a line leads to the pricing page.
 */
export default function PlanCard() {
  const { t, lang, time, errorText } = useI18n();
  const { data } = useGetPlanQuery(undefined, { refetchOnMountOrArgChange: true });
  const [cancelPlan, cancelling] = useCancelPlanMutation();
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  if (!data) return null;
  const sub = data.subscription;
  const name = sub ? inLanguage(sub.plan.name, sub.plan.name_en, lang) : '';

  const confirmCancel = async () => {
    const result = await cancelPlan();
    setAsking(false);
    setNotice(
      'error' in result
        ? { ok: false, text: errorText(result.error, 'plan.cancelFailed', 'api.noResponse') }
        : {
            ok: true,
            text: t('plan.cancelled', {
              time: time(result.data.subscription?.period_end ?? sub?.period_end ?? ''),
            }),
          },
    );
  };

  return (
    <Card className="mb-4" data-testid="plan">
      <Card.Header className="d-flex flex-wrap justify-content-between gap-2">
        <span>{t('plan.title')}</span>
        {sub && (
          <span className="fw-semibold text-break" data-testid="plan-name">
            {name}
          </span>
        )}
      </Card.Header>
      <Card.Body>
        <NoticeBanner notice={notice} onClose={() => setNotice(null)} />
        {!sub ? (
          <p className="mb-0" data-testid="plan-none">
            {t('plan.none')} <Link to={paths.pricing}>{t('plan.seePlans')}</Link>
          </p>
        ) : sub.state === 'active' ? (
          <Running sub={sub} onCancel={() => setAsking(true)} />
        ) : (
          <Ended sub={sub} name={name} />
        )}
      </Card.Body>
      <Modal
        show={asking}
        centered
        onHide={() => !cancelling.isLoading && setAsking(false)}
        aria-labelledby="plan-cancel-title"
      >
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id="plan-cancel-title">
            {t('plan.cancelTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {t('plan.cancelText', { name, time: sub ? time(sub.period_end) : '' })}
        </Modal.Body>
        <Modal.Footer>
          <Button
            variant="secondary"
            disabled={cancelling.isLoading}
            onClick={() => setAsking(false)}
          >
            {t('plan.keep')}
          </Button>
          <Button
            variant="danger"
            disabled={cancelling.isLoading}
            onClick={() => void confirmCancel()}
          >
            {cancelling.isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {cancelling.isLoading ? t('plan.cancelling') : t('plan.cancel')}
          </Button>
        </Modal.Footer>
      </Modal>
    </Card>
  );
}
