import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt } from '../columns';

/**
 * A browser a user has signed in from: the SHA-256 of the random id in its `device` cookie. A
 * sign-in from a browser not listed is a new device, which the owner may be told of by mail.
 */
@Entity('user_devices')
@Index('uq_user_devices', ['user_id', 'device_hash'], { unique: true })
export class UserDevice {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  user_id: number;

  @Column({ type: 'varchar', length: 64 })
  device_hash: string;

  @CreatedAt()
  created_at: Date;
}
