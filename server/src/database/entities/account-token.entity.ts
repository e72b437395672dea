import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt } from '../columns';

/**
 * What a token lets its holder do: set a new password or confirm a new e-mail address (mailed
 * links), or finish a sign-in with the second factor (handed to the browser that gave the password).
 * `passkey` rows are passkey challenges already answered, stored used, so none is answered twice.
 */
export type AccountTokenPurpose =
  'password_reset' | 'email_change' | 'login_2fa' | 'passkey' | 'oidc_link';

/**
 * A single-use token (a mailed link or a sign-in's second step). Only the token's SHA-256 is
 * stored, so the table cannot be used to take over an account; `used_at` is set by the one
 * conditional UPDATE that redeems it.
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
