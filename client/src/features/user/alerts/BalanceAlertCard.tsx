import { EMAIL_MAX_LENGTH } from '@contracts/account-email';
import type { AlertDeliveryView, BalanceAlertView } from '@contracts/usage';
import { BALANCE_ALERT_FIELDS, THRESHOLD_PATTERN, WEBHOOK_URL_MAX } from '@contracts/usage';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { Badge, Button, Card, Form, InputGroup, Spinner, Table } from 'react-bootstrap';
import ErrorBanner from '../../../components/ui/ErrorBanner';
import Loading from '../../../components/ui/Loading';
import NoticeBanner from '../../../components/ui/NoticeBanner';
import { useI18n, type UiKey } from '../../../i18n';
import { invalidMarks } from '../../../components/ui/invalidMarks';
import { errorCode, refusedField } from '../../../lib/api';
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

type AlertField = (typeof BALANCE_ALERT_FIELDS)[number];

/** What each field asks for, said at the field when the server refuses its form. */
const FIELD_TEXT: Record<AlertField, UiKey> = {
  threshold: 'alert.badThreshold',
  email: 'alert.badEmail',
  webhook_url: 'alert.badWebhook',
};

/** A refusal of one field, said under it. */
type Refusal = { field: AlertField; text: string };

function AlertForm({
  alert,
  onNotice,
}: {
  alert: BalanceAlertView;
  onNotice: (n: Notice | null) => void;
}) {
  const { t, errorText } = useI18n();
  const [values, setValues] = useState<Record<AlertField, string>>({
    threshold: alert.threshold ?? '',
    email: alert.email ?? '',
    webhook_url: alert.webhook_url ?? '',
  });
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [save, saving] = useSetBalanceAlertMutation();
  const id = (field: AlertField) => `alert-${field}`;
  useEffect(() => {
    if (refusal) document.getElementById(id(refusal.field))?.focus();
  }, [refusal]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    onNotice(null);
    const body = {
      threshold: values.threshold.trim(),
      email: values.email.trim(),
      webhook_url: values.webhook_url.trim(),
    };
    if (body.threshold !== '' && !THRESHOLD_PATTERN.test(body.threshold)) {
      setRefusal({ field: 'threshold', text: t(FIELD_TEXT.threshold) });
      return;
    }
    setRefusal(null);
    try {
      await save(body).unwrap();
      onNotice({ ok: true, text: t(body.threshold === '' ? 'alert.off' : 'alert.saved') });
    } catch (e) {
      const field = refusedField(e, BALANCE_ALERT_FIELDS);
      if (!field) return onNotice({ ok: false, text: errorText(e, 'alert.saveFailed') });
      const text =
        errorCode(e) === 'request.validation'
          ? t(FIELD_TEXT[field])
          : errorText(e, 'alert.saveFailed');
      setRefusal({ field, text });
    }
  };

  /** The control's marks and handler, and what is wrong with it when it was refused. */
  const control = (field: AlertField, help?: boolean) => ({
    value: values[field],
    ...invalidMarks(refusal?.field === field && `${id(field)}-error`, help && `${id(field)}-help`),
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const { value } = e.target;
      setValues((current) => ({ ...current, [field]: value }));
      if (refusal?.field === field) setRefusal(null);
    },
  });
  const feedback = (field: AlertField) => (
    <Form.Control.Feedback type="invalid" id={`${id(field)}-error`}>
      {refusal?.field === field && refusal.text}
    </Form.Control.Feedback>
  );

  return (
    <Form noValidate onSubmit={(e) => void submit(e)}>
      <Form.Group className="mb-3" controlId={id('threshold')}>
        <Form.Label>{t('alert.threshold')}</Form.Label>
        <InputGroup hasValidation>
          <InputGroup.Text>¥</InputGroup.Text>
          <Form.Control inputMode="decimal" placeholder="5.00" {...control('threshold', true)} />
          {feedback('threshold')}
        </InputGroup>
        <Form.Text id={`${id('threshold')}-help`}>{t('alert.thresholdHelp')}</Form.Text>
      </Form.Group>
      <Form.Group className="mb-3" controlId={id('email')}>
        <Form.Label>{t('alert.email')}</Form.Label>
        <Form.Control type="email" maxLength={EMAIL_MAX_LENGTH} {...control('email', true)} />
        {feedback('email')}
        <Form.Text id={`${id('email')}-help`}>
          {alert.account_email
            ? t('alert.emailHelp', { email: alert.account_email })
            : t('alert.emailNone')}
        </Form.Text>
      </Form.Group>
      <Form.Group className="mb-3" controlId={id('webhook_url')}>
        <Form.Label>{t('alert.webhook')}</Form.Label>
        <Form.Control
          type="url"
          maxLength={WEBHOOK_URL_MAX}
          placeholder="https://example.com/hooks/portico"
          {...control('webhook_url')}
        />
        {feedback('webhook_url')}
      </Form.Group>
      {alert.webhook_secret && (
        <Form.Group className="mb-3" controlId="alert-secret">
          <Form.Label>{t('alert.secret')}</Form.Label>
          <Form.Control
            readOnly
            className="font-monospace small"
            value={alert.webhook_secret}
            aria-describedby="alert-secret-help"
          />
          <Form.Text id="alert-secret-help">{t('alert.secretHelp')}</Form.Text>
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
