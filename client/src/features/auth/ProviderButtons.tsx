import { OIDC_LOGIN_PATH } from '@contracts/oidc';
import type { MouseEvent } from 'react';
import { useI18n } from '../../i18n';
import { useOidcProvidersQuery } from './api';

const startAddress = (provider: number, returnTo?: string | null, invite?: string) =>
  `${OIDC_LOGIN_PATH}?${new URLSearchParams({
    provider: String(provider),
    ...(returnTo && { return_to: returnTo }),
    ...(invite && { invite }),
  }).toString()}`;

/**
 * The "Continue with …" links of the login page (under the passkey button, in its grid) and the
 * register page, one per sign-in provider the admin set up. Each is a plain link: the server
 * sends the browser on. From the register page it carries the invite code, so an account the
 * provider's sign-in makes records its referral as a registration does.
 *
 * The page is rendered once for every `?redirect=` or `?invite=` (the stored page's key is its
 * path), so the markup links without them, and a click adds them: a link followed before the app
 * is interactive lands on the dashboard instead, with no referral.
 */
export default function ProviderButtons({
  returnTo,
  invite,
}: {
  returnTo: string | null;
  invite?: string;
}) {
  const { t } = useI18n();
  const { data } = useOidcProvidersQuery();
  return (data ?? []).map((provider) => (
    <a
      key={provider.id}
      className="btn btn-outline-secondary text-break"
      href={startAddress(provider.id)}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        event.currentTarget.href = startAddress(provider.id, returnTo, invite);
      }}
    >
      {t('oidc.continueWith', { name: provider.name })}
    </a>
  ));
}
