import { Form } from 'react-bootstrap';
import { invalidMarks } from '../../../../components/ui/invalidMarks';
import { useAdminPlansQuery } from '../../api';
import { adminErrorText } from '../../errors';
import { REDEEM } from '../../i18n/redeem';

/**
 * A plan code's plan: every plan of 套餐管理, each by its Chinese name. A hidden one is marked but
 * offered too: a code can start a period of a plan no longer on the pricing page.
 */
export default function PlanSelect({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error: string | undefined;
}) {
  const { data, error: listError } = useAdminPlansQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  return (
    <Form.Group controlId="redeem-batch-plan_id">
      <Form.Label>{REDEEM.form.plan}</Form.Label>
      <Form.Select
        value={value}
        onChange={onChange}
        {...invalidMarks(error && 'redeem-batch-plan_id-error')}
      >
        <option value="">{REDEEM.form.planPlaceholder}</option>
        {data?.plans.map((plan) => (
          <option key={plan.id} value={plan.id}>
            {plan.name + (plan.status === 0 ? REDEEM.form.planHidden : '')}
          </option>
        ))}
      </Form.Select>
      <Form.Control.Feedback type="invalid" id="redeem-batch-plan_id-error">
        {error}
      </Form.Control.Feedback>
      {listError && (
        <Form.Text className="text-danger-emphasis">
          {adminErrorText(listError, { failed: REDEEM.form.plansFailed })}
        </Form.Text>
      )}
    </Form.Group>
  );
}
