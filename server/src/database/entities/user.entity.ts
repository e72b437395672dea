import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn, CreatedAt, FlagColumn, UpdatedAt } from '../columns';

@Entity('users')
@Index('uq_users_username_key', ['username_key'], { unique: true })
@Index('uq_users_email', ['email'], { unique: true })
@Index('idx_users_created', ['created_at', 'id'])
@Index('idx_users_credit_until', ['credit_until'])
export class User {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 32 })
  username: string;

  /** Lower-cased username: the unique key that makes names case-insensitive on every database. */
  @Column({ type: 'varchar', length: 32 })
  username_key: string;

  @Column({ type: 'varchar', length: 191, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 255 })
  password_hash: string;

  @BigIntColumn({ default: 0 })
  balance_milli: number;

  /** What is left of the user's credit grants (ADR 050): spent before the balance, never cash. */
  @BigIntColumn({ default: 0 })
  credit_milli: number;

  /** The soonest expiry among the grants `credit_milli` holds; null: none. */
  @Column({ type: 'datetime', nullable: true })
  credit_until: Date | null;

  /** USER_STATUS: 1 active, 0 disabled by the admin, 2 waiting for its e-mail address's link. */
  @FlagColumn()
  status: number;

  /** 1: mail the confirmed address when the account signs in from a new browser. */
  @FlagColumn()
  notify_new_sign_in: number;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
