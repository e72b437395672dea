import type { ApiKeyView, CreatedApiKey } from '@contracts/api-keys';
import { useState } from 'react';
import { Badge, Button, Card, Form, InputGroup, ListGroup, Modal } from 'react-bootstrap';
import ErrorBanner from '../../../components/ui/ErrorBanner';
import Loading from '../../../components/ui/Loading';
import NoticeBanner from '../../../components/ui/NoticeBanner';
import { useI18n } from '../../../i18n';
import { formatYuan } from '../../../lib/money';
import KeyFormModal from './KeyFormModal';
import { useGetApiKeysQuery, useRevokeApiKeyMutation } from './api';

const STATUS_VARIANT = { active: 'success', expired: 'secondary', revoked: 'danger' } as const;

/** What a key may do, in short: expiry, APIs, addresses, its limit and caps. */
function KeyLimits({ apiKey }: { apiKey: ApiKeyView }) {
  const { t, time } = useI18n();
  const limits = [
    apiKey.expires_at && t('keys.expiresOn', { time: time(apiKey.expires_at) }),
    apiKey.allowed_apis && t('keys.apisCount', { count: apiKey.allowed_apis.length }),
    apiKey.allowed_ips && t('keys.ipsList', { ips: apiKey.allowed_ips.join(', ') }),
    apiKey.rate_limit !== null && t('keys.perMinute', { count: apiKey.rate_limit }),
    apiKey.daily_cap && t('keys.dailyCapOf', { amount: formatYuan(apiKey.daily_cap) }),
    apiKey.monthly_cap && t('keys.monthlyCapOf', { amount: formatYuan(apiKey.monthly_cap) }),
  ].filter((text): text is string => Boolean(text));
  return (
    <div className="small text-body-secondary">
      {limits.length ? limits.join(' · ') : t('keys.noLimits')}
    </div>
  );
}

/** The user's API keys: the default key and the named keys, with create, edit and revoke. */
export default function KeysCard() {
  const { t, errorText, time } = useI18n();
  const { data, error, isLoading } = useGetApiKeysQuery();
  const [revoke, revoking] = useRevokeApiKeyMutation();
  const [editing, setEditing] = useState<ApiKeyView | 'new' | null>(null);
  const [confirming, setConfirming] = useState<ApiKeyView | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  if (isLoading) return <Loading />;
  if (error || !data)
    return <ErrorBanner messages={[errorText(error, 'keys.loadFailed', 'user.loadError')]} />;

  const named = data.keys.filter((k) => !k.is_default && k.status !== 'revoked').length;
  const full = named >= data.max_named_keys;

  const confirmRevoke = async () => {
    if (!confirming) return;
    try {
      await revoke({ id: confirming.id }).unwrap();
      setNotice({ ok: true, text: t('keys.revokedNotice', { name: confirming.name }) });
    } catch (e) {
      setNotice({ ok: false, text: errorText(e, 'keys.revokeFailed', 'user.requestFailed') });
    } finally {
      setConfirming(null);
    }
  };

  const copySecret = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <Card className="mb-4" data-testid="api-keys">
      <Card.Header className="d-flex flex-wrap gap-2 align-items-center justify-content-between">
        <span>{t('keys.title')}</span>
        <Button size="sm" disabled={full} onClick={() => setEditing('new')}>
          {t('keys.create')}
        </Button>
      </Card.Header>
      <Card.Body>
        <p className="small mb-3">
          {full
            ? t('keys.full', { max: data.max_named_keys })
            : t('keys.intro', { count: named, max: data.max_named_keys })}
        </p>
        <NoticeBanner notice={notice} onClose={() => setNotice(null)} />
        <ListGroup>
          {data.keys.map((key) => (
            <ListGroup.Item key={key.id} data-testid={`api-key-${key.id}`}>
              <div className="d-flex flex-wrap gap-2 align-items-center">
                <strong className="text-break">
                  {key.is_default ? t('keys.defaultName') : key.name}
                </strong>
                <Badge bg={STATUS_VARIANT[key.status]}>{t(`keys.status.${key.status}`)}</Badge>
                <code className="text-break">{key.hint}</code>
                {!key.is_default && key.status !== 'revoked' && (
                  <span className="ms-auto d-flex gap-2">
                    <Button size="sm" variant="outline-secondary" onClick={() => setEditing(key)}>
                      {t('keys.edit')}
                    </Button>
                    <Button size="sm" variant="outline-danger" onClick={() => setConfirming(key)}>
                      {t('keys.revoke')}
                    </Button>
                  </span>
                )}
              </div>
              {key.is_default ? (
                <div className="small text-body-secondary">{t('keys.defaultText')}</div>
              ) : (
                <KeyLimits apiKey={key} />
              )}
              <div className="small text-body-secondary">
                {key.spent_today !== null &&
                  `${t('keys.spent', {
                    today: formatYuan(key.spent_today),
                    month: formatYuan(key.spent_this_month ?? '0.00'),
                  })} · `}
                {key.last_used_at
                  ? t('keys.lastUsed', {
                      time: time(key.last_used_at),
                      ip: key.last_used_ip ?? '',
                    })
                  : t('keys.neverUsed')}
              </div>
            </ListGroup.Item>
          ))}
        </ListGroup>
      </Card.Body>

      {editing && (
        <KeyFormModal
          apiKey={editing === 'new' ? null : editing}
          rateLimitMax={data.rate_limit_max}
          onClose={() => setEditing(null)}
          onCreated={(result) => {
            setEditing(null);
            setCopied(null);
            setCreated(result);
          }}
          onSaved={(key) => {
            setEditing(null);
            setNotice({ ok: true, text: t('keys.savedNotice', { name: key.name }) });
          }}
        />
      )}

      <Modal
        aria-labelledby="key-secret-title"
        show={created !== null}
        onHide={() => setCreated(null)}
        backdrop="static"
        centered
      >
        <Modal.Header closeButton>
          <Modal.Title id="key-secret-title">{t('keys.secretTitle')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{t('keys.secretText', { name: created?.key.name ?? '' })}</p>
          <InputGroup>
            <Form.Control
              readOnly
              className="font-monospace"
              aria-label={t('keys.secretTitle')}
              value={created?.secret ?? ''}
              data-testid="new-key-secret"
            />
            <Button variant="outline-secondary" onClick={() => void copySecret(created!.secret)}>
              {copied === null ? t('code.copy') : copied ? t('code.copied') : t('code.copyFailed')}
            </Button>
          </InputGroup>
        </Modal.Body>
        <Modal.Footer>
          <Button onClick={() => setCreated(null)}>{t('keys.secretDone')}</Button>
        </Modal.Footer>
      </Modal>

      <Modal
        aria-labelledby="key-revoke-title"
        show={confirming !== null}
        onHide={() => setConfirming(null)}
        centered
      >
        <Modal.Header closeButton>
          <Modal.Title id="key-revoke-title">{t('keys.revokeTitle')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>{t('keys.revokeText', { name: confirming?.name ?? '' })}</Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            {t('keys.cancel')}
          </Button>
          <Button
            variant="danger"
            disabled={revoking.isLoading}
            onClick={() => void confirmRevoke()}
          >
            {t('keys.revoke')}
          </Button>
        </Modal.Footer>
      </Modal>
    </Card>
  );
}
