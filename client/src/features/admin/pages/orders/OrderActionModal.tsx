import type { PendingOrder } from '@contracts/recharge';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { formatYuan } from '../../../../lib/money';
import { COMMON } from '../../i18n/common';
import { ORDERS } from '../../i18n/orders';
import UserLookup from './UserLookup';
import { useOrderAction, type OrderAction } from './useOrderAction';

/**
 * Assigns a queued order to a user (credited once, audited) or dismisses it with a reason. Calls
 * `onDone` with the success text; a refusal stays in the dialog, in Chinese.
 */
export default function OrderActionModal({
  order,
  action,
  onClose,
  onDone,
}: {
  order: PendingOrder;
  action: OrderAction;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { value, setValue, error, busy, submit } = useOrderAction(order, action, onDone);
  const texts = ORDERS.action[action];

  return (
    <Modal aria-labelledby="order-modal-title" show onHide={onClose} backdrop="static">
      <Form noValidate onSubmit={(e) => void submit(e)}>
        <Modal.Header closeButton>
          <Modal.Title id="order-modal-title">{texts.title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error && (
            <Alert variant="danger" role="alert">
              {error}
            </Alert>
          )}
          <p className="admin-break">
            {ORDERS.orderNumber} <code>{order.out_trade_no}</code>
            {ORDERS.action.credits(formatYuan(order.amount))}
          </p>
          {action === 'assign' && (
            <UserLookup picked={value.trim()} onPick={(id) => setValue(String(id))} />
          )}
          <Form.Group controlId={`order-${action}`}>
            <Form.Label>{texts.label}</Form.Label>
            {action === 'assign' ? (
              <Form.Control
                inputMode="numeric"
                autoComplete="off"
                aria-describedby="order-assign-help"
                value={value}
                onChange={(e) => setValue(e.target.value)}
              />
            ) : (
              <Form.Control
                as="textarea"
                rows={3}
                maxLength={500}
                value={value}
                onChange={(e) => setValue(e.target.value)}
              />
            )}
            {action === 'assign' && (
              <Form.Text id="order-assign-help">{ORDERS.action.userIdHint}</Form.Text>
            )}
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            {COMMON.cancel}
          </Button>
          <Button
            type="submit"
            variant={action === 'assign' ? 'primary' : 'danger'}
            disabled={busy}
          >
            {busy ? ORDERS.action.submitting : texts.submit}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
