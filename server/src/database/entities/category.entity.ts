import {
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { BigIntColumn } from '../columns';
import { ApiEntry } from './api.entity';

/** A catalogue category (分类): the home page's chips and the list's `category` filter. */
@Entity('categories')
@Index('uq_categories_slug', ['slug'], { unique: true })
export class Category {
  @PrimaryGeneratedColumn()
  id: number;

  /** The Chinese name. */
  @Column({ type: 'varchar', length: 50 })
  name: string;

  @Column({ type: 'varchar', length: 50 })
  name_en: string;

  @Column({ type: 'varchar', length: 50 })
  slug: string;

  @Column({ type: 'integer', default: 0 })
  sort_order: number;
}

/** Which APIs are in which categories; a deleted API or category takes its links with it. */
@Entity('api_categories')
@Index('idx_api_categories_category', ['category_id'])
export class ApiCategory {
  @PrimaryColumn({ type: 'integer' })
  api_id: number;

  @PrimaryColumn({ type: 'integer' })
  category_id: number;

  @ManyToOne(() => ApiEntry, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'api_id', foreignKeyConstraintName: 'fk_api_categories_api' })
  api?: ApiEntry;

  @ManyToOne(() => Category, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'category_id', foreignKeyConstraintName: 'fk_api_categories_category' })
  category?: Category;
}

/**
 * One row (id 1) whose version every change to the catalogue's APIs or categories raises, so
 * instances sharing the database notice a change with one cheap read (CatalogueSearch).
 */
@Entity('catalogue_state')
export class CatalogueState {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @BigIntColumn({ default: 0 })
  version: number;
}
