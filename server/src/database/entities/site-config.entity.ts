import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn, CreatedAt, FlagColumn, UpdatedAt } from '../columns';

/** A single row (id 1) holding the site settings. */
@Entity('site_config')
export class SiteConfig {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200, default: '' })
  site_title: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  site_keywords: string;

  @Column({ type: 'varchar', length: 1000, default: '' })
  site_description: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  site_favicon: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  site_url: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  copyright: string;

  /** The English site's footer text ('' when none: it shows `copyright`). */
  @Column({ type: 'varchar', length: 500, default: '' })
  copyright_en: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  icp: string;

  @Column({ type: 'text' })
  analytics_code: string;

  @Column({ type: 'text' })
  home_notice: string;

  /** The English site's home notice (null or '' when none: it shows `home_notice`). */
  @Column({ type: 'text', nullable: true })
  home_notice_en: string | null;

  @Column({ type: 'datetime' })
  site_start_time: Date;

  /** 1: registration asks for an e-mail address, and the account waits until it is confirmed. */
  @FlagColumn({ default: 0 })
  email_verification: number;

  /** 1: an administrator signs in with an authenticator code, and one without sets it up first. */
  @FlagColumn({ default: 0 })
  admin_two_factor_required: number;

  /** An API is degraded below this per cent of calls working (or above the p95 below). */
  @Column({ type: 'integer', default: 95 })
  health_degraded_success: number;

  @Column({ type: 'integer', default: 3000 })
  health_degraded_p95_ms: number;

  /** An API is down below this per cent of calls working, or after this many failed probes. */
  @Column({ type: 'integer', default: 50 })
  health_down_success: number;

  @Column({ type: 'integer', default: 3 })
  health_down_probe_failures: number;

  /** 1: a down API whose probe fails is put into maintenance, and taken out when it passes. */
  @FlagColumn({ default: 0 })
  health_auto_maintenance: number;

  /** Where incidents are announced: an e-mail address and a webhook ('' = none). */
  @Column({ type: 'varchar', length: 254, default: '' })
  health_alert_email: string;

  @Column({ type: 'varchar', length: 2000, default: '' })
  health_alert_webhook_url: string;

  /** Signs the incident webhooks as a user's alert secret signs theirs. */
  @Column({ type: 'varchar', length: 64, default: '' })
  health_alert_webhook_secret: string;

  /** What an inviter gets when an invitee first recharges (0: rewards off), and how often at most. */
  @BigIntColumn({ default: 0 })
  referral_reward_milli: number;

  @Column({ type: 'integer', default: 10 })
  referral_cap: number;

  /** Days an invite reward's credit lasts; 0 pays rewards as cash. */
  @Column({ type: 'integer', default: 0 })
  referral_credit_days: number;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
