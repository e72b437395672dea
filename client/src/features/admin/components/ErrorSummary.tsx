import type { MouseEvent } from 'react';
import { Alert } from 'react-bootstrap';
import { CONTENT } from '../i18n/content';

export interface SummaryItem {
  /** The id of the field's control, or of the group holding its controls. */
  id: string;
  /** What is wrong, as the field says it (each text names its field). */
  text: string;
}

const CONTROLS = 'input, select, textarea';

/** Moves to a field from its summary line: its control, or the first control of its group. */
function goTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  const control = target?.matches(CONTROLS) ? target : target?.querySelector<HTMLElement>(CONTROLS);
  if (!control) return;
  event.preventDefault();
  control.scrollIntoView?.({ block: 'center' });
  control.focus({ preventScroll: true });
}

/**
 * What stopped a save, as links to the fields: each field says what is wrong at itself, and this
 * list only leads there (on a long form the first one is out of view).
 */
export default function ErrorSummary({ items }: { items: SummaryItem[] }) {
  // One line per text: a rule broken by several fields (all required) leads to the first.
  const lines = items.filter((item, i) => items.findIndex((o) => o.text === item.text) === i);
  return (
    <Alert variant="danger" role="alert" tabIndex={-1} aria-labelledby="error-summary-title">
      <p className="fw-semibold mb-1" id="error-summary-title">
        {CONTENT.errorSummary(lines.length)}
      </p>
      <ul className="mb-0">
        {lines.map((item) => (
          <li key={item.id}>
            <a
              href={`#${item.id}`}
              className="alert-link"
              onClick={(event) => goTo(event, item.id)}
            >
              {item.text}
            </a>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
