import type { AdminUser } from '@contracts/users';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { invalidMarks } from '../../../components/ui/invalidMarks';
import { COMMON } from '../i18n/common';
import { USERS } from '../i18n/users';
import { useBalanceAdjust, type BalanceField } from './useBalanceAdjust';

/** Credits or debits a user's balance (a signed amount in yuan) with a reason, audited. */
export default function BalanceModal({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { amount, setAmount, reason, setReason, refusal, done, isLoading, onSubmit, edited } =
    useBalanceAdjust(user);
  const marks = (field: BalanceField) =>
    invalidMarks(refusal?.field === field && `balance-${field}-error`);
  const feedback = (field: BalanceField) => (
    <Form.Control.Feedback type="invalid" id={`balance-${field}-error`}>
      {refusal?.field === field && refusal.text}
    </Form.Control.Feedback>
  );

  return (
    <Modal aria-labelledby="balance-modal-title" show onHide={onClose} backdrop="static">
      <Form noValidate onSubmit={(e) => void onSubmit(e)}>
        <Modal.Header closeButton>
          <Modal.Title id="balance-modal-title">{USERS.balance.title(user.username)}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {refusal && !refusal.field && <Alert variant="danger">{refusal.text}</Alert>}
          {done && <Alert variant="success">{done}</Alert>}
          <Form.Group className="mb-3" controlId="balance-amount">
            <Form.Label>{USERS.balance.amount}</Form.Label>
            <Form.Control
              type="number"
              step="0.001"
              value={amount}
              {...marks('amount')}
              onChange={(e) => {
                setAmount(e.target.value);
                edited('amount');
              }}
            />
            {feedback('amount')}
          </Form.Group>
          <Form.Group controlId="balance-reason">
            <Form.Label>{COMMON.reason}</Form.Label>
            <Form.Control
              value={reason}
              maxLength={500}
              {...marks('reason')}
              onChange={(e) => {
                setReason(e.target.value);
                edited('reason');
              }}
            />
            {feedback('reason')}
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            {COMMON.close}
          </Button>
          <Button type="submit" disabled={isLoading || done !== null}>
            {isLoading ? USERS.balance.submitting : USERS.balance.submit}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
