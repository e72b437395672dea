import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { RedeemKind } from '../../contracts/redeem';
import { BigIntColumn, CreatedAt } from '../columns';

/** A batch of redeem codes an admin generated: what each is worth and how it may be redeemed. */
@Entity('redeem_batches')
export class RedeemBatch {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 8, default: 'cash' })
  kind: RedeemKind;

  @BigIntColumn()
  value_milli: number;

  @Column({ type: 'integer' })
  code_count: number;

  @Column({ type: 'integer', default: 1 })
  uses_per_code: number;

  @Column({ type: 'integer', default: 1 })
  per_user_limit: number;

  @Column({ type: 'datetime', nullable: true })
  expires_at: Date | null;

  /** Days a credit code's credit lasts from its redemption; null for cash. */
  @Column({ type: 'integer', nullable: true })
  credit_days: number | null;

  /** The plan whose period a plan code starts; null for cash and credit. */
  @Column({ type: 'integer', nullable: true })
  plan_id: number | null;

  @Column({ type: 'datetime', nullable: true })
  disabled_at: Date | null;

  @Column({ type: 'integer' })
  admin_id: number;

  @CreatedAt()
  created_at: Date;
}

/**
 * One code of a batch. `code_hash` (HMAC-SHA256 under APP_SECRET) finds a typed code; the code
 * itself is only kept sealed, for the batch's CSV, so a copy of the database redeems nothing.
 */
@Entity('redeem_codes')
@Index('uq_redeem_codes_hash', ['code_hash'], { unique: true })
@Index('idx_redeem_codes_batch', ['batch_id', 'id'])
export class RedeemCode {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  batch_id: number;

  @Column({ type: 'varchar', length: 64 })
  code_hash: string;

  @Column({ type: 'varchar', length: 128 })
  code_sealed: string;

  /** Redemptions so far; the ledger adds one only while it stays within the batch's uses_per_code. */
  @Column({ type: 'integer', default: 0 })
  uses: number;
}

/** A code redeemed by a user, written with the credit it made: the ledger's record of it. */
@Entity('redemptions')
@Index('uq_redemptions_code_user', ['code_id', 'user_id'], { unique: true })
@Index('idx_redemptions_user', ['user_id', 'id'])
@Index('idx_redemptions_batch', ['batch_id'])
export class Redemption {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  code_id: number;

  @Column({ type: 'integer' })
  batch_id: number;

  @Column({ type: 'integer' })
  user_id: number;

  @Column({ type: 'varchar', length: 8 })
  kind: RedeemKind;

  @BigIntColumn()
  value_milli: number;

  @CreatedAt()
  created_at: Date;
}

/** How many codes of a batch a user has redeemed, taken conditionally on the batch's limit. */
@Entity('redeem_user_uses')
export class RedeemUserUse {
  @PrimaryColumn({ type: 'integer' })
  batch_id: number;

  @PrimaryColumn({ type: 'integer' })
  user_id: number;

  @Column({ type: 'integer', default: 0 })
  used: number;
}
