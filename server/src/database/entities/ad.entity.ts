import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, FlagColumn, UpdatedAt } from '../columns';

@Entity('ads')
export class Ad {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  title: string;

  /** The English site's title ('' when none: it shows `title`). */
  @Column({ type: 'varchar', length: 100, default: '' })
  title_en: string;

  @Column({ type: 'varchar', length: 500 })
  image_url: string;

  @Column({ type: 'varchar', length: 500 })
  link_url: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  description: string;

  /** The English site's description ('' when none: it shows `description`). */
  @Column({ type: 'varchar', length: 500, default: '' })
  description_en: string;

  @Column({ type: 'integer', default: 0 })
  sort_order: number;

  @FlagColumn()
  status: number;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
