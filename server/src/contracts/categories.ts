import type { DataEnvelope } from './envelope';

/** A catalogue category as get_categories.php (public and admin) returns it. */
export interface Category {
  id: number;
  /** The Chinese name (分类名称). */
  name: string;
  name_en: string;
  /** The URL form: `?category=<slug>` on the home page and the list endpoint. */
  slug: string;
  /** Smaller first; ties by id. */
  sort_order: number;
  /** Enabled APIs in it (public) or all APIs in it (admin). */
  api_count: number;
}

export type CategoryList = DataEnvelope<Category[]>;

/** create_category.php's body; update_category.php adds the id. */
export interface SaveCategoryBody {
  id?: number;
  name: string;
  name_en: string;
  slug: string;
  sort_order?: number;
}

/** The fields create_category.php reads (update adds `id`), each shown at its control. */
export const CATEGORY_FIELDS = [
  'name',
  'name_en',
  'slug',
  'sort_order',
] as const satisfies readonly (keyof SaveCategoryBody)[];

/** Lower-case words joined by single hyphens: "date-time". */
export const CATEGORY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const CATEGORY_MESSAGES = {
  slug: 'slug must be lower-case letters, digits and single hyphens (max 50 characters)',
  slugTaken: 'a category with this slug already exists',
  notFound: 'category not found',
  unknown: 'unknown category',
} as const;
