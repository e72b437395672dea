import type { RecentPayments } from '@contracts/recharge';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { useSearchParams } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { formatYuan } from '../../lib/money';
import { useCheckRecentOrdersMutation } from './api';

/**
 * "I have paid": looks for the user's new payments among Afdian's newest orders, which name the
 * user by the recharge id, so no order number has to be copied back. It looks by itself when the
 * page opens with `?paid=1` (Afdian's return address can be set to it) and when the user comes
 * back to this tab after opening the sponsorship page (`armed` is called on that click).
 */
export function usePaidCheck(
  /** Recharges go through Afdian itself (not the sandbox); undefined until the settings load. */
  live: boolean | undefined,
) {
  const { t, errorText } = useI18n();
  const [checkRecent, checking] = useCheckRecentOrdersMutation();
  const [outcome, setOutcome] = useState<{ found?: RecentPayments; error?: string } | null>(null);
  const awaiting = useRef(false);

  const check = useCallback(async () => {
    awaiting.current = false;
    setOutcome(null);
    try {
      setOutcome({ found: (await checkRecent().unwrap()).data });
    } catch (failure) {
      setOutcome({ error: errorText(failure, 'recharge.failed', 'recharge.requestError') });
    }
  }, [checkRecent, errorText]);

  // Back in this tab after paying in another one: look once.
  useEffect(() => {
    const back = () => {
      if (awaiting.current && document.visibilityState === 'visible') void check();
    };
    document.addEventListener('visibilitychange', back);
    window.addEventListener('focus', back);
    return () => {
      document.removeEventListener('visibilitychange', back);
      window.removeEventListener('focus', back);
    };
  }, [check]);

  // Afdian's return to /user/recharge?paid=1: look once, and drop the mark from the address. Without
  // Afdian (the sandbox, or no settings) there is nothing to look for.
  const [params, setParams] = useSearchParams();
  const returned = params.get('paid') === '1';
  const looked = useRef(false);
  useEffect(() => {
    if (!returned || looked.current || live === undefined) return;
    looked.current = true;
    setParams({}, { replace: true });
    if (live) void check();
  }, [returned, live, setParams, check]);

  const found = outcome?.found;
  const message =
    outcome?.error ?? (found && found.credited.length === 0 ? t('recharge.noNewPayment') : null);
  return {
    armed: () => {
      awaiting.current = true;
    },
    button: (
      <Button
        variant="outline-primary"
        size="sm"
        disabled={checking.isLoading}
        onClick={() => void check()}
        data-testid="paid-check"
      >
        {checking.isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
        {t(checking.isLoading ? 'recharge.lookingForPayment' : 'recharge.checkPaid')}
      </Button>
    ),
    result:
      found && found.credited.length > 0 ? (
        <Alert variant="success" role="status" data-testid="paid-found">
          {t('recharge.paymentsFound', {
            amounts: found.credited.map((order) => formatYuan(order.amount)).join(', '),
            balance: formatYuan(found.balance),
          })}
        </Alert>
      ) : message ? (
        <Alert variant={outcome?.error ? 'danger' : 'info'} role="status" data-testid="paid-none">
          {message}
        </Alert>
      ) : null,
  };
}
