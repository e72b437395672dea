import type { ApiKeyView, CreatedApiKey } from '@contracts/api-keys';
import { KEY_FIELDS, KEY_NAME_MAX, MAX_ALLOWED_APIS, MAX_ALLOWED_IPS } from '@contracts/api-keys';
import { PRICE_PATTERN } from '@contracts/apis';
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Col, Form, Modal, Row } from 'react-bootstrap';
import { invalidMarks } from '../../../components/ui/invalidMarks';
import { useI18n, type UiKey } from '../../../i18n';
import { errorCode, refusedField } from '../../../lib/api';
import StepUpForm, { stepUpRequired, type StepUp } from '../security/StepUpForm';
import ApiPicker from './ApiPicker';
import { useCreateApiKeyMutation, useUpdateApiKeyMutation } from './api';
import { EMPTY_FORM, formOf, settingsOf } from './form';
import type { KeyForm } from './form';

type KeyField = (typeof KEY_FIELDS)[number];

/** What each field asks for, said at the field when the server refuses its form. */
const FIELD_TEXT: Record<KeyField, UiKey> = {
  name: 'keys.invalid.name',
  expires_at: 'keys.invalid.expires',
  allowed_apis: 'keys.invalid.apis',
  allowed_ips: 'keys.invalid.ips',
  rate_limit: 'keys.invalid.rateLimit',
  daily_cap: 'keys.invalid.cap',
  monthly_cap: 'keys.invalid.cap',
};

/** A refusal: at its field when it names one of the form's, else above the buttons. */
type Refusal = { text: string; field?: KeyField };

/**
 * Creates a named key (answering its secret) or edits one; empty fields mean "no limit". A key's
 * rate limit may only be lower than the site's (`rateLimitMax`).
 */
export default function KeyFormModal({
  apiKey,
  rateLimitMax,
  onClose,
  onCreated,
  onSaved,
}: {
  apiKey: ApiKeyView | null;
  rateLimitMax: number;
  onClose: () => void;
  onCreated: (created: CreatedApiKey) => void;
  onSaved: (key: ApiKeyView) => void;
}) {
  const { t, errorText } = useI18n();
  const [form, setForm] = useState<KeyForm>(apiKey ? formOf(apiKey) : EMPTY_FORM);
  const [failure, setFailure] = useState<Refusal | null>(null);
  const [create, creating] = useCreateApiKeyMutation();
  const [update, updating] = useUpdateApiKeyMutation();
  // A new key on an account with two-factor may first want the second factor again.
  const [stepUp, setStepUp] = useState<StepUp | null>(null);
  const set = (patch: Partial<KeyForm>) => setForm((current) => ({ ...current, ...patch }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    void save();
  };

  const fieldText = (field: KeyField) =>
    t(FIELD_TEXT[field], { max: KEY_NAME_MAX, apis: MAX_ALLOWED_APIS, ips: MAX_ALLOWED_IPS });

  /** The first field the form can tell is wrong without asking the server. */
  const checked = (): Refusal | null => {
    const settings = settingsOf(form);
    if (!settings.name) return { field: 'name', text: fieldText('name') };
    const rate = settings.rate_limit;
    if (rate !== null && (!Number.isInteger(rate) || rate < 1))
      return { field: 'rate_limit', text: fieldText('rate_limit') };
    if (rate !== null && rate > rateLimitMax)
      return { field: 'rate_limit', text: t('keys.rateLimitTooHigh', { max: rateLimitMax }) };
    for (const field of ['daily_cap', 'monthly_cap'] as const) {
      const cap = settings[field];
      if (cap !== null && !PRICE_PATTERN.test(cap)) return { field, text: fieldText(field) };
    }
    if ((settings.allowed_ips?.length ?? 0) > MAX_ALLOWED_IPS)
      return { field: 'allowed_ips', text: fieldText('allowed_ips') };
    return null;
  };

  const save = async () => {
    const problem = checked();
    setFailure(problem);
    if (problem) return;
    const settings = settingsOf(form);
    try {
      if (apiKey) {
        // Only what changed: an untouched expiry that has passed must not be refused.
        const before = settingsOf(formOf(apiKey));
        const changed = Object.fromEntries(
          Object.entries(settings).filter(
            ([name, value]) =>
              JSON.stringify(value) !== JSON.stringify(before[name as keyof typeof before]),
          ),
        );
        onSaved(await update({ id: apiKey.id, ...changed }).unwrap());
      } else onCreated(await create(settings).unwrap());
    } catch (e) {
      const needed = stepUpRequired(e);
      if (needed) return setStepUp(needed);
      const field = refusedField(e, KEY_FIELDS);
      if (!field) {
        return setFailure({ text: errorText(e, 'keys.saveFailed', 'user.requestFailed') });
      }
      const text =
        errorCode(e) === 'request.validation'
          ? fieldText(field)
          : errorText(e, 'keys.saveFailed', 'user.requestFailed');
      setFailure({ field, text });
    }
  };
  // Each control's id is the field the server names, so a refusal brings its field into view.
  const id = (field: KeyField) => `key-${field}`;
  const errorId = (field: KeyField) => failure?.field === field && `${id(field)}-error`;
  const helpId = (field: KeyField) => `${id(field)}-help`;
  const marks = (field: KeyField) => invalidMarks(errorId(field), helpId(field));
  /** The field's help, after what is wrong with it when it was refused. */
  const below = (field: KeyField, help: ReactNode) => (
    <>
      {failure?.field === field && (
        <Form.Control.Feedback type="invalid" className="d-block" id={`${id(field)}-error`}>
          {failure.text}
        </Form.Control.Feedback>
      )}
      <Form.Text id={helpId(field)}>{help}</Form.Text>
    </>
  );
  /** Editing a refused field takes its message back; the next save checks again. */
  const edit = (field: KeyField, patch: Partial<KeyForm>) => {
    set(patch);
    if (failure?.field === field) setFailure(null);
  };
  useEffect(() => {
    if (failure?.field) document.getElementById(id(failure.field))?.focus();
  }, [failure]);

  if (stepUp) {
    return (
      <Modal show onHide={onClose} centered size="lg" aria-labelledby="key-form-title">
        <Modal.Header closeButton>
          <Modal.Title id="key-form-title">{t('keys.createTitle')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <StepUpForm
            stepUp={stepUp}
            onCancel={() => setStepUp(null)}
            onConfirmed={() => {
              setStepUp(null);
              void save();
            }}
          />
        </Modal.Body>
      </Modal>
    );
  }

  return (
    <Modal show onHide={onClose} centered size="lg" aria-labelledby="key-form-title">
      <Form onSubmit={submit} noValidate>
        <Modal.Header closeButton>
          <Modal.Title id="key-form-title">
            {apiKey ? t('keys.editTitle') : t('keys.createTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group className="mb-3" controlId={id('name')}>
            <Form.Label>{t('keys.name')}</Form.Label>
            <Form.Control
              value={form.name}
              maxLength={KEY_NAME_MAX}
              required
              {...invalidMarks(errorId('name'))}
              onChange={(e) => edit('name', { name: e.target.value })}
            />
            {failure?.field === 'name' && (
              <Form.Control.Feedback type="invalid" id={`${id('name')}-error`}>
                {failure.text}
              </Form.Control.Feedback>
            )}
          </Form.Group>
          <Row>
            <Col sm={6}>
              <Form.Group className="mb-3" controlId={id('expires_at')}>
                <Form.Label>{t('keys.expires')}</Form.Label>
                <Form.Control
                  type="datetime-local"
                  value={form.expires}
                  {...marks('expires_at')}
                  onChange={(e) => edit('expires_at', { expires: e.target.value })}
                />
                {below('expires_at', t('keys.expiresHelp'))}
              </Form.Group>
            </Col>
            <Col sm={6}>
              <Form.Group className="mb-3" controlId={id('rate_limit')}>
                <Form.Label>{t('keys.rateLimit')}</Form.Label>
                <Form.Control
                  type="number"
                  min={1}
                  max={rateLimitMax}
                  step={1}
                  value={form.rateLimit}
                  {...marks('rate_limit')}
                  onChange={(e) => edit('rate_limit', { rateLimit: e.target.value })}
                />
                {below('rate_limit', t('keys.rateLimitHelp', { max: rateLimitMax }))}
              </Form.Group>
            </Col>
            <Col sm={6}>
              <Form.Group className="mb-3" controlId={id('daily_cap')}>
                <Form.Label>{t('keys.dailyCap')}</Form.Label>
                <Form.Control
                  inputMode="decimal"
                  value={form.dailyCap}
                  {...marks('daily_cap')}
                  onChange={(e) => edit('daily_cap', { dailyCap: e.target.value })}
                />
                {below('daily_cap', t('keys.capHelp'))}
              </Form.Group>
            </Col>
            <Col sm={6}>
              <Form.Group className="mb-3" controlId={id('monthly_cap')}>
                <Form.Label>{t('keys.monthlyCap')}</Form.Label>
                <Form.Control
                  inputMode="decimal"
                  value={form.monthlyCap}
                  {...marks('monthly_cap')}
                  onChange={(e) => edit('monthly_cap', { monthlyCap: e.target.value })}
                />
                {below('monthly_cap', t('keys.capHelp'))}
              </Form.Group>
            </Col>
          </Row>
          <Form.Group className="mb-3" controlId={id('allowed_ips')}>
            <Form.Label>{t('keys.allowedIps')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              className="font-monospace"
              value={form.ips}
              {...marks('allowed_ips')}
              placeholder={'203.0.113.7\n10.0.0.0/8\n2001:db8::/32'}
              onChange={(e) => edit('allowed_ips', { ips: e.target.value })}
            />
            {below('allowed_ips', t('keys.allowedIpsHelp'))}
          </Form.Group>
          <Form.Group controlId={id('allowed_apis')}>
            <Form.Label>{t('keys.allowedApis')}</Form.Label>
            <ApiPicker
              value={form.apis}
              marks={marks('allowed_apis')}
              onChange={(apis) => edit('allowed_apis', { apis })}
            />
            {below('allowed_apis', t('keys.allowedApisHelp'))}
          </Form.Group>
          {failure && !failure.field && (
            <Alert variant="danger" className="mt-3 mb-0">
              {failure.text}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            {t('keys.cancel')}
          </Button>
          <Button type="submit" disabled={creating.isLoading || updating.isLoading}>
            {apiKey ? t('keys.save') : t('keys.createSubmit')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
