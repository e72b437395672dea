import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { CreatedAt, UpdatedAt } from '../columns';

export type SessionKind = 'user' | 'admin';

@Entity('sessions')
@Index('idx_sessions_subject', ['kind', 'subject_id'])
@Index('idx_sessions_expires', ['expires_at'])
export class Session {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  token_hash: string;

  @Column({ type: 'varchar', length: 8 })
  kind: SessionKind;

  @Column({ type: 'integer' })
  subject_id: number;

  @Column({ type: 'varchar', length: 64 })
  csrf_secret: string;

  @Column({ type: 'datetime' })
  expires_at: Date;

  @Column({ type: 'datetime' })
  last_seen_at: Date;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  user_agent: string | null;

  /** When this session last proved the account's second factor (sign-in or a step-up). */
  @Column({ type: 'datetime', nullable: true })
  second_factor_at: Date | null;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
