import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, FlagColumn, UpdatedAt } from '../columns';

@Entity('friend_links')
export class FriendLink {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 500 })
  link_url: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  avatar_url: string;

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
