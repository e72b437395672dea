import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, FlagColumn, UpdatedAt } from '../columns';
import type { LinkTarget } from '../../contracts/content';

@Entity('sidebar_links')
export class SidebarLink {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  title: string;

  /** The English site's title ('' when none: it shows `title`). */
  @Column({ type: 'varchar', length: 100, default: '' })
  title_en: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  description: string;

  /** The English site's description ('' when none: it shows `description`). */
  @Column({ type: 'varchar', length: 500, default: '' })
  description_en: string;

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
