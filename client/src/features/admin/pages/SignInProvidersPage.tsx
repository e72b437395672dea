import { Alert, Button } from 'react-bootstrap';
import Loading from '../../../components/ui/Loading';
import NoticeBanner from '../../../components/ui/NoticeBanner';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import SignInProviderModal from './providers/SignInProviderModal';
import { adminErrorText } from '../errors';
import { COMMON } from '../i18n/common';
import { PROVIDERS } from '../i18n/providers';
import ProvidersTable from './providers/ProvidersTable';
import { useSignInProviders } from './providers/useSignInProviders';

/** 第三方登录: the OpenID Connect providers users may sign in with (secrets are never shown). */
export default function SignInProvidersPage() {
  usePageTitle(PROVIDERS.title);
  const {
    data,
    error,
    isLoading,
    providers,
    editing,
    edit,
    close,
    onDelete,
    notice,
    closeNotice,
    dialog,
  } = useSignInProviders();

  return (
    <section>
      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-3">
        <h1 className="h3 mb-0">{PROVIDERS.title}</h1>
        <Button onClick={() => edit(null)}>{PROVIDERS.add}</Button>
      </div>
      <p className="text-body-secondary">{PROVIDERS.intro}</p>
      {data &&
        (data.redirect_uri ? (
          <p>
            {PROVIDERS.redirectUri}
            <code className="text-break user-select-all">{data.redirect_uri}</code>
          </p>
        ) : (
          <Alert variant="warning">{PROVIDERS.siteUrlFirst}</Alert>
        ))}
      <NoticeBanner notice={notice} onClose={closeNotice} />
      {error ? (
        <div className="alert alert-danger" role="alert">
          {adminErrorText(error, { failed: PROVIDERS.loadFailed, network: PROVIDERS.loadNetwork })}
        </div>
      ) : isLoading ? (
        <Loading label={COMMON.loading} />
      ) : (
        <ProvidersTable
          providers={providers}
          onEdit={edit}
          onDelete={(provider) => void onDelete(provider)}
        />
      )}
      {editing && <SignInProviderModal provider={editing.provider} onClose={close} />}
      {dialog}
    </section>
  );
}
