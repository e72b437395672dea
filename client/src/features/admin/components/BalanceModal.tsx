import { ADJUST_AMOUNT_PATTERN } from '@contracts/recharge';
import type { AdminUser } from '@contracts/users';
import { FormEvent, useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { useAdjustUserBalanceMutation } from '../api';
import { adminErrorText } from '../errors';

/** Credits or debits a user's balance (a signed amount in yuan) with a reason, audited. */
export default function BalanceModal({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [adjust, { isLoading }] = useAdjustUserBalanceMutation();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ADJUST_AMOUNT_PATTERN.test(amount.trim()) || Number(amount) === 0) {
      setError('请输入非零金额，最多三位小数（负数表示扣减）');
      return;
    }
    if (!reason.trim()) {
      setError('请输入调整原因');
      return;
    }
    setError(null);
    const result = await adjust({ user_id: user.id, amount: amount.trim(), reason: reason.trim() });
    if ('error' in result) {
      setError(adminErrorText(result.error, { failed: '更新失败' }));
      return;
    }
    setDone(result.data.message || '余额已调整');
  };

  return (
    <Modal aria-labelledby="balance-modal-title" show onHide={onClose} backdrop="static">
      <Form noValidate onSubmit={(e) => void onSubmit(e)}>
        <Modal.Header closeButton>
          <Modal.Title id="balance-modal-title">调整余额：{user.username}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error && <Alert variant="danger">{error}</Alert>}
          {done && <Alert variant="success">{done}</Alert>}
          <Form.Group className="mb-3" controlId="balance-amount">
            <Form.Label>金额（元，负数为扣减）</Form.Label>
            <Form.Control
              type="number"
              step="0.001"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </Form.Group>
          <Form.Group controlId="balance-reason">
            <Form.Label>原因</Form.Label>
            <Form.Control
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
            />
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
