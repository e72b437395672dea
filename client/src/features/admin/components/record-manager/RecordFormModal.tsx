import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { COMMON } from '../../i18n/common';
import ErrorSummary from '../ErrorSummary';
import RecordControl from './RecordControl';
import type { RecordForm } from './useRecordManager';
import type { Field } from './types';

interface Props {
  form: RecordForm;
  fields: Field[];
  noun: string;
  idPrefix: string;
  buttonsOnly: boolean;
}

/** The fields in rows: each on its own, or inline ones side by side. */
const rows = (fields: Field[]) =>
  fields.reduce<Field[][]>((all, field) => {
    const last = all[all.length - 1];
    if (field.inline && last?.[0].inline) last.push(field);
    else all.push([field]);
    return all;
  }, []);

/** The add/edit modal of a record: its fields, what stopped a save, and the save itself. */
export default function RecordFormModal({ form, fields, noun, idPrefix, buttonsOnly }: Props) {
  const { values, errors, saving, saved } = form;
  const controlId = (field: Field) => `${idPrefix}-${field.id ?? field.key}`;
  const summary = fields
    .filter((field) => errors[field.key] !== undefined)
    .map((field) => ({ id: controlId(field), text: errors[field.key] ?? '' }));

  const group = (field: Field, className: string) => (
    <Form.Group key={field.key} className={className} controlId={controlId(field)}>
      <Form.Label>{field.label}</Form.Label>
      <RecordControl
        field={field}
        value={values?.[field.key] ?? ''}
        errorId={errors[field.key] && `${controlId(field)}-error`}
        onChange={(value) => form.change(field.key, value)}
      />
      <Form.Control.Feedback type="invalid" id={`${controlId(field)}-error`}>
        {errors[field.key]}
      </Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <Modal
      aria-labelledby={`${idPrefix}-modal-title`}
      show={values !== null}
      onHide={() => !saving && form.close()}
      backdrop="static"
      keyboard={!buttonsOnly}
    >
      <Form ref={form.formRef} noValidate onSubmit={(e) => void form.submit(e)}>
        <Modal.Header closeButton={!buttonsOnly}>
          <Modal.Title id={`${idPrefix}-modal-title`}>
            {values?.id ? COMMON.edit : COMMON.add}
            {noun}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {summary.length > 0 && <ErrorSummary items={summary} />}
          {form.formError && (
            <Alert variant="danger" role="alert" tabIndex={-1}>
              {form.formError}
            </Alert>
          )}
          {saved && (
            <Alert variant="success" role="status">
              {saved}
            </Alert>
          )}
          {rows(fields).map((row) =>
            row[0].inline ? (
              <div key={row[0].key} className="d-flex gap-3">
                {row.map((field) => group(field, 'flex-fill'))}
              </div>
            ) : (
              group(row[0], 'mb-3')
            ),
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" disabled={saving} onClick={form.close}>
            {COMMON.cancel}
          </Button>
          <Button type="submit" disabled={saving || saved !== null}>
            {saving ? COMMON.saving : COMMON.save}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
