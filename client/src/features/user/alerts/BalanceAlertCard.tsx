import type { ErrorCode } from '@contracts/errors';
import type { AlertDeliveryView, BalanceAlertView } from '@contracts/usage';
import { THRESHOLD_PATTERN } from '@contracts/usage';
import { useState, type FormEvent } from 'react';
import { Badge, Button, Card, Form, InputGroup, Spinner, Table } from 'react-bootstrap';
import ErrorBanner from '../../../components/ui/ErrorBanner';
import Loading from '../../../components/ui/Loading';
import NoticeBanner from '../../../components/ui/NoticeBanner';
import { useI18n, type UiKey } from '../../../i18n';
import { errorCode } from '../../../lib/api';
import { useGetBalanceAlertQuery, useSetBalanceAlertMutation } from '../api';

const STATE_VARIANT: Record<AlertDeliveryView['state'], string> = {
  pending: 'secondary',
  delivered: 'success',
  failed: 'danger',
};
const CHANNEL_TEXT: Record<AlertDeliveryView['channel'], UiKey> = {
  email: 'alert.email.channel',
  webhook: 'alert.webhook.channel',
};

type Notice = { ok: boolean; text: string };

/** Refusals that belong to the webhook field, shown under it rather than above the form. */
const WEBHOOK_CODES: (ErrorCode | undefined)[] = [
  'alerts.webhook_url_invalid',
  'alerts.webhook_url_private',
];

function AlertForm({
  alert,
  onNotice,
}: {
  alert: BalanceAlertView;
  onNotice: (n: Notice) => void;
}) {
  const { t, errorText } = useI18n();
  const [threshold, setThreshold] = useState(alert.threshold ?? '');
  const [email, setEmail] = useState(alert.email ?? '');
  const [webhook, setWebhook] = useState(alert.webhook_url ?? '');
  const [invalid, setInvalid] = useState(false);
  const [webhookError, setWebhookError] = useState<string | null>(null);
  const [save, saving] = useSetBalanceAlertMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = threshold.trim();
    if (value !== '' && !THRESHOLD_PATTERN.test(value)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setWebhookError(null);
    try {
      await save({ threshold: value, email: email.trim(), webhook_url: webhook.trim() }).unwrap();
      onNotice({ ok: true, text: t(value === '' ? 'alert.off' : 'alert.saved') });
    } catch (e) {
      const text = errorText(e, 'alert.saveFailed');
      if (WEBHOOK_CODES.includes(errorCode(e))) setWebhookError(text);
      else onNotice({ ok: false, text });
    }
  };

  return (
    <Form noValidate onSubmit={(e) => void submit(e)}>
      <Form.Group className="mb-3" controlId="alert-threshold">
        <Form.Label>{t('alert.threshold')}</Form.Label>
        <InputGroup>
          <InputGroup.Text>¥</InputGroup.Text>
          <Form.Control
            inputMode="decimal"
            value={threshold}
            isInvalid={invalid}
            placeholder="5.00"
            onChange={(e) => setThreshold(e.target.value)}
          />
          <Form.Control.Feedback type="invalid">{t('alert.badThreshold')}</Form.Control.Feedback>
        </InputGroup>
        <Form.Text>{t('alert.thresholdHelp')}</Form.Text>
      </Form.Group>
      <Form.Group className="mb-3" controlId="alert-email">
        <Form.Label>{t('alert.email')}</Form.Label>
        <Form.Control
          type="email"
          value={email}
          maxLength={191}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Form.Text>
          {alert.account_email
            ? t('alert.emailHelp', { email: alert.account_email })
            : t('alert.emailNone')}
        </Form.Text>
      </Form.Group>
      <Form.Group className="mb-3" controlId="alert-webhook">
        <Form.Label>{t('alert.webhook')}</Form.Label>
        <Form.Control
          type="url"
          value={webhook}
          maxLength={2000}
          placeholder="https://example.com/hooks/portico"
          isInvalid={webhookError !== null}
          onChange={(e) => {
            setWebhook(e.target.value);
            setWebhookError(null);
          }}
        />
        <Form.Control.Feedback type="invalid">{webhookError}</Form.Control.Feedback>
      </Form.Group>
      {alert.webhook_secret && (
        <Form.Group className="mb-3" controlId="alert-secret">
          <Form.Label>{t('alert.secret')}</Form.Label>
          <Form.Control readOnly className="font-monospace small" value={alert.webhook_secret} />
          <Form.Text>{t('alert.secretHelp')}</Form.Text>
        </Form.Group>
      )}
      <Button type="submit" disabled={saving.isLoading}>
        {saving.isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
        {t('alert.save')}
      </Button>
    </Form>
  );
}

/** The low-balance alert's settings and the log of what it sent. */
export default function BalanceAlertCard() {
  const { t, errorText, time } = useI18n();
  const { data, error, isLoading } = useGetBalanceAlertQuery();
  const [notice, setNotice] = useState<Notice | null>(null);

  return (
    <Card className="mb-4" data-testid="balance-alert">
      <Card.Header>{t('alert.title')}</Card.Header>
      <Card.Body>
        {isLoading ? (
          <Loading />
        ) : error || !data ? (
          <ErrorBanner messages={[errorText(error, 'alert.loadFailed')]} />
        ) : (
          <>
            <p className="small text-body-secondary">{t('alert.intro')}</p>
            <NoticeBanner notice={notice} onClose={() => setNotice(null)} />
            <AlertForm
              key={`${data.threshold}|${data.email}|${data.webhook_url}`}
              alert={data}
              onNotice={setNotice}
            />
            <h2 className="h6 mt-4">{t('alert.deliveries')}</h2>
            {data.deliveries.length === 0 ? (
              <p className="small text-body-secondary mb-0">{t('alert.noDeliveries')}</p>
            ) : (
              <Table size="sm" className="portico-stack-table mb-0" data-testid="alert-deliveries">
                <thead>
                  <tr>
                    <th>{t('alert.time')}</th>
                    <th>{t('alert.channel')}</th>
                    <th>{t('alert.target')}</th>
                    <th>{t('alert.state')}</th>
                    <th>{t('alert.attempts')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.deliveries.map((d) => (
                    <tr key={d.id}>
                      <td data-label={t('alert.time')} className="text-nowrap">
                        {time(d.created_at)}
                      </td>
                      <td data-label={t('alert.channel')}>{t(CHANNEL_TEXT[d.channel])}</td>
                      <td data-label={t('alert.target')} className="text-break small">
                        {d.target}
                      </td>
                      <td data-label={t('alert.state')}>
                        <Badge bg={STATE_VARIANT[d.state]}>{t(`alert.${d.state}`)}</Badge>
                        {d.last_error && (
                          <div className="small text-body-secondary text-break">{d.last_error}</div>
                        )}
                      </td>
                      <td data-label={t('alert.attempts')}>{d.attempts}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </>
        )}
      </Card.Body>
    </Card>
  );
}
