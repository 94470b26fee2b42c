import { z } from 'zod';
import { IdSchema, pagination, text } from './common';

export const CategorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  isHome: z.boolean(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type Category = z.infer<typeof CategorySchema>;

const slugInput = z
  .string({ error: 'slug must be text' })
  .trim()
  .max(120, 'slug must be at most 120 characters');

/** Add Category (SPEC.md §2, §5: name and description required, isHome default false). */
export const CategoryInputSchema = z.object({
  name: text('name', 1, 100),
  description: text('description', 1, 2000),
  isHome: z.boolean({ error: 'isHome must be true or false' }).default(false),
  slug: slugInput.optional(),
});
export type CategoryInput = z.infer<typeof CategoryInputSchema>;

export const CategoryEditSchema = CategoryInputSchema.extend({ _id: IdSchema });
export type CategoryEdit = z.infer<typeof CategoryEditSchema>;

export const CategoryListQuerySchema = pagination(10);
export const CategoryListSchema = z.object({
  categories: z.array(CategorySchema),
  currentPage: z.number(),
  totalPages: z.number(),
  totalCategories: z.number(),
});
