import type { ComponentProps } from 'react';
import { Form } from 'react-bootstrap';
import { invalidMarks } from '../../../components/ui/invalidMarks';

type Props = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** A line of help under the field. */
  help?: string;
} & Omit<ComponentProps<typeof Form.Control>, 'id' | 'value' | 'onChange'>;

/** A labelled text input (or textarea, with as="textarea") of the API form. */
export default function TextField({ id, label, value, onChange, error, help, ...control }: Props) {
  return (
    <Form.Group className="mb-3" controlId={`api-${id}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        value={value}
        {...invalidMarks(error !== undefined && `api-${id}-error`, help && `api-${id}-help`)}
        onChange={(e) => onChange(e.target.value)}
        {...control}
      />
      <Form.Control.Feedback type="invalid" id={`api-${id}-error`}>
        {error}
      </Form.Control.Feedback>
      {help && <Form.Text id={`api-${id}-help`}>{help}</Form.Text>}
    </Form.Group>
  );
}
