import type { AuditEntry } from '@contracts/audit';
import {
  auditFieldLabel,
  auditValue,
  fieldChanges,
  shortened,
  type FieldChange,
} from '../../auditFields';
import { AUDIT } from '../../i18n/audit';

/** One changed field: the value before, then after (one of them alone on a create or delete). */
function Change({ change }: { change: FieldChange }) {
  const before = 'before' in change ? auditValue(change.field, change.before) : null;
  const after = 'after' in change ? auditValue(change.field, change.after) : null;
  return (
    <li>
      <span className="fw-semibold">{auditFieldLabel(change.field)}</span>
      {AUDIT.change.fieldEnd}
      {before !== null && (
        <del className="audit-before" title={before}>
          {shortened(before)}
        </del>
      )}
      {before !== null && after !== null && (
        <>
          <span aria-hidden="true"> → </span>
          <span className="visually-hidden">{AUDIT.change.changedTo}</span>
        </>
      )}
      {after !== null && (
        <ins className="audit-after" title={after}>
          {shortened(after)}
        </ins>
      )}
    </li>
  );
}

/** A whole record (a create or a delete) shows this many fields, the rest behind a toggle. */
const SHOWN_FIELDS = 4;

/** An entry's changes, one line per field. */
export default function AuditChanges({ entry }: { entry: AuditEntry }) {
  const changes = fieldChanges(entry);
  if (changes.length === 0) return <>—</>;
  const whole = entry.before === null || entry.after === null;
  const shown = whole ? changes.slice(0, SHOWN_FIELDS) : changes;
  const rest = changes.slice(shown.length);
  // One block, so that the phone's card layout (a flex row per cell) keeps the toggle under it.
  return (
    <div className="audit-changes">
      <ul className="list-unstyled mb-0">
        {shown.map((change) => (
          <Change key={change.field} change={change} />
        ))}
      </ul>
      {rest.length > 0 && (
        <details>
          <summary>{AUDIT.change.otherFields(rest.length)}</summary>
          <ul className="list-unstyled mb-0">
            {rest.map((change) => (
              <Change key={change.field} change={change} />
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
