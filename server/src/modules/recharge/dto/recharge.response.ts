import { formatBalance } from '../../../common/money';
import type { RechargeRecord } from '../../../database/entities';

export interface RechargeRecordResponse {
  id: number;
  out_trade_no: string;
  amount: string;
  created_at: string;
}

export function toRechargeRecordResponse(record: RechargeRecord): RechargeRecordResponse {
  return {
    id: record.id,
    out_trade_no: record.out_trade_no,
    amount: formatBalance(record.amount_milli),
    created_at: record.created_at.toISOString(),
  };
}
