import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { invalidMarks } from '../../../components/ui/invalidMarks';

/** What a form says against one of its fields, or above them all (no field). */
export interface FieldRefusal<F extends string> {
  field?: F;
  text: string;
}

/**
 * One field of a dialog's form: its label, its control (`options` make it a select), and the
 * refusal said under it while that field is the refused one. The control's id is `${form}-${field}`,
 * the one a refusal's focus looks for.
 */
export default function RefusableField<F extends string>({
  form,
  field,
  label,
  value,
  onChange,
  refusal,
  options,
  className = 'mb-3',
  ...control
}: {
  form: string;
  field: F;
  label: string;
  value: string;
  onChange: (value: string) => void;
  refusal: FieldRefusal<F> | null;
  options?: ReactNode;
  className?: string;
  type?: string;
  step?: string;
  min?: string;
  maxLength?: number;
  inputMode?: 'decimal' | 'numeric';
  placeholder?: string;
  /** A longer text: a text area of `rows` lines. */
  as?: 'textarea';
  rows?: number;
}) {
  const refused = refusal?.field === field;
  const errorId = `${form}-${field}-error`;
  const marks = invalidMarks(refused && errorId);
  return (
    <Form.Group className={className} controlId={`${form}-${field}`}>
      <Form.Label>{label}</Form.Label>
      {options ? (
        <Form.Select value={value} {...marks} onChange={(e) => onChange(e.target.value)}>
          {options}
        </Form.Select>
      ) : (
        <Form.Control
          {...control}
          value={value}
          {...marks}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      <Form.Control.Feedback type="invalid" id={errorId}>
        {refused && refusal.text}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
