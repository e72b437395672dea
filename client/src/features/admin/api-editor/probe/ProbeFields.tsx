import { PROBE_LIMITS, PROBE_METHODS } from '@contracts/health';
import type { ProbeMethod } from '@contracts/health';
import { Col, Form, Row } from 'react-bootstrap';
import { PROBES } from '../../i18n/probes';
import TextField from '../TextField';
import { BODY_METHODS, type NumberField, type ProbeForm } from './form';

/** The probe's fields as the editor holds them: each shows its own refusal under it. */
export default function ProbeFields({
  form,
  errors,
  set,
}: {
  form: ProbeForm;
  errors: Record<string, string>;
  set: <K extends keyof ProbeForm>(key: K, value: ProbeForm[K]) => void;
}) {
  const number = (field: NumberField, label: string, min: number, max: number) => (
    <TextField
      id={`probe-${field}`}
      label={label}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      value={form[field]}
      error={errors[field]}
      onChange={(value) => set(field, value)}
    />
  );

  return (
    <>
      <Form.Check
        type="switch"
        id="api-probe-enabled"
        className="mb-3"
        label={PROBES.fields.enabled}
        checked={form.enabled}
        onChange={(e) => set('enabled', e.target.checked)}
      />
      <Row>
        <Col sm={3}>
          <Form.Group className="mb-3" controlId="api-probe-method">
            <Form.Label>{PROBES.fields.method}</Form.Label>
            <Form.Select
              value={form.method}
              onChange={(e) => set('method', e.target.value as ProbeMethod)}
            >
              {PROBE_METHODS.map((method) => (
                <option key={method}>{method}</option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col sm={9}>
          <TextField
            id="probe-query"
            label={PROBES.fields.query}
            placeholder="ip=8.8.8.8"
            maxLength={PROBE_LIMITS.queryMax}
            value={form.query}
            error={errors.query}
            help={PROBES.fields.queryHelp}
            onChange={(value) => set('query', value)}
          />
        </Col>
      </Row>
      {BODY_METHODS.has(form.method) && (
        <TextField
          id="probe-body"
          label={PROBES.fields.body}
          as="textarea"
          rows={3}
          className="font-monospace"
          maxLength={PROBE_LIMITS.bodyMax}
          value={form.body}
          error={errors.body}
          onChange={(value) => set('body', value)}
        />
      )}
      <Row>
        <Col sm={4}>{number('expected_status', PROBES.fields.expectedStatus, 100, 599)}</Col>
        <Col sm={4}>
          {number(
            'interval_s',
            PROBES.fields.interval,
            PROBE_LIMITS.intervalMin,
            PROBE_LIMITS.intervalMax,
          )}
        </Col>
        <Col sm={4}>
          {number(
            'timeout_ms',
            PROBES.fields.timeout,
            PROBE_LIMITS.timeoutMin,
            PROBE_LIMITS.timeoutMax,
          )}
        </Col>
      </Row>
    </>
  );
}
