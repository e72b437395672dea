import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, FlagColumn, UpdatedAt } from '../columns';
import type { LinkTarget } from '../../contracts/content';

@Entity('sidebar_links')
export class SidebarLink {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  title: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  description: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  url: string | null;

  @Column({ type: 'varchar', length: 8, default: '_self' })
  target: LinkTarget;

  @Column({ type: 'integer', default: 0 })
  sort_order: number;

  @FlagColumn()
  status: number;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
