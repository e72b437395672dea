import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, FlagColumn, UpdatedAt } from '../columns';

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

  @Column({ type: 'varchar', length: 100, default: '' })
  icp: string;

  @Column({ type: 'text' })
  analytics_code: string;

  @Column({ type: 'text' })
  home_notice: string;

  @Column({ type: 'datetime' })
  site_start_time: Date;

  /** 1: registration asks for an e-mail address, and the account waits until it is confirmed. */
  @FlagColumn({ default: 0 })
  email_verification: number;

  /** 1: an administrator signs in with an authenticator code, and one without sets it up first. */
  @FlagColumn({ default: 0 })
  admin_two_factor_required: number;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
