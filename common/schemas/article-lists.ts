/*
 * The article lists' calls (SPEC.md §7 and our additions): their queries and answers, and the
 * newsroom's bulk move between editions (issue 65).
 */
import { z } from 'zod';
import {
  ADMIN_DEFAULT_SORT,
  ADMIN_SORTS,
  ADMIN_STATUS_FILTERS,
  SEARCH_QUERY_MAX,
} from '../articles';
import { says } from '../refusals/schema-refusals';
import { AdminArticleRowSchema, ArticleCardSchema, LanguageSchema } from './articles';
import { IdSchema, estimatedField, limitOnly, pagination, pageFields } from './common';

export const LatestQuerySchema = limitOnly(3);
export const RandomQuerySchema = z.object({
  limit: limitOnly(3).shape.limit,
  /** Our addition: leave this article out (the article page's own). */
  exclude: IdSchema.optional(),
});
export const ByCategoryQuerySchema = z.object({
  categoryId: IdSchema.optional(),
  limit: limitOnly(3).shape.limit,
});
export const CategoryDetailQuerySchema = pagination(9).extend({ categoryId: IdSchema });
export const AdminArticleQuerySchema = pagination(10, 1000).extend({
  /** Our addition: only articles whose title has these words (the reader search's matching). */
  q: z
    .string()
    .trim()
    .max(SEARCH_QUERY_MAX, says('search.query_too_long', { maximum: SEARCH_QUERY_MAX }))
    .optional(),
  /* Our additions (issue 9 item 6); absent, the list is what it always was. */
  status: z
    .enum(
      ADMIN_STATUS_FILTERS,
      says('validation.one_of', { field: 'status', values: ADMIN_STATUS_FILTERS }),
    )
    .optional(),
  categoryId: IdSchema.optional(),
  authorId: IdSchema.optional(),
  language: LanguageSchema.optional(),
  /** Our addition (issue 65): only stories in this edition (primary or not). */
  edition: IdSchema.optional(),
  sort: z
    .enum(ADMIN_SORTS, says('validation.one_of', { field: 'sort', values: ADMIN_SORTS }))
    .default(ADMIN_DEFAULT_SORT),
});
export type AdminArticleQuery = z.infer<typeof AdminArticleQuerySchema>;

export const CategoryDetailSchema = z.object({
  articles: z.array(ArticleCardSchema),
  totalArticles: z.number(),
  ...pageFields,
});
export const AdminArticleListSchema = z.object({
  articles: z.array(AdminArticleRowSchema),
  ...pageFields,
  totalArticles: z.number(),
  ...estimatedField,
});
export const NewUrlSchema = z.object({ newUrl: z.string() });

/**
 * `POST /api/articles/editions` (editors and up; issue 65): put the selected stories in an
 * edition (`add`), take them out of one (`remove`), or both. Ids that name no story are
 * passed over; a story taken out of its primary edition gets another (its first left, or
 * national).
 */
export const BulkEditionsSchema = z
  .object({
    ids: z
      .array(IdSchema)
      .min(1, says('validation.required', { field: 'ids' }))
      .max(200),
    add: IdSchema.optional(),
    remove: IdSchema.optional(),
  })
  .refine((b) => b.add !== undefined || b.remove !== undefined, {
    ...says('validation.required', { field: 'add' }),
    path: ['add'],
  });
export type BulkEditions = z.infer<typeof BulkEditionsSchema>;
