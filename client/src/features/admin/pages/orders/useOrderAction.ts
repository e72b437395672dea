import type { PendingOrder } from '@contracts/recharge';
import { useState, type FormEvent } from 'react';
import { formatYuan } from '../../../../lib/money';
import { useAssignOrderMutation, useDismissOrderMutation } from '../../api';
import { adminErrorText } from '../../errors';
import { ORDERS } from '../../i18n/orders';

/** 分配 credits a queued order to a user; 驳回 takes it out of the queue with a reason. */
export type OrderAction = 'assign' | 'dismiss';

const USER_ID = /^[1-9]\d{0,15}$/;

/**
 * The dialog's one field (a user id, or the reason), checked before sending; a refusal stays in
 * the dialog, in Chinese, and `onDone` gets the success text.
 */
export function useOrderAction(
  order: PendingOrder,
  action: OrderAction,
  onDone: (text: string) => void,
) {
  const [assign, assigning] = useAssignOrderMutation();
  const [dismiss, dismissing] = useDismissOrderMutation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const texts = ORDERS.action[action];

  const submit = async (event: FormEvent) => {
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
          fields: { user_id: ORDERS.action.assign.invalid, reason: ORDERS.action.reasonRefused },
        }),
      );
      return;
    }
    onDone(
      action === 'assign'
        ? ORDERS.action.assigned(order.out_trade_no, input, formatYuan(order.amount))
        : ORDERS.action.dismissed(order.out_trade_no),
    );
  };

  return { value, setValue, error, busy: assigning.isLoading || dismissing.isLoading, submit };
}
