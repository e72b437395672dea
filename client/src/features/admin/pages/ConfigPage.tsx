import { Link } from 'react-router-dom';
import Loading from '../../../components/ui/Loading';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { useAdminConfigQuery, useAdminTwoFactorQuery } from '../api';
import { adminErrorText } from '../errors';
import { COMMON } from '../i18n/common';
import { CONFIG } from '../i18n/config';
import { adminPaths } from '../paths';
import ConfigForm from './config/ConfigForm';

/** 网站配置: the site's texts, sign-up and sign-in switches, and when an API counts as unhealthy. */
export default function ConfigPage() {
  usePageTitle(CONFIG.title);
  const { data, error, isLoading } = useAdminConfigQuery();
  const ownTwoFactor = useAdminTwoFactorQuery().data?.data.enabled ?? false;
  return (
    <section style={{ maxWidth: '52rem' }}>
      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-3">
        <h1 className="h3 mb-0">{CONFIG.title}</h1>
        <Link to={adminPaths.signInProviders}>{CONFIG.signInProviders}</Link>
      </div>
      {error ? (
        <div className="alert alert-danger" role="alert">
          {adminErrorText(error, { failed: CONFIG.loadFailed })}
        </div>
      ) : isLoading || !data ? (
        <Loading label={COMMON.loading} />
      ) : (
        <ConfigForm
          initial={data.data}
          mailEnabled={data.data.mail_enabled}
          secret={data.data.health_alert_webhook_secret}
          ownTwoFactor={ownTwoFactor}
        />
      )}
    </section>
  );
}
