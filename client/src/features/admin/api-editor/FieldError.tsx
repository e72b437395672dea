import type { SaveApiField } from '@contracts/apis';
import { Form } from 'react-bootstrap';
import { apiErrorId } from './fields';
import type { ApiFieldErrors } from './model';

type Props = { field: SaveApiField; errors: ApiFieldErrors };

/** What is wrong with a field, with the id its control's aria-describedby names. */
export function FieldText({ field, errors }: Props) {
  return <span id={apiErrorId(field)}>{errors[field]}</span>;
}

/** The field's error under its control (shown by Bootstrap when the control is invalid). */
export function FieldError({ field, errors }: Props) {
  return (
    <Form.Control.Feedback type="invalid" id={apiErrorId(field)}>
      {errors[field]}
    </Form.Control.Feedback>
  );
}
