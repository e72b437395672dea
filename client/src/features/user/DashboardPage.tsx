import { useEffect, useState } from 'react';
import { clearWelcome, welcomeOf } from '../../app/welcome';
import { useFreshUser } from '../../app/useFreshUser';
import { Button, Card, Form, Modal, Spinner } from 'react-bootstrap';
import ErrorBanner from '../../components/ui/ErrorBanner';
import Loading from '../../components/ui/Loading';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { useCopy } from '../../components/ui/useCopy';
import { useI18n } from '../../i18n';
import { formatYuan } from '../../lib/money';
import { useChangeApiKeyMutation } from './api';
import StepUpForm, { stepUpRequired, type StepUp } from './security/StepUpForm';
import NoticeBanner from '../../components/ui/NoticeBanner';
import BalanceAlertCard from './alerts/BalanceAlertCard';
import UsageCard from './usage/UsageCard';
import FreeQuotaCard from './usage/FreeQuotaCard';
import CreditCard from './usage/CreditCard';
import PlanCard from './usage/PlanCard';
import KeysCard from './keys/KeysCard';
import SecuritySection from './security/SecuritySection';

/** What stands for the key in the examples while it is hidden. */
const KEY_PLACEHOLDER = 'YOUR_KEY';

/** The key as a screen share may show it: its first characters, then dots. */
const masked = (key: string) => `${key.slice(0, 6)}${'•'.repeat(Math.max(8, key.length - 6))}`;

/** Copies `text` (whatever the page shows), saying "Copied" for a moment. */
function CopyButton({ text, className }: { text: string; className?: string }) {
  const { t } = useI18n();
  const { state, copy } = useCopy();
  return (
    <Button
      variant="outline-secondary"
      className={className}
      size={className ? 'sm' : undefined}
      disabled={!text}
      onClick={() => void copy(text)}
    >
      {state === 'copied'
        ? t('code.copied')
        : state === 'failed'
          ? t('code.copyFailed')
          : t('code.copy')}
    </Button>
  );
}

export default function DashboardPage() {
  const { t, errorText, time } = useI18n();
  usePageTitle(t('user.title'));
  const { data: user, error, isLoading } = useFreshUser();
  const [changeKey, change] = useChangeApiKeyMutation();
  const [confirming, setConfirming] = useState(false);
  // Changing the key on an account with two-factor may first want the second factor again.
  const [stepUp, setStepUp] = useState<StepUp | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  // The key is hidden until asked for (a screen share must not show it); the examples carry a
  // placeholder meanwhile, and the copy buttons copy the real thing either way.
  const [shown, setShown] = useState(false);
  // A new user's first visit (straight from registering): a greeting, and the key card marked.
  const [welcome, setWelcome] = useState(welcomeOf);
  useEffect(clearWelcome, []);

  const confirmChange = async () => {
    try {
      await changeKey().unwrap();
      setNotice({ ok: true, text: t('user.keyChanged') });
      setShown(true);
    } catch (e) {
      const needed = stepUpRequired(e);
      if (needed) return setStepUp(needed);
      setNotice({ ok: false, text: errorText(e, 'user.changeFailed', 'user.requestFailed') });
    }
    setConfirming(false);
  };

  if (isLoading) return <Loading />;
  if (error || !user)
    return <ErrorBanner messages={[errorText(error, 'user.loadFailed', 'user.loadError')]} />;

  const origin = window.location.origin;
  const realKey = user.api_key ?? KEY_PLACEHOLDER;
  const key = shown ? realKey : KEY_PLACEHOLDER;
  const mcpConfig = (withKey: string) =>
    JSON.stringify(
      {
        mcpServers: {
          portico: { url: `${origin}/mcp`, headers: { Authorization: `Bearer ${withKey}` } },
        },
      },
      null,
      2,
    );
  const mcpCommand = `claude mcp add --transport http portico ${origin}/mcp --header "Authorization: Bearer ${key}"`;
  return (
    <>
      <h1 className="h3 mb-3">{t('user.title')}</h1>
      <NoticeBanner
        notice={
          notice ??
          (welcome
            ? {
                ok: true,
                text:
                  t('user.welcome', { name: user.username }) +
                  (welcome === 'email' ? ` ${t('user.welcomeEmail')}` : ''),
              }
            : null)
        }
        onClose={() => {
          setNotice(null);
          setWelcome(null);
        }}
      />
      <Card className="mb-4">
        <Card.Header>{t('user.account')}</Card.Header>
        <Card.Body>
          <dl className="row mb-0">
            <dt className="col-sm-3">{t('auth.username')}</dt>
            <dd className="col-sm-9" data-testid="username">
              {user.username}
            </dd>
            <dt className="col-sm-3">{t('user.balance')}</dt>
            <dd className="col-sm-9" data-testid="balance">
              {formatYuan(user.balance)}
            </dd>
            <dt className="col-sm-3">{t('user.created')}</dt>
            <dd className="col-sm-9">{time(user.created_at)}</dd>
          </dl>
        </Card.Body>
      </Card>
      <UsageCard />
      <PlanCard />
      <CreditCard />
      <FreeQuotaCard />
      <Card className={welcome ? 'mb-4 border-primary border-2' : 'mb-4'} data-testid="key-card">
        <Card.Header>{t('user.apiKey')}</Card.Header>
        <Card.Body>
          {/* The key and its buttons on one line where they fit; on a phone the key gets its own. */}
          <div className="d-flex flex-wrap gap-2 mb-2">
            <Form.Control
              readOnly
              aria-label={t('user.apiKey')}
              className="font-monospace portico-key-field"
              value={user.api_key ? (shown ? user.api_key : masked(user.api_key)) : ''}
              placeholder={t('user.keyHidden')}
            />
            <div className="btn-group">
              <Button
                variant="outline-secondary"
                disabled={!user.api_key}
                aria-pressed={shown}
                onClick={() => setShown(!shown)}
              >
                {shown ? t('user.hideKey') : t('user.showKey')}
              </Button>
              <CopyButton text={user.api_key ?? ''} />
            </div>
            <Button variant="outline-danger" onClick={() => setConfirming(true)}>
              {t('user.changeKey')}
            </Button>
          </div>
          <Form.Text>{t('user.keySecret')}</Form.Text>
        </Card.Body>
      </Card>
      <KeysCard />
      <Card>
        <Card.Header>{t('user.howTo')}</Card.Header>
        <Card.Body>
          <p className="mb-2">{t('user.howToHeader', { header: 'X-API-Key' })}</p>
          <pre tabIndex={0} className="bg-light p-2 rounded small mb-3">
            <code>{`curl -H "X-API-Key: ${key}" ${origin}/apis/<name>`}</code>
          </pre>
          <p className="mb-2">{t('user.howToQuery', { param: 'key' })}</p>
          <pre tabIndex={0} className="bg-light p-2 rounded small mb-0">
            <code>{`${origin}/apis/<name>?key=${key}`}</code>
          </pre>
        </Card.Body>
      </Card>
      <Card className="mt-4">
        <Card.Header>{t('user.mcpTitle')}</Card.Header>
        <Card.Body>
          <p className="mb-2">{t('user.mcpText')}</p>
          <pre tabIndex={0} className="bg-light p-2 rounded small mb-2" data-testid="mcp-config">
            <code>{mcpConfig(key)}</code>
          </pre>
          <CopyButton text={mcpConfig(realKey)} className="mb-3" />
          <p className="mb-2">{t('user.mcpCli')}</p>
          <pre tabIndex={0} className="bg-light p-2 rounded small mb-0">
            <code>{mcpCommand}</code>
          </pre>
        </Card.Body>
      </Card>
      <div className="mt-4">
        <BalanceAlertCard />
      </div>
      <SecuritySection />

      <Modal
        aria-labelledby="key-change-title"
        show={confirming}
        onHide={() => {
          if (change.isLoading) return;
          setConfirming(false);
          setStepUp(null);
        }}
        centered
      >
        <Modal.Header closeButton>
          <Modal.Title id="key-change-title">{t('user.confirmTitle')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {stepUp ? (
            <StepUpForm
              stepUp={stepUp}
              onCancel={() => {
                setStepUp(null);
                setConfirming(false);
              }}
              onConfirmed={() => {
                setStepUp(null);
                void confirmChange();
              }}
            />
          ) : (
            t('user.confirmText')
          )}
        </Modal.Body>
        <Modal.Footer className={stepUp ? 'd-none' : undefined}>
          <Button
            variant="secondary"
            disabled={change.isLoading}
            onClick={() => setConfirming(false)}
          >
            {t('user.cancel')}
          </Button>
          <Button variant="danger" disabled={change.isLoading} onClick={() => void confirmChange()}>
            {change.isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {t('user.changeKey')}
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
