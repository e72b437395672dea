import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * How many of an API's free calls a user has made in `period` (`YYYY-MM-DD` or `YYYY-MM` on the
 * site's clock). The ledger takes a call conditionally on `used` staying within the API's quota,
 * in the charge's transaction, and gives it back with a refund.
 */
@Entity('free_quota_uses')
export class FreeQuotaUse {
  @PrimaryColumn({ type: 'integer' })
  user_id: number;

  @PrimaryColumn({ type: 'integer' })
  api_id: number;

  @Column({ type: 'varchar', length: 10, default: '' })
  period: string;

  @Column({ type: 'integer', default: 0 })
  used: number;
}
