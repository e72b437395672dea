import { OIDC_LOGIN_PATH } from '@contracts/oidc';
import type { MouseEvent } from 'react';
import { useI18n } from '../../i18n';
import { useOidcProvidersQuery } from './api';

const startAddress = (provider: number, returnTo?: string | null) =>
  `${OIDC_LOGIN_PATH}?${new URLSearchParams({
    provider: String(provider),
    ...(returnTo && { return_to: returnTo }),
  }).toString()}`;

/**
 * The login page's "Continue with …" links (under the passkey button, in its grid), one per
 * sign-in provider the admin set up. Each is a plain link: the server sends the browser on.
 *
 * The page is rendered once for every `?redirect=` (the stored page's key is its path), so the
 * markup links without the page to return to, and a click adds it: a link followed before the
 * app is interactive lands on the dashboard instead.
 */
export default function ProviderButtons({ returnTo }: { returnTo: string | null }) {
  const { t } = useI18n();
  const { data } = useOidcProvidersQuery();
  return (data ?? []).map((provider) => (
    <a
      key={provider.id}
      className="btn btn-outline-secondary text-break"
      href={startAddress(provider.id)}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        event.currentTarget.href = startAddress(provider.id, returnTo);
      }}
    >
      {t('oidc.continueWith', { name: provider.name })}
    </a>
  ));
}
