import type { SiteConfigBody } from '@contracts/site';
import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { invalidMarks } from '../../../../components/ui/invalidMarks';
import type { Refusal } from './useConfigForm';

/** A 0/1 setting as a switch, with its explanation under it. */
export default function ConfigSwitch({
  field,
  label,
  checked,
  disabled,
  refused,
  onChange,
  children,
}: {
  field: keyof SiteConfigBody;
  label: string;
  /** The last save's refusal, said here when it names this switch. */
  refused: Refusal | null;
  checked: boolean;
  disabled: boolean;
  onChange: (on: 0 | 1) => void;
  children: ReactNode;
}) {
  return (
    <Form.Group className="mb-3" controlId={`config-${field}`}>
      <Form.Check
        type="switch"
        label={label}
        checked={checked}
        disabled={disabled}
        {...invalidMarks(
          refused?.field === field && `config-${field}-error`,
          `config-${field}-help`,
        )}
        onChange={(e) => onChange(e.target.checked ? 1 : 0)}
      />
      {refused?.field === field && (
        <div className="invalid-feedback d-block" id={`config-${field}-error`}>
          {refused.text}
        </div>
      )}
      <Form.Text id={`config-${field}-help`}>{children}</Form.Text>
    </Form.Group>
  );
}
