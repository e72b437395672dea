import { OIDC_LOGIN_PATH } from '@contracts/oidc';
import { useI18n } from '../../i18n';
import { useOidcProvidersQuery } from './api';

/**
 * The login page's "Continue with …" links (under the passkey button, in its grid), one per
 * sign-in provider the admin set up. Each is a plain link: the server sends the browser on.
 */
export default function ProviderButtons({ returnTo }: { returnTo: string | null }) {
  const { t } = useI18n();
  const { data } = useOidcProvidersQuery();
  if (!data?.length) return null;
  return data.map((provider) => {
    const query = new URLSearchParams({
      provider: String(provider.id),
      ...(returnTo && { return_to: returnTo }),
    });
    return (
      <a
        key={provider.id}
        className="btn btn-outline-secondary text-break"
        href={`${OIDC_LOGIN_PATH}?${query.toString()}`}
      >
        {t('oidc.continueWith', { name: provider.name })}
      </a>
    );
  });
}
