import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn, CreatedAt } from '../columns';

/**
 * A user's authenticator app (TOTP, RFC 6238). The secret is sealed under APP_SECRET; until the
 * first code confirms it, `enabled_at` is null and signing in does not ask for codes.
 * `last_counter` is the time step of the last code accepted: a code is taken once.
 */
@Entity('user_totp')
export class UserTotp {
  @PrimaryColumn({ type: 'integer' })
  user_id: number;

  @Column({ type: 'varchar', length: 255 })
  secret_enc: string;

  @Column({ type: 'datetime', nullable: true })
  enabled_at: Date | null;

  @BigIntColumn({ default: 0 })
  last_counter: number;

  @CreatedAt()
  created_at: Date;
}

/** One of a user's single-use recovery codes, stored as its SHA-256. */
@Entity('recovery_codes')
@Index('idx_recovery_codes_user', ['user_id'])
export class RecoveryCode {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  user_id: number;

  @Column({ type: 'varchar', length: 64 })
  code_hash: string;

  @Column({ type: 'datetime', nullable: true })
  used_at: Date | null;
}

/**
 * An administrator's authenticator app: the same sealed secret and last time step as a user's
 * (UserTotp), for the back office's sign-in.
 */
@Entity('admin_totp')
export class AdminTotp {
  @PrimaryColumn({ type: 'integer' })
  admin_id: number;

  @Column({ type: 'varchar', length: 255 })
  secret_enc: string;

  @Column({ type: 'datetime', nullable: true })
  enabled_at: Date | null;

  @BigIntColumn({ default: 0 })
  last_counter: number;

  @CreatedAt()
  created_at: Date;
}

/** One of an administrator's single-use recovery codes, stored as its SHA-256. */
@Entity('admin_recovery_codes')
@Index('idx_admin_recovery_codes_admin', ['admin_id'])
export class AdminRecoveryCode {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  admin_id: number;

  @Column({ type: 'varchar', length: 64 })
  code_hash: string;

  @Column({ type: 'datetime', nullable: true })
  used_at: Date | null;
}
