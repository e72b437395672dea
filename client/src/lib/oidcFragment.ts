import { OIDC_HASH } from '@contracts/oidc';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useHydrated } from './ssr';

/** A provider account waiting for the password of the account holding its e-mail address. */
export interface PendingLink {
  ticket: string;
  username: string;
  provider: string;
}

/** What the provider's callback asked the login page to show. */
export type CallbackOutcome =
  | { kind: 'error'; code: string }
  | { kind: 'link'; link: PendingLink }
  | { kind: 'second-step'; step: { challenge: string; passkeys: boolean } };

/** Reads oidc_callback.php's fragment (`#oidc_error=…`, `#oidc_link=…`, `#two_factor=…`). */
export function callbackOutcome(hash: string): CallbackOutcome | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const code = params.get(OIDC_HASH.error);
  if (code) return { kind: 'error', code };
  const ticket = params.get(OIDC_HASH.link);
  if (ticket) {
    return {
      kind: 'link',
      link: {
        ticket,
        username: params.get(OIDC_HASH.username) ?? '',
        provider: params.get(OIDC_HASH.provider) ?? '',
      },
    };
  }
  const challenge = params.get(OIDC_HASH.twoFactor);
  if (challenge) {
    return {
      kind: 'second-step',
      step: { challenge, passkeys: params.get(OIDC_HASH.passkeys) === '1' },
    };
  }
  return null;
}

/**
 * Hands the page's callback outcome (if any) to `show` once the page is interactive, then takes
 * the fragment (a link ticket, a challenge) out of the address and the history.
 */
export function useCallbackOutcome(show: (outcome: CallbackOutcome) => void): void {
  const hydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!hydrated) return;
    const outcome = callbackOutcome(location.hash);
    if (!outcome) return;
    show(outcome);
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    // Read once when the page becomes interactive; the replace above empties the fragment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated]);
}
