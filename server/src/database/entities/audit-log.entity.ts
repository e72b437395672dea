import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { LongTextColumn } from '../columns';

/** One admin write (DESIGN.md §3): append-only, so it has no updated_at. */
@Entity('audit_log')
@Index('idx_audit_log_created', ['created_at'])
@Index('idx_audit_log_target', ['target_type', 'target_id'])
export class AuditLog {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  admin_id: number;

  @Column({ type: 'varchar', length: 32 })
  action: string;

  @Column({ type: 'varchar', length: 32 })
  target_type: string;

  @Column({ type: 'integer', nullable: true })
  target_id: number | null;

  /** Whole rows as JSON: never cut, so LONGTEXT on MySQL. */
  @LongTextColumn({ nullable: true })
  before: string | null;

  @LongTextColumn({ nullable: true })
  after: string | null;

  @Column({ type: 'varchar', length: 64, default: '' })
  ip: string;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
