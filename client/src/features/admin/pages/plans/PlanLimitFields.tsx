import { PLAN_OVERAGES, type PlanOverage } from '@contracts/plans';
import { Col, Form, Row } from 'react-bootstrap';
import RefusableField from '../../components/RefusableField';
import { PLANS } from '../../i18n/plans';
import type { PlanField } from './planForm';
import type { PlanFormState } from './usePlanForm';

const TEXTS = PLANS.form;
const LIMITS = [
  ['hour_limit', TEXTS.hourLimit],
  ['day_limit', TEXTS.dayLimit],
  ['week_limit', TEXTS.weekLimit],
] as const;

/**
 * 调用上限 (each empty for none), then 超出后 and, for 按次付费, the 超额单价 (empty: each API's
 * own price).
 */
export default function PlanLimitFields({ form, set, refusal }: PlanFormState) {
  const pays = form.overage === 'pay';
  return (
    <>
      <Col xs={12}>
        <fieldset className="mb-3">
          <legend className="form-label fs-6 mb-2">{TEXTS.limits}</legend>
          <Row>
            {LIMITS.map(([name, label]) => (
              <Col sm={4} key={name}>
                <RefusableField<PlanField>
                  form="plan"
                  field={name}
                  label={label}
                  value={form[name]}
                  refusal={refusal}
                  onChange={(value) => set(name, value)}
                  inputMode="numeric"
                  placeholder={TEXTS.unlimited}
                  className="mb-2"
                />
              </Col>
            ))}
          </Row>
          <Form.Text>{TEXTS.limitsHelp}</Form.Text>
        </fieldset>
      </Col>
      <Col sm={pays ? 4 : 6}>
        <RefusableField<PlanField>
          form="plan"
          field="overage"
          label={TEXTS.overage}
          value={form.overage}
          refusal={refusal}
          options={PLAN_OVERAGES.map((overage) => (
            <option key={overage} value={overage}>
              {PLANS.overages[overage]}
            </option>
          ))}
          onChange={(value) => set('overage', value as PlanOverage)}
        />
      </Col>
      {pays && (
        <Col sm={4}>
          <RefusableField<PlanField>
            form="plan"
            field="overage_price"
            label={TEXTS.overagePrice}
            value={form.overage_price}
            refusal={refusal}
            onChange={(value) => set('overage_price', value)}
            inputMode="decimal"
            placeholder={TEXTS.apiPrice}
          />
        </Col>
      )}
    </>
  );
}
