import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn, CreatedAt, UpdatedAt } from '../columns';

@Entity('balance_adjustments')
@Index('idx_balance_adjustments_user', ['user_id', 'id'])
export class BalanceAdjustment {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  user_id: number;

  @Column({ type: 'integer' })
  admin_id: number;

  @BigIntColumn()
  delta_milli: number;

  @Column({ type: 'varchar', length: 500 })
  reason: string;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
