import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { COMMON } from '../i18n/common';

/**
 * A dialog holding one form about one record: its title, a refusal of no field and what was done
 * above the fields, and Close and the submit button (disabled once done) under them.
 */
export default function FormModal({
  id,
  title,
  refusal,
  done,
  busy,
  submit,
  onSubmit,
  onClose,
  children,
  size,
}: {
  /** Prefixes the title's id. */
  id: string;
  title: string;
  /** A refusal said above the fields (one of a field is said at it). */
  refusal: string | null;
  done: string | null;
  busy: boolean;
  submit: { idle: string; busy: string };
  onSubmit: (event: FormEvent) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
  /** A form of many fields takes the wide dialog. */
  size?: 'lg';
}) {
  return (
    <Modal aria-labelledby={`${id}-title`} show onHide={onClose} backdrop="static" size={size}>
      <Form noValidate onSubmit={(e) => void onSubmit(e)}>
        <Modal.Header closeButton>
          <Modal.Title id={`${id}-title`}>{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {refusal && <Alert variant="danger">{refusal}</Alert>}
          {done && <Alert variant="success">{done}</Alert>}
          {children}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            {COMMON.close}
          </Button>
          <Button type="submit" disabled={busy || done !== null}>
            {busy ? submit.busy : submit.idle}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
