/*
 * What the newsroom sends about an article (SPEC.md §7 and our additions): its create and
 * update body, a move between statuses, and what waits on a writer.
 */
import { z } from 'zod';
import { ARTICLE_STATUSES } from '../articles';
import { ARTICLE_ACCESS } from '../article-access';
import { says } from '../refusals/schema-refusals';
import { ArticleTextsSchema, BYLINES_MAX, LanguageSchema } from './articles';
import { CommentsOpenInputSchema } from './comments';
import { IdSchema } from './common';
import { CorrectionNoteSchema } from './corrections';
import { ArticleEditionsInputSchema } from './editions';
import { TagsInputSchema } from './tags';

/** Create and update bodies (SPEC.md §7) plus status, publishedAt, language, legacyId. */
export const ArticleInputSchema = ArticleTextsSchema.extend({
  /** The first byline (the original client's one author); `authors` names them all. */
  author: IdSchema.optional().nullable(),
  /**
   * Our addition (issue 26 item 4): every byline in order, the first the main one (`author`),
   * by id (or as answered, `{ _id, … }`). Left out, an update keeps the bylines (with `author`
   * given, it takes the first place); `[]` leaves only the credit.
   */
  authors: z
    .array(
      z.union(
        [IdSchema, z.object({ _id: IdSchema }).transform((a) => a._id)],
        says('article.byline_not_id'),
      ),
      says('article.bylines_not_list'),
    )
    .max(BYLINES_MAX, says('article.too_many_bylines', { maximum: BYLINES_MAX }))
    .optional(),
  category: IdSchema,
  status: z.enum(ARTICLE_STATUSES, says('article.status_invalid')).optional(),
  publishedAt: z.iso
    .datetime({ offset: true, ...says('validation.not_datetime', { field: 'publishedAt' }) })
    .optional(),
  /** Left out, a new article's is read from its text; an update keeps the stored one. */
  language: LanguageSchema.optional(),
  legacyId: z
    .number(says('validation.not_number', { field: 'legacyId' }))
    .int()
    .min(1)
    .max(2_147_483_647)
    .optional()
    .nullable(),
  /**
   * A version of the same story in another language: the article joins its translation group
   * (docs/decisions/041), and leaves the one it was in; null leaves its group; left out, an update
   * keeps the group it has. A version the group had in this article's language leaves it.
   */
  translationId: IdSchema.optional().nullable(),
  /**
   * Live coverage (issue 25 item 1): true makes the article a live blog, false ends it and
   * keeps its entries; left out, an update keeps what is stored.
   */
  liveBlog: z.boolean(says('validation.not_boolean', { field: 'liveBlog' })).optional(),
  /**
   * No ad slots on its page (issue 39 item 1): editors and up choose; left out (or sent by an
   * author), the stored choice stays.
   */
  adsOff: z.boolean(says('validation.not_boolean', { field: 'adsOff' })).optional(),
  /**
   * Who may read it whole (issue 39 item 3; default free): editors and up choose; left out (or
   * sent by an author), the stored choice stays.
   */
  access: z.enum(ARTICLE_ACCESS, says('article.access_invalid')).optional(),
  /** Its say on comments (issue 42 item 1): editors and up choose; null follows its section. */
  commentsOpen: CommentsOpenInputSchema,
  /** Our addition (issue 26 item 5): the article's tags; left out, an update keeps them. */
  tags: TagsInputSchema.optional(),
  /**
   * Our addition (issue 65 item 2): the editions it circulates to, by id; left out, an update
   * keeps them (a new story: its primary edition only). The primary edition is added when not
   * listed. Unknown ids: 400 `edition.unknown`; outside a limited desk's: 403 `edition.not_yours`.
   */
  editions: ArticleEditionsInputSchema.optional(),
  /**
   * Its primary edition; left out, an update keeps it while it stays listed, and a new story
   * takes the national edition (or, for a desk without it, the first listed or its desk's).
   */
  primaryEdition: IdSchema.optional(),
  /** A published story's correction: its public note, kept on the record (issue 43 item 3). */
  correction: CorrectionNoteSchema.optional(),
  /** The updatedAt the editor loaded; an older one than stored means someone else saved since. */
  updatedAt: z.iso
    .datetime({ offset: true, ...says('validation.not_datetime', { field: 'updatedAt' }) })
    .optional(),
});
export type ArticleInput = z.infer<typeof ArticleInputSchema>;

const publishedAtField = z.iso.datetime({
  offset: true,
  ...says('validation.not_datetime', { field: 'publishedAt' }),
});

/**
 * A move between statuses (DECISIONS.md §11): submit for review (`pending`), publish now or
 * schedule (`published`, with a future `publishedAt`), or back to draft with a note the author
 * sees. Without `publishedAt`, publishing means now.
 */
export const ArticleStatusChangeSchema = z.object({
  status: z.enum(ARTICLE_STATUSES, says('article.status_invalid')),
  publishedAt: publishedAtField.optional(),
  note: z
    .string(says('validation.not_text', { field: 'note' }))
    .trim()
    .max(2000, says('validation.too_long', { field: 'note', maximum: 2000 }))
    .optional(),
});
export type ArticleStatusChange = z.infer<typeof ArticleStatusChangeSchema>;

/** What waits on the signed-in user: for review (editors) or sent back to them (authors). */
export const ReviewQueueSchema = z.object({
  awaiting: z.number(),
  kind: z.enum(['review', 'sentBack']),
});

/** A signed link to an unpublished article's preview, valid 7 days (DECISIONS.md §11). */
export const PreviewLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
