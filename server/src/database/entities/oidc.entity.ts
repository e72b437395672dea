import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { OidcKind } from '../../contracts/oidc';
import { CreatedAt, FlagColumn, UpdatedAt } from '../columns';

/**
 * A provider users may sign in with, set up by the admin: an OpenID Connect issuer found by its
 * discovery document, or GitHub (github.com or an Enterprise Server). The client secret is sealed
 * under APP_SECRET and never shown back.
 */
@Entity('oidc_providers')
export class OidcProvider {
  @PrimaryGeneratedColumn()
  id: number;

  /** `oidc` (found by discovery) or `github` (GitHub's OAuth apps, at `issuer`). */
  @Column({ type: 'varchar', length: 16, default: 'oidc' })
  kind: OidcKind;

  /** What the login button says after "Continue with". */
  @Column({ type: 'varchar', length: 40 })
  name: string;

  @Column({ type: 'varchar', length: 500 })
  issuer: string;

  @Column({ type: 'varchar', length: 255 })
  client_id: string;

  @Column({ type: 'text' })
  client_secret_sealed: string;

  @FlagColumn()
  enabled: number;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}

/**
 * A provider's account linked to a user: the provider's `sub` signs that user in. One provider
 * account links to one user; a user may link one account per provider.
 */
@Entity('user_identities')
@Index('uq_user_identities_subject', ['provider_id', 'subject'], { unique: true })
@Index('uq_user_identities_user', ['user_id', 'provider_id'], { unique: true })
export class UserIdentity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  user_id: number;

  @Column({ type: 'integer' })
  provider_id: number;

  @Column({ type: 'varchar', length: 255 })
  subject: string;

  /** The e-mail address the provider gave when the account was linked (shown to the user). */
  @Column({ type: 'varchar', length: 191, nullable: true })
  email: string | null;

  @Column({ type: 'datetime', nullable: true })
  last_used_at: Date | null;

  @CreatedAt()
  created_at: Date;
}
