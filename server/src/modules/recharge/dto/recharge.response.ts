import { formatBalance } from '../../../common/money';
import type { PendingOrder, RechargeRecord } from '../../../contracts/recharge';
import type { RechargeRecord as RechargeRecordRow } from '../../../database/entities';

export function toRechargeRecordResponse(record: RechargeRecordRow): RechargeRecord {
  return {
    id: record.id,
    out_trade_no: record.out_trade_no,
    amount: formatBalance(record.amount_milli),
    created_at: record.created_at.toISOString(),
    state: record.state,
    reason: record.reason === '' ? null : record.reason,
  };
}

/** A text field of Afdian's order as recorded; '' when absent or not text. */
function rawText(raw: string, key: string): string {
  try {
    const value = (JSON.parse(raw) as Record<string, unknown>)[key];
    return typeof value === 'string' ? value : '';
  } catch {
    return '';
  }
}

export function toPendingOrder(record: RechargeRecordRow): PendingOrder {
  return {
    id: record.id,
    out_trade_no: record.out_trade_no,
    amount: formatBalance(record.amount_milli),
    paid_amount: record.paid_amount,
    afdian_user_id: rawText(record.raw, 'user_id'),
    custom_order_id: rawText(record.raw, 'custom_order_id'),
    remark: rawText(record.raw, 'remark'),
    created_at: record.created_at.toISOString(),
  };
}
