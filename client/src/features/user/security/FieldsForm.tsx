import { useRef, useState, type FormEvent } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { useI18n, type UiKey } from '../../../i18n';
import { invalidMarks } from '../../../components/ui/invalidMarks';
import { errorCode, refusedField } from '../../../lib/api';

/** The fields the security cards ask for. */
export type Field = 'current_password' | 'code' | 'email';

const EMPTY: Record<Field, string> = { current_password: '', code: '', email: '' };

export interface FieldSpec {
  field: Field;
  label: UiKey;
  type: string;
  autoComplete: string;
}

export const PASSWORD: FieldSpec = {
  field: 'current_password',
  label: 'security.currentPassword',
  type: 'password',
  autoComplete: 'current-password',
};
export const CODE: FieldSpec = {
  field: 'code',
  label: 'twofa.code',
  type: 'text',
  autoComplete: 'one-time-code',
};

/**
 * The refusal of one of a form's `fields`, or null when the error names none of them (the card
 * says it above the form). A field refused as malformed is asked for again in the words the
 * cards check it with; any other refusal keeps `text`.
 */
export function useFieldRefusal() {
  const { t, codeText } = useI18n();
  const malformed: Record<Field, () => string> = {
    current_password: () => t('security.enterCurrent'),
    code: () => t('twofa.enterCode'),
    email: () => codeText('users.email_invalid'),
  };
  return (error: unknown, fields: readonly Field[], text: string): Refusal => {
    const field = refusedField(error, fields);
    if (!field) return null;
    return { field, text: errorCode(error) === 'request.validation' ? malformed[field]() : text };
  };
}

/** What a card's submit answers: a refusal for one of its fields, or null when it went through. */
export type Refusal = { field: Field; text: string } | null;

/**
 * One small form of a security card: its fields with their errors under them, and a button. A
 * refusal naming one of its fields lands under it (and takes the focus); when the submit went
 * through, the fields are emptied.
 */
export default function FieldsForm({
  id,
  fields,
  submitLabel,
  busyLabel,
  variant = 'primary',
  onSubmit,
  onCancel,
}: {
  id: string;
  fields: FieldSpec[];
  submitLabel: UiKey;
  busyLabel: UiKey;
  variant?: string;
  onSubmit: (values: Record<Field, string>) => Promise<Refusal>;
  onCancel?: () => void;
}) {
  const { t } = useI18n();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const refuse = (field: Field, text: string) => {
    setErrors({ [field]: text });
    inputs.current[field]?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const empty = fields.find(({ field }) => !values[field].trim());
    if (empty) return refuse(empty.field, t('security.required'));
    setErrors({});
    setBusy(true);
    const refused = await onSubmit(values);
    setBusy(false);
    if (refused) refuse(refused.field, refused.text);
    else setValues(EMPTY);
  };

  return (
    <Form noValidate onSubmit={(e) => void submit(e)} style={{ maxWidth: '28rem' }}>
      {fields.map(({ field, label, type, autoComplete }) => (
        <Form.Group className="mb-3" controlId={`${id}-${field}`} key={field}>
          <Form.Label>{t(label)}</Form.Label>
          <Form.Control
            type={type}
            autoComplete={autoComplete}
            spellCheck={false}
            value={values[field]}
            {...invalidMarks(errors[field] !== undefined && `${id}-${field}-error`)}
            ref={(element: HTMLInputElement | null) => {
              inputs.current[field] = element;
            }}
            onChange={(e) => {
              const { value } = e.target;
              setValues((current) => ({ ...current, [field]: value }));
              if (errors[field]) setErrors({});
            }}
          />
          <Form.Control.Feedback type="invalid" id={`${id}-${field}-error`}>
            {errors[field]}
          </Form.Control.Feedback>
        </Form.Group>
      ))}
      <Button type="submit" variant={variant} disabled={busy}>
        {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
        {busy ? t(busyLabel) : t(submitLabel)}
      </Button>
      {onCancel && (
        <Button variant="link" className="ms-2" onClick={onCancel}>
          {t('twofa.cancel')}
        </Button>
      )}
    </Form>
  );
}
