import type { PendingOrder } from '@contracts/recharge';
import { FormEvent, useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { formatYuan } from '../../../lib/money';
import { useAssignOrderMutation, useDismissOrderMutation } from '../api';
import { adminErrorText } from '../errors';

export type OrderAction = 'assign' | 'dismiss';

const USER_ID = /^[1-9]\d{0,15}$/;

const TEXTS = {
  assign: {
    title: '分配订单',
    label: '用户 ID',
    submit: '确认分配',
    failed: '分配失败',
    invalid: '请输入正确的用户 ID（正整数）',
  },
  dismiss: {
    title: '驳回订单',
    label: '驳回原因',
    submit: '确认驳回',
    failed: '驳回失败',
    invalid: '请输入驳回原因',
  },
} as const;

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
  const [assign, assigning] = useAssignOrderMutation();
  const [dismiss, dismissing] = useDismissOrderMutation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const texts = TEXTS[action];
  const busy = assigning.isLoading || dismissing.isLoading;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = value.trim();
    if (action === 'assign' ? !USER_ID.test(input) : !input) {
      setError(texts.invalid);
      return;
    }
    setError(null);
    const result =
      action === 'assign'
        ? await assign({ out_trade_no: order.out_trade_no, user_id: Number(input) })
        : await dismiss({ out_trade_no: order.out_trade_no, reason: input });
    if ('error' in result) {
      setError(
        adminErrorText(result.error, {
          failed: texts.failed,
          fields: { user_id: TEXTS.assign.invalid, reason: '驳回原因不能为空，最多 500 个字符' },
        }),
      );
      return;
    }
    onDone(
      action === 'assign'
        ? `订单 ${order.out_trade_no} 已分配给用户 #${input}，入账 ${formatYuan(order.amount)}`
        : `订单 ${order.out_trade_no} 已驳回`,
    );
  };

  return (
    <Modal show onHide={onClose} backdrop="static">
      <Form noValidate onSubmit={(e) => void onSubmit(e)}>
        <Modal.Header closeButton>
          <Modal.Title>{texts.title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error && (
            <Alert variant="danger" role="alert">
              {error}
            </Alert>
          )}
          <p className="admin-break">
            订单号 <code>{order.out_trade_no}</code>，入账金额 {formatYuan(order.amount)}
          </p>
          <Form.Group controlId={`order-${action}`}>
            <Form.Label>{texts.label}</Form.Label>
            {action === 'assign' ? (
              <Form.Control
                inputMode="numeric"
                autoComplete="off"
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
              <Form.Text>在“用户列表”中按用户名查找用户 ID；订单只会入账一次。</Form.Text>
            )}
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            取消
          </Button>
          <Button
            type="submit"
            variant={action === 'assign' ? 'primary' : 'danger'}
            disabled={busy}
          >
            {busy ? '提交中...' : texts.submit}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
