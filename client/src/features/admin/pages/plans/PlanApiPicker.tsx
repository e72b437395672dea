import { MAX_PLAN_APIS } from '@contracts/plans';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { invalidMarks } from '../../../../components/ui/invalidMarks';
import { useAdminApiListQuery } from '../../api';
import { PLANS } from '../../i18n/plans';

const TEXTS = PLANS.form;

/**
 * The paid APIs a plan of scope `apis` covers: a filter over the site's paid APIs and a box to
 * tick them in. The filter field is the one a refusal of `api_ids` focuses and marks.
 */
export default function PlanApiPicker({
  value,
  onChange,
  refused,
}: {
  value: number[];
  onChange: (ids: number[]) => void;
  /** The refusal's text while the choice is the refused field. */
  refused: string | null;
}) {
  const [filter, setFilter] = useState('');
  const { data } = useAdminApiListQuery({ is_paid: 1 });
  const chosen = new Set(value);
  const needle = filter.trim().toLowerCase();
  const apis = (data?.data ?? []).filter(
    (api) =>
      !needle || `${api.name} ${api.name_en}`.toLowerCase().includes(needle) || chosen.has(api.id),
  );
  const toggle = (id: number) =>
    onChange(chosen.has(id) ? value.filter((other) => other !== id) : [...value, id]);

  return (
    <Form.Group className="mb-3" controlId="plan-api_ids">
      <Form.Label>{TEXTS.apis}</Form.Label>
      <Form.Control
        type="search"
        value={filter}
        placeholder={TEXTS.apisSearch}
        {...invalidMarks(refused && 'plan-api_ids-error', 'plan-api_ids-help')}
        onChange={(e) => setFilter(e.target.value)}
      />
      <Form.Control.Feedback type="invalid" id="plan-api_ids-error">
        {refused}
      </Form.Control.Feedback>
      <div
        className="list-group mt-2 admin-scroll-box"
        role="group"
        aria-label={TEXTS.apisChosen(value.length)}
      >
        {apis.map((api) => (
          <label key={api.id} className="list-group-item d-flex gap-2 admin-break">
            <input
              type="checkbox"
              className="form-check-input flex-shrink-0"
              checked={chosen.has(api.id)}
              disabled={!chosen.has(api.id) && value.length >= MAX_PLAN_APIS}
              onChange={() => toggle(api.id)}
            />
            <span>
              {api.name} <code className="small">{api.name_en}</code>
            </span>
          </label>
        ))}
        {data && apis.length === 0 && (
          <div className="list-group-item small text-body-secondary">{TEXTS.apisNone}</div>
        )}
      </div>
      <Form.Text id="plan-api_ids-help">
        {TEXTS.apisChosen(value.length)} · {TEXTS.apisHelp(MAX_PLAN_APIS)}
      </Form.Text>
    </Form.Group>
  );
}
