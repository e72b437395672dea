import { Form } from 'react-bootstrap';
import { invalidMarks } from '../../../../components/ui/invalidMarks';
import { COMMON } from '../../i18n/common';
import type { Field } from './types';

interface Props {
  field: Field;
  value: string | number;
  /** The id of the text saying what is wrong with the field, while something is. */
  errorId: string | undefined;
  onChange: (value: string | number) => void;
}

/** A record field's control, by its kind: a text box, a text area, a status or a choice. */
export default function RecordControl({ field, value, errorId, onChange }: Props) {
  const invalid = invalidMarks(errorId);
  if (field.kind === 'status') {
    return (
      <Form.Select value={value} onChange={(e) => onChange(Number(e.target.value))} {...invalid}>
        <option value={1}>{COMMON.enabled}</option>
        <option value={0}>{COMMON.disabled}</option>
      </Form.Select>
    );
  }
  if (field.kind === 'select') {
    return (
      <Form.Select value={value} onChange={(e) => onChange(e.target.value)} {...invalid}>
        {field.options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Form.Select>
    );
  }
  if (field.kind === 'textarea') {
    return (
      <Form.Control
        as="textarea"
        rows={2}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...invalid}
      />
    );
  }
  return (
    <Form.Control
      type={field.kind === 'url' ? 'url' : field.kind === 'number' ? 'number' : 'text'}
      placeholder={field.placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      {...invalid}
    />
  );
}
