import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, UpdatedAt } from '../columns';

/** One e-mail or webhook a low-balance crossing sent, with how its delivery went. */
@Entity('alert_deliveries')
@Index('idx_alert_deliveries_user', ['user_id', 'id'])
@Index('idx_alert_deliveries_state', ['state'])
export class AlertDelivery {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  user_id: number;

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
