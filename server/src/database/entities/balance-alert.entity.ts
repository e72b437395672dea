import { Column, Entity, PrimaryColumn } from 'typeorm';
import { BigIntColumn, CreatedAt, UpdatedAt } from '../columns';

/** A user's low-balance alert: the threshold, where it is sent, and its last crossing. */
@Entity('balance_alerts')
export class BalanceAlert {
  @PrimaryColumn({ type: 'integer' })
  user_id: number;

  @BigIntColumn()
  threshold_milli: number;

  /** Where the e-mail goes; null sends it to the account's own e-mail, if any. */
  @Column({ type: 'varchar', length: 191, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  webhook_url: string | null;

  /** The HMAC-SHA256 key of the webhook's signature, shown to the user. */
  @Column({ type: 'varchar', length: 64 })
  webhook_secret: string;

  /** When a charge last took the balance below the threshold. */
  @Column({ type: 'datetime', nullable: true })
  crossed_at: Date | null;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
