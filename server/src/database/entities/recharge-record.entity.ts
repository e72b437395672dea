import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { RechargeReason, RechargeState } from '../../contracts/recharge';
import { BigIntColumn, CreatedAt, UpdatedAt } from '../columns';

export type RechargeSource = 'query' | 'webhook';

@Entity('recharge_records')
@Index('uq_recharge_records_out_trade_no', ['out_trade_no'], { unique: true })
@Index('idx_recharge_records_user', ['user_id', 'id'])
@Index('idx_recharge_records_state', ['state', 'check_after'])
export class RechargeRecord {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer', nullable: true })
  user_id: number | null;

  @Column({ type: 'varchar', length: 64 })
  out_trade_no: string;

  @BigIntColumn()
  amount_milli: number;

  @Column({ type: 'varchar', length: 32 })
  paid_amount: string;

  @Column({ type: 'varchar', length: 8 })
  source: RechargeSource;

  @Column({ type: 'text' })
  raw: string;

  @Column({ type: 'varchar', length: 16, default: 'credited' })
  state: RechargeState;

  /** Why the order is pending or rejected; '' once credited. */
  @Column({ type: 'varchar', length: 32, default: '' })
  reason: RechargeReason | '';

  /** The admin's words when dismissing an order. */
  @Column({ type: 'varchar', length: 500, default: '' })
  note: string;

  /** The admin who assigned or dismissed the order. */
  @Column({ type: 'integer', nullable: true })
  admin_id: number | null;

  /** How often a pending order has been asked about again. */
  @Column({ type: 'integer', default: 0 })
  checks: number;

  /** Epoch milliseconds before which a pending order is not asked about again. */
  @BigIntColumn({ default: 0 })
  check_after: number;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
