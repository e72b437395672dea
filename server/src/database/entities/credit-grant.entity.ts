import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { CreditReason } from '../../contracts/credit';
import { BigIntColumn, CreatedAt } from '../columns';

/**
 * Credit given to a user with an expiry (ADR 050). `left_milli` is what is left of it as of the
 * user's last grant event (a grant or an expiry): calls spend `users.credit_milli`, and the spending
 * in between is put on the grants soonest-expiring first at the next event. A grant past its expiry
 * is closed: what was left of it is `expired_milli`, gone from the user's credit.
 */
@Entity('credit_grants')
@Index('idx_credit_grants_user', ['user_id', 'id'])
@Index('idx_credit_grants_open', ['closed_at', 'expires_at'])
export class CreditGrant {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  user_id: number;

  @BigIntColumn()
  amount_milli: number;

  @BigIntColumn()
  left_milli: number;

  @BigIntColumn({ default: 0 })
  expired_milli: number;

  @Column({ type: 'datetime' })
  expires_at: Date;

  @Column({ type: 'varchar', length: 16 })
  reason: CreditReason;

  @Column({ type: 'varchar', length: 200, default: '' })
  note: string;

  /** The administrator who granted it; null for grants the site made (codes, referrals). */
  @Column({ type: 'integer', nullable: true })
  admin_id: number | null;

  @CreatedAt()
  created_at: Date;

  @Column({ type: 'datetime', nullable: true })
  closed_at: Date | null;
}
