import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, UpdatedAt } from '../columns';

/** One e-mail or webhook an alert sent (a low balance, an API incident), with how it went. */
@Entity('alert_deliveries')
@Index('idx_alert_deliveries_user', ['user_id', 'id'])
@Index('idx_alert_deliveries_state', ['state'])
export class AlertDelivery {
  @PrimaryGeneratedColumn()
  id: number;

  /** The user the alert is theirs; 0 for the site's own (an API incident, to its admins). */
  @Column({ type: 'integer' })
  user_id: number;

  /** `balance.low` or `api.incident`: what the payload is. */
  @Column({ type: 'varchar', length: 32, default: 'balance.low' })
  event: string;

  @Column({ type: 'varchar', length: 16 })
  channel: 'email' | 'webhook';

  @Column({ type: 'varchar', length: 2000 })
  target: string;

  /** The event as JSON text: every attempt sends (and signs) exactly these bytes. */
  @Column({ type: 'text' })
  payload: string;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  state: 'pending' | 'delivered' | 'failed';

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ type: 'varchar', length: 500, default: '' })
  last_error: string;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
