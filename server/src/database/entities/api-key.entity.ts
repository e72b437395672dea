import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn, CreatedAt, FlagColumn, UpdatedAt } from '../columns';

/**
 * A key that calls the gateway. Each user has one default key (is_default = 1, stored encrypted
 * too so it can be shown again) and up to 20 named keys (only their hash is kept). The gateway
 * finds keys by key_hash and caches them; updated_at tells other instances which ones changed.
 */
@Entity('api_keys')
@Index('uq_api_keys_key_hash', ['key_hash'], { unique: true })
@Index('idx_api_keys_user', ['user_id', 'is_default'])
@Index('idx_api_keys_updated', ['updated_at'])
export class ApiKey {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  user_id: number;

  @Column({ type: 'varchar', length: 50, default: '' })
  name: string;

  @FlagColumn({ default: 0 })
  is_default: number;

  @Column({ type: 'varchar', length: 64 })
  key_hash: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  key_enc: string | null;

  @Column({ type: 'varchar', length: 16 })
  key_hint: string;

  @Column({ type: 'datetime', nullable: true })
  expires_at: Date | null;

  /** JSON array of API ids the key may call; null: every API. */
  @Column({ type: 'text', nullable: true })
  allowed_apis: string | null;

  /** JSON array of IPv4/IPv6 CIDRs the key may be used from; null: anywhere. */
  @Column({ type: 'text', nullable: true })
  allowed_ips: string | null;

  /** Calls per minute for this key; null: the gateway's RATE_LIMIT_PER_KEY. */
  @Column({ type: 'integer', nullable: true })
  rate_limit: number | null;

  @BigIntColumn({ nullable: true })
  daily_cap_milli: number | null;

  @BigIntColumn({ nullable: true })
  monthly_cap_milli: number | null;

  /** The UTC day (YYYY-MM-DD) that spent_day_milli counts; kept by the charge for capped keys. */
  @Column({ type: 'varchar', length: 10, default: '' })
  spent_day: string;

  @BigIntColumn({ default: 0 })
  spent_day_milli: number;

  /** The UTC month (YYYY-MM) that spent_month_milli counts. */
  @Column({ type: 'varchar', length: 7, default: '' })
  spent_month: string;

  @BigIntColumn({ default: 0 })
  spent_month_milli: number;

  @Column({ type: 'datetime', nullable: true })
  last_used_at: Date | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  last_used_ip: string | null;

  @Column({ type: 'datetime', nullable: true })
  revoked_at: Date | null;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
