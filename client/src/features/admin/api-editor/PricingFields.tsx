import type { QuotaPeriod } from '@contracts/apis';
import { Form } from 'react-bootstrap';
import { APIS } from '../i18n/apis';
import { COMMON } from '../i18n/common';
import { FieldError, FieldText } from './FieldError';
import { invalidProps } from './fields';
import type { SectionProps } from './model';

const { basic } = APIS.editor;

/** The switches of the API's status, pin and billing. */
const SWITCHES = [
  { key: 'status', label: COMMON.enabled },
  { key: 'is_pinned', label: basic.pinned },
  { key: 'is_paid', label: basic.paid },
] as const;

/** The API's switches, then what a paid API costs a call and the free calls before that. */
export default function PricingFields({ form, set, errors = {} }: SectionProps) {
  return (
    <div className="d-flex flex-wrap gap-4 align-items-end">
      {SWITCHES.map(({ key, label }) => (
        <Form.Check
          key={key}
          type="switch"
          id={`api-${key}`}
          label={label}
          {...invalidProps(key, errors[key])}
          feedback={<FieldText field={key} errors={errors} />}
          feedbackType="invalid"
          checked={form[key]}
          onChange={(e) => set(key, e.target.checked)}
        />
      ))}
      <Form.Group controlId="api-price_per_call" style={{ width: '12rem' }}>
        <Form.Label>{basic.price}</Form.Label>
        <Form.Control
          type="number"
          min={0}
          step={0.001}
          disabled={!form.is_paid}
          value={form.price_per_call}
          {...invalidProps('price_per_call', errors.price_per_call)}
          onChange={(e) => set('price_per_call', e.target.value)}
        />
        <FieldError field="price_per_call" errors={errors} />
      </Form.Group>
      <Form.Group controlId="api-free_quota_calls" style={{ width: '12rem' }}>
        <Form.Label>{basic.freeQuota}</Form.Label>
        <Form.Control
          type="number"
          min={0}
          step={1}
          disabled={!form.is_paid}
          value={form.free_quota_calls}
          {...invalidProps('free_quota_calls', errors.free_quota_calls, 'api-free_quota-help')}
          onChange={(e) => set('free_quota_calls', e.target.value)}
        />
        <FieldError field="free_quota_calls" errors={errors} />
      </Form.Group>
      <Form.Group controlId="api-free_quota_period" style={{ width: '8rem' }}>
        <Form.Label>{basic.freePeriod}</Form.Label>
        <Form.Select
          disabled={!form.is_paid}
          value={form.free_quota_period}
          {...invalidProps('free_quota_period', errors.free_quota_period)}
          onChange={(e) => set('free_quota_period', e.target.value as QuotaPeriod)}
        >
          <option value="day">{basic.periods.day}</option>
          <option value="month">{basic.periods.month}</option>
        </Form.Select>
        <FieldError field="free_quota_period" errors={errors} />
      </Form.Group>
      <Form.Text id="api-free_quota-help" className="w-100 mt-0">
        {basic.freeQuotaHelp}
      </Form.Text>
    </div>
  );
}
