import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { invalidMarks } from './invalidMarks';

/**
 * Required fields of a short form (a sign-in): each one left empty is marked and says the form's
 * text beneath it, and the first takes the focus; typing into one takes its mark back.
 */
export function useRequiredFields<K extends string>(controlIds: Record<K, string>, text: string) {
  const [empty, setEmpty] = useState<Partial<Record<K, boolean>>>({});
  const errorId = (key: K) => `${controlIds[key]}-error`;

  return {
    /** Whether every field has a value; if not, marks the empty ones and focuses the first. */
    check: (values: Record<K, string>): boolean => {
      const keys = Object.keys(controlIds) as K[];
      const next = Object.fromEntries(keys.map((key) => [key, !values[key]])) as Record<K, boolean>;
      setEmpty(next);
      const first = keys.find((key) => next[key]);
      if (first) document.getElementById(controlIds[first])?.focus();
      return first === undefined;
    },
    /** The control's invalid marks, when it was left empty. */
    marks: (key: K) => invalidMarks(empty[key] && errorId(key)),
    /** The text under the control, when it was left empty. */
    feedback: (key: K) =>
      empty[key] && (
        <Form.Control.Feedback type="invalid" id={errorId(key)}>
          {text}
        </Form.Control.Feedback>
      ),
    /** Takes the mark back once the field is typed into. */
    filled: (key: K) => setEmpty((current) => ({ ...current, [key]: false })),
  };
}
