import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { ReferralRefusal, ReferralState } from '../../contracts/referrals';
import { BigIntColumn, CreatedAt } from '../columns';

/** A user who has an invite code, and how many rewards its invitees have earned it (the cap). */
@Entity('referral_inviters')
@Index('uq_referral_inviters_code', ['code'], { unique: true })
export class ReferralInviter {
  @PrimaryColumn({ type: 'integer' })
  user_id: number;

  @Column({ type: 'varchar', length: 10 })
  code: string;

  @Column({ type: 'integer', default: 0 })
  rewarded: number;

  @CreatedAt()
  created_at: Date;
}

/**
 * An invitee who registered through an inviter's link. `flag` is what registration found against
 * it (the farm and self-invite checks); the invitee's first credited recharge decides the rest.
 */
@Entity('referrals')
@Index('uq_referrals_invitee', ['invitee_id'], { unique: true })
@Index('idx_referrals_created', ['created_at', 'id'])
@Index('idx_referrals_inviter_created', ['inviter_id', 'created_at', 'id'])
export class Referral {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  inviter_id: number;

  @Column({ type: 'integer' })
  invitee_id: number;

  @Column({ type: 'varchar', length: 64 })
  ip: string;

  @Column({ type: 'varchar', length: 8, default: 'waiting' })
  state: ReferralState;

  @Column({ type: 'varchar', length: 16, nullable: true })
  flag: ReferralRefusal | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  reason: ReferralRefusal | null;

  @BigIntColumn({ default: 0 })
  reward_milli: number;

  @Column({ type: 'varchar', length: 64, nullable: true })
  out_trade_no: string | null;

  @CreatedAt()
  created_at: Date;

  @Column({ type: 'datetime', nullable: true })
  decided_at: Date | null;
}

/**
 * What an inviter's invitees registered from (`a:<ip>` or `d:<browser hash>`): the first invitee
 * from each makes the row, and a later one from the same finds it taken.
 */
@Entity('referral_marks')
export class ReferralMark {
  @PrimaryColumn({ type: 'integer' })
  inviter_id: number;

  @PrimaryColumn({ type: 'varchar', length: 80 })
  mark: string;
}

/**
 * What a referral paid its inviter (`user_id`): cash, the ledger's record of money in, or (with
 * `credit_grant_id`) credit, whose grant is the credit ledger's record of it.
 */
@Entity('referral_rewards')
@Index('uq_referral_rewards_referral', ['referral_id'], { unique: true })
@Index('idx_referral_rewards_user', ['user_id', 'id'])
export class ReferralReward {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  user_id: number;

  @Column({ type: 'integer' })
  referral_id: number;

  @BigIntColumn()
  value_milli: number;

  @Column({ type: 'integer', nullable: true })
  credit_grant_id: number | null;

  @CreatedAt()
  created_at: Date;
}
