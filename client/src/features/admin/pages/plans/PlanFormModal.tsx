import { PLAN_PERIODS, type AdminPlanView, type PlanPeriod } from '@contracts/plans';
import { Col, Row } from 'react-bootstrap';
import FormModal from '../../components/FormModal';
import RefusableField from '../../components/RefusableField';
import { PLANS } from '../../i18n/plans';
import type { PlanField } from './planForm';
import PlanDefaultCheck from './PlanDefaultCheck';
import PlanLimitFields from './PlanLimitFields';
import PlanScopeFields from './PlanScopeFields';
import { usePlanForm } from './usePlanForm';

const TEXTS = PLANS.form;
/** On offer first: a new plan is. */
const STATUSES: [string, string][] = [
  ['1', PLANS.statuses.on],
  ['0', PLANS.statuses.off],
];

/** A choice's values in the contract's order, each with its name. */
const entries = <V extends string>(values: readonly V[], names: Record<V, string>) =>
  values.map((value): [string, string] => [value, names[value]]);
type TextField = 'name' | 'name_en' | 'description' | 'description_en' | 'price' | 'included_calls';

/** 新建套餐 / 编辑: every term of a plan, each refusal said at its field. */
export default function PlanFormModal({
  plan,
  onClose,
  onSaved,
}: {
  plan: AdminPlanView | null;
  onClose: () => void;
  onSaved: (saved: AdminPlanView, created: boolean) => void;
}) {
  const state = usePlanForm(plan, onSaved);
  const { form, set, refusal } = state;
  const field = (name: TextField, label: string, props: Record<string, unknown> = {}) => (
    <RefusableField<PlanField>
      form="plan"
      field={name}
      label={label}
      value={form[name]}
      refusal={refusal}
      onChange={(value) => set(name, value)}
      {...props}
    />
  );
  const choice = (
    name: 'period' | 'status',
    label: string,
    entries: [string, string][],
    onPick: (value: string) => void,
  ) => (
    <RefusableField<PlanField>
      form="plan"
      field={name}
      label={label}
      value={String(form[name])}
      refusal={refusal}
      options={entries.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
      onChange={onPick}
    />
  );

  return (
    <FormModal
      id="plan-modal"
      size="lg"
      title={plan ? TEXTS.editTitle(plan.name) : TEXTS.createTitle}
      refusal={refusal && !refusal.field ? refusal.text : null}
      done={null}
      busy={state.isLoading}
      submit={{ idle: TEXTS.submit, busy: TEXTS.submitting }}
      onSubmit={state.onSubmit}
      onClose={onClose}
    >
      <Row>
        <Col md={6}>{field('name', TEXTS.name, { maxLength: 100 })}</Col>
        <Col md={6}>{field('name_en', TEXTS.nameEn, { maxLength: 100 })}</Col>
        <Col md={6}>{field('description', TEXTS.description, { as: 'textarea', rows: 2 })}</Col>
        <Col md={6}>
          {field('description_en', TEXTS.descriptionEn, { as: 'textarea', rows: 2 })}
        </Col>
        <Col sm={4}>
          {field('price', TEXTS.price, { inputMode: 'decimal', placeholder: '9.9' })}
        </Col>
        <Col sm={4}>
          {choice('period', TEXTS.period, entries(PLAN_PERIODS, PLANS.periods), (value) =>
            set('period', value as PlanPeriod),
          )}
        </Col>
        <Col sm={4}>{field('included_calls', TEXTS.includedCalls, { inputMode: 'numeric' })}</Col>
        <PlanScopeFields {...state} />
        <PlanLimitFields {...state} />
        <Col sm={form.overage === 'pay' ? 4 : 6}>
          {choice('status', TEXTS.status, STATUSES, (value) => set('status', Number(value)))}
        </Col>
      </Row>
      <PlanDefaultCheck {...state} />
    </FormModal>
  );
}
