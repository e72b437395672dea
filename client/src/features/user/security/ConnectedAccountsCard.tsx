import type { OidcIdentityView, OidcProviderButton } from '@contracts/oidc';
import { useState } from 'react';
import { Alert, Button, Card, ListGroup, Spinner } from 'react-bootstrap';
import { useLocation } from 'react-router-dom';
import NoticeBanner, { type Notice } from '../../../components/ui/NoticeBanner';
import { useI18n } from '../../../i18n';
import { malformedField } from '../../../lib/api';
import { leaveFor } from '../../../lib/leave';
import { useCallbackOutcome } from '../../../lib/oidcFragment';
import { useHydrated } from '../../../lib/ssr';
import FieldsForm, { useFieldRefusal, PASSWORD, type Refusal } from './FieldsForm';
import { useDeleteIdentityMutation, useGetIdentitiesQuery, useOidcConnectMutation } from './api';

/**
 * The user centre's accounts at other sites (the sign-in providers the admin set up): the
 * connected ones with Remove, and "Connect …" for the others, which asks for the password and
 * then goes to the provider. Shown only when the site has providers or the user has links.
 */
export default function ConnectedAccountsCard() {
  const { t, errorText, namedCodeText, time } = useI18n();
  const fieldRefusal = useFieldRefusal();
  const hydrated = useHydrated();
  const location = useLocation();
  const { data, isError } = useGetIdentitiesQuery();
  const [connect] = useOidcConnectMutation();
  const [remove] = useDeleteIdentityMutation();
  const [connecting, setConnecting] = useState<OidcProviderButton | null>(null);
  const [pendingId, setPendingId] = useState<number>();
  const [notice, setNotice] = useState<Notice | null>(null);

  // Back from a provider that refused the connection (oidc_callback.php's fragment).
  useCallbackOutcome((outcome) => {
    if (outcome.kind === 'error') {
      setNotice({ ok: false, text: namedCodeText(outcome.code, 'oidc.failed') });
    }
  });

  const failure = (error: unknown) => errorText(error, 'oidc.failed', 'user.requestFailed');

  const start = async (provider: OidcProviderButton, password: string): Promise<Refusal> => {
    setNotice(null);
    const result = await connect({
      provider_id: provider.id,
      current_password: password,
      return_to: `${location.pathname}${location.search}`,
    });
    if ('error' in result) {
      // The provider and the page to come back to are the card's own, not typed: refused, they
      // are said above the form as something a reload mends.
      const refused = fieldRefusal(result.error, ['current_password'], failure(result.error));
      if (!refused) {
        setNotice({
          ok: false,
          text: malformedField(result.error) ? t('oidc.connectRefused') : failure(result.error),
        });
      }
      return refused;
    }
    leaveFor(result.data.url);
    return null;
  };

  const unlink = async (identity: OidcIdentityView) => {
    setPendingId(identity.id);
    const result = await remove({ id: identity.id });
    setPendingId(undefined);
    setNotice(
      'error' in result
        ? { ok: false, text: failure(result.error) }
        : { ok: true, text: t('oidc.removed') },
    );
  };

  if (data && data.providers.length === 0 && data.identities.length === 0) return null;
  const linked = new Set(data?.identities.map((identity) => identity.provider_id));
  const open = data?.providers.filter((provider) => !linked.has(provider.id)) ?? [];

  return (
    <Card className="mb-4">
      <Card.Header as="h2" className="h6 mb-0 py-2">
        {t('oidc.title')}
      </Card.Header>
      <Card.Body>
        <p className="small text-body-secondary">{t('oidc.intro')}</p>
        {isError && <Alert variant="danger">{t('oidc.loadFailed')}</Alert>}
        <NoticeBanner notice={notice} onClose={() => setNotice(null)} />
        {data &&
          (data.identities.length === 0 ? (
            <p>{t('oidc.none')}</p>
          ) : (
            <ListGroup className="mb-3" data-testid="identities">
              {data.identities.map((identity) => (
                <ListGroup.Item key={identity.id} className="d-flex align-items-center gap-3">
                  <div className="flex-grow-1 min-w-0">
                    <div className="fw-semibold text-break">{identity.provider_name}</div>
                    <div className="small text-body-secondary text-break">
                      {[identity.email, t('oidc.connectedAt', { time: time(identity.created_at) })]
                        .filter(Boolean)
                        .join(' · ')}
                    </div>
                  </div>
                  <Button
                    variant="outline-danger"
                    size="sm"
                    className="flex-shrink-0"
                    disabled={pendingId !== undefined}
                    aria-label={`${t('oidc.remove')}: ${identity.provider_name}`}
                    onClick={() => void unlink(identity)}
                  >
                    {pendingId === identity.id && (
                      <Spinner size="sm" className="me-1" aria-hidden="true" />
                    )}
                    {t('oidc.remove')}
                  </Button>
                </ListGroup.Item>
              ))}
            </ListGroup>
          ))}
        {hydrated &&
          (connecting ? (
            <>
              <p className="mb-2">{t('oidc.connectIntro', { name: connecting.name })}</p>
              <FieldsForm
                id="oidc-connect"
                fields={[PASSWORD]}
                submitLabel="oidc.continue"
                busyLabel="oidc.opening"
                onCancel={() => setConnecting(null)}
                onSubmit={({ current_password }) => start(connecting, current_password)}
              />
            </>
          ) : (
            <div className="d-flex flex-wrap gap-2">
              {open.map((provider) => (
                <Button
                  key={provider.id}
                  variant="outline-primary"
                  className="text-break"
                  onClick={() => {
                    setNotice(null);
                    setConnecting(provider);
                  }}
                >
                  {t('oidc.connect', { name: provider.name })}
                </Button>
              ))}
            </div>
          ))}
      </Card.Body>
    </Card>
  );
}
