import type { PendingOrder } from '@contracts/recharge';
import { FormEvent, useState } from 'react';
import { Alert, Button, Form, InputGroup, Modal } from 'react-bootstrap';
import { formatYuan } from '../../../lib/money';
import { useAdminUsersQuery, useAssignOrderMutation, useDismissOrderMutation } from '../api';
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

/** Finds users by username or email (the user list's search) and hands back the one picked. */
function UserLookup({ picked, onPick }: { picked: string; onPick: (id: number) => void }) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const { data, error, isFetching } = useAdminUsersQuery(
    { page: 1, search },
    { skip: search === '' },
  );
  const users = data?.data.users ?? [];
  const find = () => setSearch(text.trim());

  return (
    <Form.Group className="mb-3" controlId="order-user-lookup">
      <Form.Label>查找用户</Form.Label>
      <InputGroup>
        <Form.Control
          placeholder="用户名或邮箱"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            find();
          }}
        />
        <Button variant="outline-secondary" onClick={find} disabled={isFetching}>
          查找
        </Button>
      </InputGroup>
      {error && (
        <Form.Text className="text-danger-emphasis">
          {adminErrorText(error, { failed: '查找用户失败' })}
        </Form.Text>
      )}
      {search && data && users.length === 0 && (
        <Form.Text>未找到与“{search}”匹配的用户。</Form.Text>
      )}
      {users.length > 0 && (
        // Plain markup: the built stylesheet keeps only classes written out in the source.
        <div className="list-group mt-2 admin-scroll-box" role="group" aria-label="查找结果">
          {users.map((user) => (
            <button
              key={user.id}
              type="button"
              className={`list-group-item list-group-item-action${String(user.id) === picked ? ' active' : ''}`}
              aria-pressed={String(user.id) === picked}
              onClick={() => onPick(user.id)}
            >
              {user.username}（#{user.id}）
            </button>
          ))}
        </div>
      )}
    </Form.Group>
  );
}

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
    <Modal aria-labelledby="order-modal-title" show onHide={onClose} backdrop="static">
      <Form noValidate onSubmit={(e) => void onSubmit(e)}>
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
            订单号 <code>{order.out_trade_no}</code>，入账金额 {formatYuan(order.amount)}
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
              <Form.Text>可直接输入用户 ID，或在上方查找后点选；订单只会入账一次。</Form.Text>
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
