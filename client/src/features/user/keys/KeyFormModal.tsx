import type { ApiKeyView, CreatedApiKey } from '@contracts/api-keys';
import { KEY_NAME_MAX } from '@contracts/api-keys';
import { useEffect, useState } from 'react';
import { Alert, Button, Col, Form, Modal, Row } from 'react-bootstrap';
import { useI18n } from '../../../i18n';
import StepUpForm, { stepUpRequired, type StepUp } from '../security/StepUpForm';
import ApiPicker from './ApiPicker';
import { useCreateApiKeyMutation, useUpdateApiKeyMutation } from './api';
import { EMPTY_FORM, formOf, settingsOf } from './form';
import type { KeyForm } from './form';

const fieldOf = (error: unknown): string | undefined => {
  const data = (error as { data?: { field?: unknown } } | undefined)?.data;
  return typeof data?.field === 'string' ? data.field : undefined;
};

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
  const [failure, setFailure] = useState<{ text: string; field?: string } | null>(null);
  const [create, creating] = useCreateApiKeyMutation();
  const [update, updating] = useUpdateApiKeyMutation();
  // A new key on an account with two-factor may first want the second factor again.
  const [stepUp, setStepUp] = useState<StepUp | null>(null);
  const set = (patch: Partial<KeyForm>) => setForm((current) => ({ ...current, ...patch }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    void save();
  };

  const save = async () => {
    setFailure(null);
    const settings = settingsOf(form);
    if (settings.rate_limit !== null && settings.rate_limit > rateLimitMax) {
      setFailure({ text: t('keys.rateLimitTooHigh', { max: rateLimitMax }), field: 'rate_limit' });
      return;
    }
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
      setFailure({
        text: errorText(e, 'keys.saveFailed', 'user.requestFailed'),
        field: fieldOf(e),
      });
    }
  };
  const invalid = (field: string) => failure?.field === field;
  // Each control's id is the field the server names, so a refusal brings its field into view.
  const id = (field: string) => `key-${field}`;
  useEffect(() => {
    if (failure?.field) document.getElementById(id(failure.field))?.focus();
  }, [failure]);

  if (stepUp) {
    return (
      <Modal show onHide={onClose} centered size="lg">
        <Modal.Header closeButton>
          <Modal.Title>{t('keys.createTitle')}</Modal.Title>
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
    <Modal show onHide={onClose} centered size="lg">
      <Form onSubmit={submit} noValidate>
        <Modal.Header closeButton>
          <Modal.Title>{apiKey ? t('keys.editTitle') : t('keys.createTitle')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {failure && <Alert variant="danger">{failure.text}</Alert>}
          <Form.Group className="mb-3" controlId={id('name')}>
            <Form.Label>{t('keys.name')}</Form.Label>
            <Form.Control
              value={form.name}
              maxLength={KEY_NAME_MAX}
              required
              isInvalid={invalid('name')}
              onChange={(e) => set({ name: e.target.value })}
            />
          </Form.Group>
          <Row>
            <Col sm={6}>
              <Form.Group className="mb-3" controlId={id('expires_at')}>
                <Form.Label>{t('keys.expires')}</Form.Label>
                <Form.Control
                  type="datetime-local"
                  value={form.expires}
                  isInvalid={invalid('expires_at')}
                  onChange={(e) => set({ expires: e.target.value })}
                />
                <Form.Text>{t('keys.expiresHelp')}</Form.Text>
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
                  isInvalid={invalid('rate_limit')}
                  onChange={(e) => set({ rateLimit: e.target.value })}
                />
                <Form.Text>{t('keys.rateLimitHelp', { max: rateLimitMax })}</Form.Text>
              </Form.Group>
            </Col>
            <Col sm={6}>
              <Form.Group className="mb-3" controlId={id('daily_cap')}>
                <Form.Label>{t('keys.dailyCap')}</Form.Label>
                <Form.Control
                  inputMode="decimal"
                  value={form.dailyCap}
                  isInvalid={invalid('daily_cap')}
                  onChange={(e) => set({ dailyCap: e.target.value })}
                />
                <Form.Text>{t('keys.capHelp')}</Form.Text>
              </Form.Group>
            </Col>
            <Col sm={6}>
              <Form.Group className="mb-3" controlId={id('monthly_cap')}>
                <Form.Label>{t('keys.monthlyCap')}</Form.Label>
                <Form.Control
                  inputMode="decimal"
                  value={form.monthlyCap}
                  isInvalid={invalid('monthly_cap')}
                  onChange={(e) => set({ monthlyCap: e.target.value })}
                />
                <Form.Text>{t('keys.capHelp')}</Form.Text>
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
              isInvalid={invalid('allowed_ips')}
              placeholder={'203.0.113.7\n10.0.0.0/8\n2001:db8::/32'}
              onChange={(e) => set({ ips: e.target.value })}
            />
            <Form.Text>{t('keys.allowedIpsHelp')}</Form.Text>
          </Form.Group>
          <Form.Group controlId={id('allowed_apis')}>
            <Form.Label>{t('keys.allowedApis')}</Form.Label>
            <ApiPicker
              value={form.apis}
              invalid={invalid('allowed_apis')}
              onChange={(apis) => set({ apis })}
            />
            <Form.Text>{t('keys.allowedApisHelp')}</Form.Text>
          </Form.Group>
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
