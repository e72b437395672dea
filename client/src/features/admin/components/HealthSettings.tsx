import { HEALTH_SETTING_LIMITS } from '@contracts/site';
import type { HealthSettings as Settings, SiteConfigBody } from '@contracts/site';
import type { ReactNode } from 'react';
import { Card, Col, Form, InputGroup, Row } from 'react-bootstrap';
import { APIS } from '../i18n/apis';

type NumberKey = keyof typeof HEALTH_SETTING_LIMITS;

const TEXTS = APIS.healthSettings;

/** What each number means and the unit after it, as 网站配置 labels it. */
const NUMBERS: { key: NumberKey; label: string; unit: string; error: string }[] = [
  { key: 'health_degraded_success', ...TEXTS.degradedSuccess },
  { key: 'health_degraded_p95_ms', ...TEXTS.degradedP95 },
  { key: 'health_down_success', ...TEXTS.downSuccess },
  { key: 'health_down_probe_failures', ...TEXTS.downProbeFailures },
];

/** Where incidents are announced: an address for mail, one for the webhook. */
const ALERTS = [
  { key: 'health_alert_email', type: 'email', maxLength: 254, ...TEXTS.alertEmail },
  { key: 'health_alert_webhook_url', type: 'url', maxLength: 2000, ...TEXTS.webhookUrl },
] as const;

/** Each number's own check, in the words the field shows. */
export const HEALTH_FIELD_ERRORS = Object.fromEntries(
  NUMBERS.map(({ key, error }) => [key, error]),
) as Record<NumberKey, string>;

/** The first health number that cannot be saved (as typed: the inputs keep text). */
export function healthError(form: SiteConfigBody): NumberKey | null {
  const value = (key: NumberKey) => String(form[key] ?? '').trim();
  for (const { key } of NUMBERS) {
    const [min, max] = HEALTH_SETTING_LIMITS[key];
    const text = value(key);
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) return key;
  }
  if (Number(value('health_down_success')) >= Number(value('health_degraded_success'))) {
    return 'health_down_success';
  }
  return null;
}

/** 网站配置's 接口健康 card: when an API counts as degraded or down, automatic maintenance,
 * and where incidents are announced (with the secret that signs the webhook). */
export default function HealthSettings({
  form,
  secret,
  change,
  fieldProps,
  fieldError,
  switchControl,
}: {
  form: SiteConfigBody;
  secret: string;
  change: (key: keyof Settings, value: string) => void;
  /** The invalid marking of a field the last save refused. */
  fieldProps: (key: string, helpId?: string) => object;
  fieldError: (key: string) => ReactNode;
  switchControl: ReactNode;
}) {
  return (
    <Card className="mb-3">
      <Card.Header as="h2" className="h6 mb-0">
        {TEXTS.title}
      </Card.Header>
      <Card.Body>
        <p className="small text-muted">{TEXTS.intro}</p>
        <Row>
          {NUMBERS.map(({ key, label, unit }) => (
            <Col md={6} key={key}>
              <Form.Group className="mb-3" controlId={`config-${key}`}>
                <Form.Label>{label}</Form.Label>
                <InputGroup hasValidation>
                  <Form.Control
                    type="number"
                    inputMode="numeric"
                    min={HEALTH_SETTING_LIMITS[key][0]}
                    max={HEALTH_SETTING_LIMITS[key][1]}
                    value={String(form[key] ?? '')}
                    {...fieldProps(key)}
                    onChange={(e) => change(key, e.target.value)}
                  />
                  <InputGroup.Text>{unit}</InputGroup.Text>
                  {fieldError(key)}
                </InputGroup>
              </Form.Group>
            </Col>
          ))}
        </Row>
        {switchControl}
        {ALERTS.map(({ key, type, maxLength, label, help }) => (
          <Form.Group className="mb-3" controlId={`config-${key}`} key={key}>
            <Form.Label>{label}</Form.Label>
            <Form.Control
              type={type}
              maxLength={maxLength}
              value={form[key] ?? ''}
              {...fieldProps(key, `config-${key}-help`)}
              onChange={(e) => change(key, e.target.value)}
            />
            {fieldError(key)}
            <Form.Text id={`config-${key}-help`}>{help}</Form.Text>
          </Form.Group>
        ))}
        <Form.Group controlId="config-health_alert_webhook_secret">
          <Form.Label>{TEXTS.webhookSecret.label}</Form.Label>
          <Form.Control
            readOnly
            className="font-monospace"
            value={secret}
            aria-describedby="config-webhook-secret-help"
          />
          <Form.Text id="config-webhook-secret-help">{TEXTS.webhookSecret.help}</Form.Text>
        </Form.Group>
      </Card.Body>
    </Card>
  );
}
