import { z } from 'zod';
import { says } from '../refusals/schema-refusals';
import { CommentsOpenInputSchema, CommentsOpenSchema } from './comments';
import { IdSchema, pagination, text, pageFields } from './common';

export const CategorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The name a Hindi or an English interface shows; empty: `name` (common/category-names.ts). */
  nameHi: z.string().optional(),
  nameEn: z.string().optional(),
  slug: z.string(),
  description: z.string(),
  isHome: z.boolean(),
  /** The section this one is part of (a city's state), or null: one level (issue 26 item 6). */
  parentId: z.string().nullable().optional(),
  /** Its say on its stories' comments (issue 42 item 1); null follows the site's setting. */
  commentsOpen: CommentsOpenSchema,
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type Category = z.infer<typeof CategorySchema>;

/** How long a category's name may be, in any language. */
export const CATEGORY_NAME_MAX = 100;

const slugInput = z
  .string(says('validation.not_text', { field: 'slug' }))
  .trim()
  .max(120, says('validation.too_long', { field: 'slug', maximum: 120 }));

/** A name in one interface language: empty (or left out) shows `name` there. */
const languageName = (field: string) => text(field, 0, CATEGORY_NAME_MAX).optional();

/**
 * Add Category (SPEC.md §2, §5: name and description required, isHome default false), with
 * our additions (issue 26 items 6, 7): the parent section (null or left out: top level) and the
 * names per interface language. On edit, a field left out keeps what is stored, so a client
 * that knows none of them changes none of them.
 */
export const CategoryInputSchema = z.object({
  name: text('name', 1, CATEGORY_NAME_MAX),
  description: text('description', 1, 2000),
  isHome: z.boolean(says('validation.not_boolean', { field: 'isHome' })).default(false),
  slug: slugInput.optional(),
  parentId: IdSchema.nullable().optional(),
  nameHi: languageName('nameHi'),
  nameEn: languageName('nameEn'),
  /** Open, closed, or null to follow the site (issue 42 item 1); left out keeps what is stored. */
  commentsOpen: CommentsOpenInputSchema,
});
export type CategoryInput = z.infer<typeof CategoryInputSchema>;

export const CategoryEditSchema = CategoryInputSchema.extend({ _id: IdSchema });
export type CategoryEdit = z.infer<typeof CategoryEditSchema>;

export const CategoryListQuerySchema = pagination(10);
export const CategoryListSchema = z.object({
  categories: z.array(CategorySchema),
  ...pageFields,
  totalCategories: z.number(),
});

/** A section of the readers' menu: a top-level category and those under it that are shown. */
export type MenuSection = Category & { children: Category[] };

/** The readers' menu, and the categories left out of it (no article yet, not on the home page). */
export interface CategoryMenu {
  sections: MenuSection[];
  unlisted: string[];
}

/** A category page's categories: the one asked for, its parent (or null), its children. */
export interface CategoryFamily {
  category: Category;
  parent: Category | null;
  children: Category[];
}
