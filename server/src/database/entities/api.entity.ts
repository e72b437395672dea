import type { QuotaPeriod } from '../../contracts/apis';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn, CreatedAt, FlagColumn, UpdatedAt } from '../columns';
import type { RequestFormat, RequestMethod } from '../../contracts/apis';

@Entity('apis')
@Index('uq_apis_name_en', ['name_en'], { unique: true })
@Index('idx_apis_listing', ['status', 'is_pinned', 'id'])
export class ApiEntry {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 100 })
  name_en: string;

  /** The English display title; name_en is the URL slug. */
  @Column({ type: 'varchar', length: 100, default: '' })
  title_en: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'text' })
  description_en: string;

  @Column({ type: 'varchar', length: 255 })
  endpoint: string;

  @Column({ type: 'varchar', length: 500 })
  example_url: string;

  @Column({ type: 'varchar', length: 100, default: 'application/json' })
  response_format: string;

  @Column({ type: 'varchar', length: 8, default: 'GET' })
  request_method: RequestMethod;

  @Column({ type: 'varchar', length: 40, default: 'application/json' })
  request_format: RequestFormat;

  @Column({ type: 'text' })
  request_params: string;

  @Column({ type: 'text' })
  response_params: string;

  @Column({ type: 'text' })
  status_codes: string;

  @Column({ type: 'text' })
  php_example: string;

  @Column({ type: 'text' })
  response_example: string;

  @FlagColumn()
  status: number;

  @FlagColumn({ default: 0 })
  is_paid: number;

  @FlagColumn({ default: 0 })
  is_pinned: number;

  @BigIntColumn({ default: 0 })
  price_per_call_milli: number;

  @BigIntColumn({ default: 0 })
  usage_count: number;

  @Column({ type: 'varchar', length: 32, nullable: true })
  handler: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  upstream_url: string | null;

  @Column({ type: 'integer', default: 10000 })
  upstream_timeout_ms: number;

  /**
   * When Portico put the API into maintenance (down, and its probe failing): calls answer 503
   * `gateway.maintenance` until its probe passes again. Null: serving.
   */
  @Column({ type: 'datetime', nullable: true })
  maintenance_at: Date | null;

  /** Calls of a paid API each user makes free per `free_quota_period` (0: none). */
  @Column({ type: 'integer', default: 0 })
  free_quota_calls: number;

  @Column({ type: 'varchar', length: 8, default: 'day' })
  free_quota_period: QuotaPeriod;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
