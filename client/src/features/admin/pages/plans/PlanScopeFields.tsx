import { PLAN_SCOPES, type PlanScope } from '@contracts/plans';
import { Col } from 'react-bootstrap';
import { useAdminCategoriesQuery } from '../../api';
import RefusableField from '../../components/RefusableField';
import { PLANS } from '../../i18n/plans';
import PlanApiPicker from './PlanApiPicker';
import type { PlanField } from './planForm';
import type { PlanFormState } from './usePlanForm';

const TEXTS = PLANS.form;

/** 适用范围, then what it needs: a category (指定分类) or the APIs ticked (指定接口). */
export default function PlanScopeFields({ form, set, refusal }: PlanFormState) {
  const categories = useAdminCategoriesQuery(undefined, { skip: form.scope !== 'category' });
  return (
    <>
      <Col sm={6}>
        <RefusableField<PlanField>
          form="plan"
          field="scope"
          label={TEXTS.scope}
          value={form.scope}
          refusal={refusal}
          options={PLAN_SCOPES.map((scope) => (
            <option key={scope} value={scope}>
              {PLANS.scopes[scope]}
            </option>
          ))}
          onChange={(value) => set('scope', value as PlanScope)}
        />
      </Col>
      {form.scope === 'category' && (
        <Col sm={6}>
          <RefusableField<PlanField>
            form="plan"
            field="category_id"
            label={TEXTS.category}
            value={form.category_id}
            refusal={refusal}
            options={[
              <option key="" value="">
                {TEXTS.chooseCategory}
              </option>,
              ...(categories.data?.data ?? []).map((category) => (
                <option key={category.id} value={String(category.id)}>
                  {category.name}
                </option>
              )),
            ]}
            onChange={(value) => set('category_id', value)}
          />
        </Col>
      )}
      {form.scope === 'apis' && (
        <Col xs={12}>
          <PlanApiPicker
            value={form.api_ids}
            refused={refusal?.field === 'api_ids' ? refusal.text : null}
            onChange={(ids) => set('api_ids', ids)}
          />
        </Col>
      )}
    </>
  );
}
