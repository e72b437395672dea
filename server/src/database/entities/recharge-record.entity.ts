import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn, CreatedAt, UpdatedAt } from '../columns';

export type RechargeSource = 'query' | 'webhook';

@Entity('recharge_records')
@Index('uq_recharge_records_out_trade_no', ['out_trade_no'], { unique: true })
@Index('idx_recharge_records_user', ['user_id', 'id'])
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

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
