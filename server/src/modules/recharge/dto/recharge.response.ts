import { formatBalance } from '../../../common/money';
import type { RechargeRecord } from '../../../contracts/recharge';
import type { RechargeRecord as RechargeRecordRow } from '../../../database/entities';

export function toRechargeRecordResponse(record: RechargeRecordRow): RechargeRecord {
  return {
    id: record.id,
    out_trade_no: record.out_trade_no,
    amount: formatBalance(record.amount_milli),
    created_at: record.created_at.toISOString(),
  };
}
