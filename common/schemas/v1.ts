import { z } from 'zod';
import { says } from '../refusals/schema-refusals';
import { ArticleCardSchema, ArticleSchema, CategoryRefSchema, LanguageSchema } from './articles';
import { pagination } from './common';

/*
 * The read API an app syncs from (issue 41 item 2), version 1: `/api/v1/…`. Its shapes change
 * only by added fields; SPEC.md's calls stay as they are beside it.
 */

/** The first version's prefix: every call of the read API an app syncs from is under it. */
export const V1_PREFIX = '/api/v1';

const since = (field: string) =>
  z.iso.datetime({ offset: true, ...says('validation.not_datetime', { field }) });

/** `GET /api/v1/articles`: filters by slug, a language, and what changed after a moment. */
export const V1ArticlesQuerySchema = pagination(20, 100).extend({
  /** A category's slug: its articles and those of the categories inside it. */
  category: z.string().trim().min(1).max(200).optional(),
  /** A tag's slug. */
  tag: z.string().trim().min(1).max(200).optional(),
  /** An author's slug (any byline). */
  author: z.string().trim().min(1).max(200).optional(),
  language: LanguageSchema.optional(),
  /** Only articles whose `changedAt` is after this moment. */
  updatedSince: since('updatedSince').optional(),
});
export type V1ArticlesQuery = z.infer<typeof V1ArticlesQuerySchema>;

/** A published article as an app keeps it: whole, with its address and when it last changed. */
export const V1ArticleSchema = ArticleSchema.omit({ views: true, reviewNote: true }).extend({
  /** Its public address (absolute). */
  url: z.string(),
  /**
   * When it last changed for a reader: its last edit, or its publication if later (a scheduled
   * story). Pass the last one seen as `updatedSince` to read on.
   */
  changedAt: z.string(),
});
export type V1Article = z.infer<typeof V1ArticleSchema>;

export const V1ArticlePageSchema = z.object({
  articles: z.array(V1ArticleSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  totalPages: z.number(),
});
export type V1ArticlePage = z.infer<typeof V1ArticlePageSchema>;

export const V1ArticleParamsSchema = z.object({ idOrSlug: z.string().min(1).max(500) });

/** `GET /api/v1/deleted?since=`: what an app must drop from its copy. */
export const V1DeletedQuerySchema = z.object({ since: since('since') });
export const V1DeletedSchema = z.object({
  /** Articles unpublished or deleted after `since` and not public now, oldest first. */
  ids: z.array(z.string()),
  /**
   * The oldest moment this list can answer for (changes are kept 30 days): an app whose last
   * sync is older reads everything again.
   */
  keptSince: z.string(),
  /** Pass as the next `since`. */
  until: z.string(),
});
export type V1Deleted = z.infer<typeof V1DeletedSchema>;

/** `GET /api/v1/home`: the home's sections as readers see them. */
export const V1HomeSchema = z.object({
  sections: z.array(
    z.object({
      /** `latest`, or the section's category slug. */
      key: z.string(),
      category: CategoryRefSchema.nullable(),
      articles: z.array(ArticleCardSchema),
    }),
  ),
  /** Live blogs running now, newest first. */
  live: z.array(ArticleCardSchema),
});
export type V1Home = z.infer<typeof V1HomeSchema>;
