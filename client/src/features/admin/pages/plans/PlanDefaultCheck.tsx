import { Form } from 'react-bootstrap';
import { invalidMarks } from '../../../../components/ui/invalidMarks';
import { PLANS } from '../../i18n/plans';
import type { PlanFormState } from './usePlanForm';

/** 新用户默认套餐: new users are subscribed to it (a free plan only, which is said here). */
export default function PlanDefaultCheck({ form, set, refusal }: PlanFormState) {
  const refused = refusal?.field === 'is_default';
  return (
    <Form.Group controlId="plan-is_default">
      <Form.Check
        label={PLANS.form.isDefault}
        checked={form.is_default}
        {...invalidMarks(refused && 'plan-is_default-error')}
        onChange={(e) => set('is_default', e.target.checked)}
      />
      {refused && (
        <div className="invalid-feedback d-block" id="plan-is_default-error">
          {refusal.text}
        </div>
      )}
    </Form.Group>
  );
}
