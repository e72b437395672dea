import type { AfdianOrder } from './afdian.client';
import { RechargeErrors } from './recharge.errors';

/**
 * The fields of a webhook body that name the order, each in the exact format Afdian sends. Only
 * `out_trade_no` is acted on (it is looked up with query-order); the rest is kept as the hint's
 * record and for the signature check.
 */
export interface WebhookHint {
  order: Pick<AfdianOrder, 'out_trade_no' | 'user_id' | 'plan_id' | 'total_amount' | 'status'> & {
    custom_order_id?: string;
  };
  sign: string;
}

const FORMATS = {
  out_trade_no: /^\d{1,64}$/,
  user_id: /^[0-9a-f]{1,64}$/,
  plan_id: /^[0-9a-f]{0,64}$/,
  total_amount: /^(0|[1-9]\d{0,8})\.\d{2}$/,
  custom_order_id: /^[\x21-\x7e]{0,64}$/,
  // An RSA-2048 signature is 344 base64 characters; 4096-bit keys give 684.
  sign: /^[A-Za-z0-9+/]{4,1024}={0,2}$/,
} as const;

const text = (value: unknown, format: RegExp): value is string =>
  typeof value === 'string' && format.test(value);

/**
 * The hint a webhook body carries, or a 400 when it is not what Afdian sends. Fields outside the
 * hint (remarks, addresses, SKUs) are dropped here, so nothing a caller pads a body with is kept.
 */
export function webhookHint(body: unknown): WebhookHint {
  const data = (body as { data?: Record<string, unknown> } | null)?.data;
  const order = data?.order as Record<string, unknown> | null | undefined;
  const custom = order?.custom_order_id;
  if (
    data?.type !== 'order' ||
    !text(data.sign, FORMATS.sign) ||
    typeof order !== 'object' ||
    order === null ||
    !text(order.out_trade_no, FORMATS.out_trade_no) ||
    !text(order.user_id, FORMATS.user_id) ||
    !text(order.plan_id, FORMATS.plan_id) ||
    !text(order.total_amount, FORMATS.total_amount) ||
    !Number.isInteger(order.status) ||
    !(custom === undefined || custom === null || text(custom, FORMATS.custom_order_id))
  ) {
    throw RechargeErrors.webhookInvalid();
  }
  return {
    order: {
      out_trade_no: order.out_trade_no,
      user_id: order.user_id,
      plan_id: order.plan_id,
      total_amount: order.total_amount,
      status: order.status as number,
      ...(typeof custom === 'string' && custom !== '' && { custom_order_id: custom }),
    },
    sign: data.sign,
  };
}
