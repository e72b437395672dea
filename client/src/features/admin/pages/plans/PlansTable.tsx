import type { Category } from '@contracts/categories';
import type { AdminPlanView } from '@contracts/plans';
import { Badge, Button, Table } from 'react-bootstrap';
import { formatCount } from '../../../../lib/formatCount';
import { formatPrice } from '../../../../lib/money';
import { COMMON } from '../../i18n/common';
import { limitsText, scopeText } from './planCells';
import { PLANS } from '../../i18n/plans';

const { list: LIST } = PLANS;

function PlanRow({
  plan,
  categories,
  onEdit,
}: {
  plan: AdminPlanView;
  categories: Category[];
  onEdit: (plan: AdminPlanView) => void;
}) {
  return (
    <tr data-testid={`admin-plan-${plan.id}`}>
      <td data-label={LIST.name} className="admin-break">
        <div>
          {plan.name}
          {plan.is_default && (
            <Badge bg="info" text="dark" className="ms-2">
              {LIST.isDefault}
            </Badge>
          )}
          {plan.name_en && <div className="small text-body-secondary">{plan.name_en}</div>}
        </div>
      </td>
      <td data-label={LIST.price} className="text-nowrap">
        {Number(plan.price) === 0 ? PLANS.free : formatPrice(plan.price)}
      </td>
      <td data-label={LIST.period}>{PLANS.periods[plan.period]}</td>
      <td data-label={LIST.includedCalls}>
        {formatCount(plan.included_calls)}
        {limitsText(plan) && <div className="small text-body-secondary">{limitsText(plan)}</div>}
      </td>
      <td data-label={LIST.scope} className="admin-break">
        {scopeText(plan, categories)}
      </td>
      <td data-label={LIST.overage}>
        {PLANS.overages[plan.overage]}
        {plan.overage_price !== null && (
          <div className="small text-body-secondary text-nowrap">
            {LIST.overagePrice(formatPrice(plan.overage_price))}
          </div>
        )}
      </td>
      <td data-label={LIST.subscribers}>{formatCount(plan.subscribers)}</td>
      <td data-label={COMMON.status}>
        <Badge bg={plan.status === 1 ? 'success' : 'secondary'}>
          {plan.status === 1 ? PLANS.statuses.on : PLANS.statuses.off}
        </Badge>
      </td>
      <td data-label={COMMON.actions}>
        <Button size="sm" variant="outline-primary" onClick={() => onEdit(plan)}>
          {COMMON.edit}
        </Button>
      </td>
    </tr>
  );
}

/** Every plan, on offer or not, with its terms and subscribers; says so when there is none. */
export default function PlansTable({
  plans,
  categories,
  onEdit,
}: {
  plans: AdminPlanView[];
  categories: Category[];
  onEdit: (plan: AdminPlanView) => void;
}) {
  return (
    <Table
      striped
      bordered
      hover
      className="bg-body align-middle admin-cards"
      aria-label={LIST.label}
    >
      <thead>
        <tr>
          <th>{LIST.name}</th>
          <th>{LIST.price}</th>
          <th>{LIST.period}</th>
          <th>{LIST.includedCalls}</th>
          <th>{LIST.scope}</th>
          <th>{LIST.overage}</th>
          <th>{LIST.subscribers}</th>
          <th>{COMMON.status}</th>
          <th>{COMMON.actions}</th>
        </tr>
      </thead>
      <tbody>
        {plans.length === 0 ? (
          <tr>
            <td colSpan={9} className="text-center text-muted">
              {LIST.empty}
            </td>
          </tr>
        ) : (
          plans.map((plan) => (
            <PlanRow key={plan.id} plan={plan} categories={categories} onEdit={onEdit} />
          ))
        )}
      </tbody>
    </Table>
  );
}
