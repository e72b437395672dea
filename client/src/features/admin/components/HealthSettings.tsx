import { HEALTH_SETTING_LIMITS } from '@contracts/site';
import type { HealthSettings as Settings, SiteConfigBody } from '@contracts/site';
import type { ReactNode } from 'react';
import { Card, Col, Form, InputGroup, Row } from 'react-bootstrap';

type NumberKey = keyof typeof HEALTH_SETTING_LIMITS;

/** What each number means and the unit after it, as 网站配置 labels it. */
const NUMBERS: { key: NumberKey; label: string; unit: string }[] = [
  { key: 'health_degraded_success', label: '“性能下降”：成功率低于', unit: '%' },
  { key: 'health_degraded_p95_ms', label: '“性能下降”：P95 延迟高于', unit: '毫秒' },
  { key: 'health_down_success', label: '“不可用”：成功率低于', unit: '%' },
  { key: 'health_down_probe_failures', label: '“不可用”：探测连续失败', unit: '次' },
];

/** Each number's own check, in the words the field shows. */
export const HEALTH_FIELD_ERRORS: Record<NumberKey, string> = {
  health_degraded_success: '须为 1 到 100 之间的整数',
  health_degraded_p95_ms: '须为 100 到 60000 之间的整数（毫秒）',
  health_down_success: '须为 0 到 99 之间的整数，且低于“性能下降”的成功率',
  health_down_probe_failures: '须为 1 到 20 之间的整数',
};

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

/**
 * 网站配置's 接口健康 card: when an API counts as degraded or down, automatic maintenance, and
 * where incidents are announced (with the secret that signs the webhook).
 */
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
  fieldProps: (key: string) => object;
  fieldError: (key: string) => ReactNode;
  switchControl: ReactNode;
}) {
  return (
    <Card className="mb-3">
      <Card.Header as="h2" className="h6 mb-0">
        接口健康
      </Card.Header>
      <Card.Body>
        <p className="small text-muted">
          依据最近一小时（调用不足 20
          次时为最近一天）的调用和探测结果判断每个接口的状态，状态变化时记录事件并发送通知。
        </p>
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
        <Form.Group className="mb-3" controlId="config-health_alert_email">
          <Form.Label>通知邮箱</Form.Label>
          <Form.Control
            type="email"
            maxLength={254}
            value={form.health_alert_email ?? ''}
            {...fieldProps('health_alert_email')}
            onChange={(e) => change('health_alert_email', e.target.value)}
          />
          {fieldError('health_alert_email')}
          <Form.Text>留空则不发送邮件；需配置邮件发送（SMTP_URL）。</Form.Text>
        </Form.Group>
        <Form.Group className="mb-3" controlId="config-health_alert_webhook_url">
          <Form.Label>通知 Webhook 地址</Form.Label>
          <Form.Control
            type="url"
            maxLength={2000}
            value={form.health_alert_webhook_url ?? ''}
            {...fieldProps('health_alert_webhook_url')}
            onChange={(e) => change('health_alert_webhook_url', e.target.value)}
          />
          {fieldError('health_alert_webhook_url')}
          <Form.Text>
            留空则不推送。事件以 JSON POST，请求头 X-Portico-Event 为 api.incident。
          </Form.Text>
        </Form.Group>
        <Form.Group controlId="config-health_alert_webhook_secret">
          <Form.Label>Webhook 签名密钥</Form.Label>
          <Form.Control readOnly className="font-monospace" value={secret} />
          <Form.Text>
            X-Portico-Signature 为 sha256=HMAC-SHA256(密钥, 时间戳 + “.” + 请求体)，时间戳见
            X-Portico-Timestamp。
          </Form.Text>
        </Form.Group>
      </Card.Body>
    </Card>
  );
}
