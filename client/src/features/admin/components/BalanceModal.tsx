import { ADJUST_AMOUNT_PATTERN, ADJUST_BALANCE_FIELDS } from '@contracts/recharge';
import type { AdminUser } from '@contracts/users';
import { FormEvent, useEffect, useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { invalidMarks } from '../../../components/ui/invalidMarks';
import { refusedField } from '../../../lib/api';
import { useAdjustUserBalanceMutation } from '../api';
import { adminErrorText } from '../errors';

type Field = 'amount' | 'reason';
const FIELD_TEXTS: Record<Field, string> = {
  amount: '请输入非零金额，最多三位小数（负数表示扣减）',
  reason: '请输入调整原因（不超过 500 个字符）',
};

/** Credits or debits a user's balance (a signed amount in yuan) with a reason, audited. */
export default function BalanceModal({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [adjust, { isLoading }] = useAdjustUserBalanceMutation();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  // A refusal of the amount or the reason is said at it; any other above the fields.
  const [refusal, setRefusal] = useState<{ field?: Field; text: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    if (refusal?.field) document.getElementById(`balance-${refusal.field}`)?.focus();
  }, [refusal]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ADJUST_AMOUNT_PATTERN.test(amount.trim()) || Number(amount) === 0) {
      return setRefusal({ field: 'amount', text: FIELD_TEXTS.amount });
    }
    if (!reason.trim()) return setRefusal({ field: 'reason', text: FIELD_TEXTS.reason });
    setRefusal(null);
    const result = await adjust({ user_id: user.id, amount: amount.trim(), reason: reason.trim() });
    if ('error' in result) {
      const field = refusedField(result.error, ADJUST_BALANCE_FIELDS);
      const text = adminErrorText(result.error, { failed: '更新失败', fields: FIELD_TEXTS });
      setRefusal(field && field !== 'user_id' ? { field, text } : { text });
      return;
    }
    setDone(result.data.message || '余额已调整');
  };
  const marks = (field: Field) =>
    invalidMarks(refusal?.field === field && `balance-${field}-error`);
  const feedback = (field: Field) => (
    <Form.Control.Feedback type="invalid" id={`balance-${field}-error`}>
      {refusal?.field === field && refusal.text}
    </Form.Control.Feedback>
  );
  /** Editing a refused field takes its message back. */
  const edited = (field: Field) => refusal?.field === field && setRefusal(null);

  return (
    <Modal aria-labelledby="balance-modal-title" show onHide={onClose} backdrop="static">
      <Form noValidate onSubmit={(e) => void onSubmit(e)}>
        <Modal.Header closeButton>
          <Modal.Title id="balance-modal-title">调整余额：{user.username}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {refusal && !refusal.field && <Alert variant="danger">{refusal.text}</Alert>}
          {done && <Alert variant="success">{done}</Alert>}
          <Form.Group className="mb-3" controlId="balance-amount">
            <Form.Label>金额（元，负数为扣减）</Form.Label>
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
            <Form.Label>原因</Form.Label>
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
            关闭
          </Button>
          <Button type="submit" disabled={isLoading || done !== null}>
            {isLoading ? '提交中...' : '确认调整'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
