import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt } from '../columns';

/** What a link mailed to a user does: set a new password, or confirm a new e-mail address. */
export type AccountTokenPurpose = 'password_reset' | 'email_change';

/**
 * A single-use link sent by e-mail. Only the token's SHA-256 is stored, so the table cannot be
 * used to take over an account; `used_at` is set by the one conditional UPDATE that redeems it.
 */
@Entity('account_tokens')
@Index('uq_account_tokens_hash', ['token_hash'], { unique: true })
@Index('idx_account_tokens_user', ['user_id', 'purpose'])
export class AccountToken {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  user_id: number;

  @Column({ type: 'varchar', length: 16 })
  purpose: AccountTokenPurpose;

  @Column({ type: 'varchar', length: 64 })
  token_hash: string;

  /** The address an email_change link confirms; null for a password reset. */
  @Column({ type: 'varchar', length: 191, nullable: true })
  email: string | null;

  @Column({ type: 'datetime' })
  expires_at: Date;

  @Column({ type: 'datetime', nullable: true })
  used_at: Date | null;

  @CreatedAt()
  created_at: Date;
}
