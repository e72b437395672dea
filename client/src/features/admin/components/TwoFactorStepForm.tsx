import { useRef, useState, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { invalidMarks } from '../../../components/ui/invalidMarks';
import { COMMON } from '../i18n/common';
import { ACCOUNT } from '../i18n/account';

export type TwoFactorField = 'current_password' | 'code';

/** A refusal for one of the form's fields, or null when the submit went through. */
export type Refusal = { field: TwoFactorField; text: string } | null;

const FIELD_SPECS: Record<TwoFactorField, { type: string; autoComplete: string }> = {
  current_password: { type: 'password', autoComplete: 'current-password' },
  code: { type: 'text', autoComplete: 'one-time-code' },
};

const EMPTY: Record<TwoFactorField, string> = { current_password: '', code: '' };

/** A two-factor step's form: its fields, the error under the one it is about, and a button. */
export default function TwoFactorStepForm({
  id,
  fields,
  submitLabel,
  variant = 'primary',
  onSubmit,
  onCancel,
}: {
  id: string;
  fields: { field: TwoFactorField; label: string }[];
  submitLabel: string;
  variant?: string;
  onSubmit: (values: Record<TwoFactorField, string>) => Promise<Refusal>;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState(EMPTY);
  const [refusal, setRefusal] = useState<Refusal>(null);
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<TwoFactorField, HTMLInputElement | null>>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const empty = fields.find(({ field }) => !values[field].trim());
    const refused = empty
      ? { field: empty.field, text: ACCOUNT.twoFactor.required }
      : await (async () => {
          setBusy(true);
          try {
            return await onSubmit(values);
          } finally {
            setBusy(false);
          }
        })();
    setRefusal(refused);
    if (refused) inputs.current[refused.field]?.focus();
    else setValues(EMPTY);
  };

  return (
    <Form noValidate onSubmit={(e) => void submit(e)}>
      {fields.map(({ field, label }) => (
        <Form.Group key={field} className="mb-3" controlId={`${id}-${field}`}>
          <Form.Label>{label}</Form.Label>
          <Form.Control
            {...FIELD_SPECS[field]}
            value={values[field]}
            {...invalidMarks(refusal?.field === field && `${id}-${field}-error`)}
            ref={(element: HTMLInputElement | null) => {
              inputs.current[field] = element;
            }}
            onChange={(e) => {
              const { value } = e.target;
              setValues((current) => ({ ...current, [field]: value }));
              if (refusal?.field === field) setRefusal(null);
            }}
          />
          {refusal?.field === field && (
            <Form.Control.Feedback type="invalid" id={`${id}-${field}-error`}>
              {refusal.text}
            </Form.Control.Feedback>
          )}
        </Form.Group>
      ))}
      <Button type="submit" variant={variant} disabled={busy}>
        {busy ? ACCOUNT.twoFactor.busy : submitLabel}
      </Button>
      {onCancel && (
        <Button variant="link" className="ms-2" onClick={onCancel}>
          {COMMON.cancel}
        </Button>
      )}
    </Form>
  );
}
