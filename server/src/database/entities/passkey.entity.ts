import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn, CreatedAt } from '../columns';

/**
 * A user's passkey (a WebAuthn credential): it signs the user in alone, or stands in for the
 * authenticator app's code at the second step. Only the public key is stored; `counter` is the
 * authenticator's signature count, kept so a cloned authenticator shows (most passkeys send 0).
 */
@Entity('passkeys')
@Index('uq_passkeys_credential', ['credential_id'], { unique: true })
@Index('idx_passkeys_user', ['user_id'])
export class Passkey {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  user_id: number;

  /** The credential's id, base64url. */
  @Column({ type: 'varchar', length: 255 })
  credential_id: string;

  /** The COSE public key, base64url. */
  @Column({ type: 'text' })
  public_key: string;

  @BigIntColumn({ default: 0 })
  counter: number;

  /** How the browser may reach the authenticator (usb, internal, hybrid …), comma-separated. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  transports: string | null;

  @Column({ type: 'varchar', length: 64 })
  name: string;

  @Column({ type: 'datetime', nullable: true })
  last_used_at: Date | null;

  @CreatedAt()
  created_at: Date;
}
