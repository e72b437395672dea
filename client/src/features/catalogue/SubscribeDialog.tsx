import type { PlanView, SubscribedPlan } from '@contracts/plans';
import { useEffect, useState } from 'react';
import { Alert, Button, Modal, Spinner } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { selectUser } from '../../app/authSlice';
import { refreshUser } from '../../app/refreshUser';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { useSubscribePlan } from '../../app/usePlan';
import { paths } from '../../config/paths';
import { useI18n } from '../../i18n';
import { errorCode } from '../../lib/api';
import { inLanguage } from '../../lib/inLanguage';
import { formatPrice, formatYuan } from '../../lib/money';
import { isFree } from './PlanOffer';

/**
 * Asks before a plan is bought: what is taken from the balance now, that it renews from the
 * balance each period and that a cancelled plan runs to its period's end. A refusal is said by its
 * code; a short balance offers the recharge page.
 */
export default function SubscribeDialog({
  plan,
  onClose,
  onSubscribed,
}: {
  plan: PlanView;
  onClose: () => void;
  onSubscribed: (subscribed: SubscribedPlan) => void;
}) {
  const { t, lang, errorText } = useI18n();
  const dispatch = useAppDispatch();
  const { balance } = useAppSelector(selectUser);
  const [subscribe, { isLoading }] = useSubscribePlan();
  const [refusal, setRefusal] = useState<unknown>(null);
  const name = inLanguage(plan.name, plan.name_en, lang);
  const price = formatPrice(plan.price);
  const period = t(`pricing.period.${plan.period}`);

  // The balance shown is the server's now, not the one remembered since signing in.
  useEffect(() => {
    void refreshUser(dispatch);
  }, [dispatch]);

  const confirm = async () => {
    setRefusal(null);
    const result = await subscribe({ plan_id: plan.id });
    if ('error' in result) return setRefusal(result.error);
    onSubscribed(result.data);
  };

  return (
    <Modal
      show
      centered
      onHide={() => !isLoading && onClose()}
      aria-labelledby="subscribe-title"
      data-testid="subscribe-dialog"
    >
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5" id="subscribe-title">
          {t('pricing.confirmTitle', { name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {refusal !== null && (
          <Alert variant="danger" className="py-2">
            {errorText(refusal, 'pricing.failed', 'api.noResponse')}
            {errorCode(refusal) === 'plan.insufficient_balance' && (
              <>
                {' '}
                <Link to={paths.userRecharge} className="alert-link">
                  {t('pricing.recharge')}
                </Link>
              </>
            )}
          </Alert>
        )}
        <p>
          {isFree(plan)
            ? t('pricing.confirmFree', { period })
            : t('pricing.confirmPaid', { price, period })}
        </p>
        <p className="mb-0 text-body-secondary small" data-testid="subscribe-balance">
          {t('pricing.balance', { balance: formatYuan(balance) })}
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" disabled={isLoading} onClick={onClose}>
          {t('pricing.notNow')}
        </Button>
        <Button disabled={isLoading} onClick={() => void confirm()}>
          {isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {isLoading
            ? t('pricing.subscribing')
            : isFree(plan)
              ? t('pricing.subscribe')
              : t('pricing.pay', { price })}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
