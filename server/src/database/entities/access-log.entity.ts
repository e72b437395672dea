import type { ChargedFrom } from '../../contracts/usage';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn } from '../columns';

/** The index of a user's calls by time (and id, once the log is in month partitions). */
export const USER_TIME_INDEX = 'idx_access_logs_user_time';

/** One row per gateway call: the call log users see and the ledger of what calls cost. */
@Entity('access_logs')
@Index('idx_access_logs_user', ['user_id', 'id'])
@Index('idx_access_logs_time', ['access_time'])
@Index(USER_TIME_INDEX, ['user_id', 'access_time'])
export class AccessLog {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'integer', nullable: true })
  user_id: number | null;

  @Column({ type: 'integer', nullable: true })
  api_id: number | null;

  @Column({ type: 'varchar', length: 100, default: '' })
  api_name: string;

  @Column({ type: 'varchar', length: 64, default: '' })
  ip_address: string;

  @Column({ type: 'varchar', length: 1000, default: '' })
  access_url: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  user_agent: string;

  @Column({ type: 'datetime' })
  access_time: Date;

  @Column({ type: 'smallint', default: 200 })
  status_code: number;

  @BigIntColumn({ default: 0 })
  cost_milli: number;

  @Column({ type: 'integer', default: 0 })
  latency_ms: number;

  /** The key the call was made with (api_keys.id); null for keyless calls. */
  @Column({ type: 'integer', nullable: true })
  api_key_id: number | null;

  /** The X-Request-Id the call was answered with. */
  @Column({ type: 'varchar', length: 36, nullable: true })
  request_id: string | null;

  /**
   * What paid for a charged call: `free` (the API's free quota) or `balance`; null for a free
   * API's call, a refunded one, or a row an older release wrote (paid from the balance if it
   * carries a cost).
   */
  @Column({ type: 'varchar', length: 8, nullable: true })
  charged_from: ChargedFrom | null;

  /** The credit the call spent (charged from `credit`: its cost, the cash it took, is 0). */
  @BigIntColumn({ default: 0 })
  credit_milli: number;
}
