import { useI18n } from '../../../i18n';
import ChangePasswordForm from './ChangePasswordForm';
import ConnectedAccountsCard from './ConnectedAccountsCard';
import EmailCard from './EmailCard';
import PasskeysCard from './PasskeysCard';
import SessionsCard from './SessionsCard';
import TwoFactorCard from './TwoFactorCard';

/**
 * The user centre's "Security" section: e-mail, password, two-factor, passkeys, accounts at
 * sign-in providers and the sessions.
 */
export default function SecuritySection() {
  const { t } = useI18n();
  return (
    <section id="security" aria-labelledby="security-title" className="mt-4">
      <h2 id="security-title" className="h4 mb-3">
        {t('security.title')}
      </h2>
      <EmailCard />
      <ChangePasswordForm />
      <TwoFactorCard />
      <PasskeysCard />
      <ConnectedAccountsCard />
      <SessionsCard />
    </section>
  );
}
