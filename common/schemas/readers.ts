import { z } from 'zod';
import { says } from '../refusals/schema-refusals';
import { ArticleCardSchema } from './articles';
import { IdSchema, pageFields, pagination } from './common';
import { RoleSchema } from './users';

/*
 * A reader's own calls (issue 37 items 2 and 6): what they follow, what they saved, their data.
 * The contract's field names are the issue's: `categories: [id]`, `tags: [slug]`, `authors: [id]`.
 */

/** At most this many of each kind of follow: a reader's list, not a crawler's. */
export const MAX_FOLLOWS = 200;
/** Stories per page of the feed and of the saved list. */
export const READER_PAGE_SIZE = 20;

const tagSlug = z
  .string(says('validation.not_text', { field: 'tags' }))
  .trim()
  .min(1, says('validation.required', { field: 'tags' }))
  .max(120, says('validation.too_long', { field: 'tags', maximum: 120 }));

export const FollowsSchema = z.object({
  categories: z.array(IdSchema).max(MAX_FOLLOWS).default([]),
  tags: z.array(tagSlug).max(MAX_FOLLOWS).default([]),
  authors: z.array(IdSchema).max(MAX_FOLLOWS).default([]),
});
export type Follows = z.infer<typeof FollowsSchema>;

export const FollowsAnswerSchema = z.object({
  categories: z.array(z.string()),
  tags: z.array(z.string()),
  authors: z.array(z.string()),
});

/**
 * `GET /api/me/following` (issue 72 item 1): what the reader follows, by kind, each with what a
 * list shows of it (its names and its page), for /profile's Unfollow list. A follow whose
 * section, tag or author is gone is left out.
 */
export const FollowedThingSchema = z.object({
  kind: z.enum(['category', 'tag', 'author']),
  /** What PUT /api/me/follows names it by: a category's or author's id, a tag's slug. */
  target: z.string(),
  name: z.string(),
  /** A category's Hindi and English names (common/category-names.ts picks one); else empty. */
  nameHi: z.string(),
  nameEn: z.string(),
  path: z.string(),
});
export type FollowedThing = z.infer<typeof FollowedThingSchema>;
export const FollowingAnswerSchema = z.object({ follows: z.array(FollowedThingSchema) });

export const ReaderPageQuerySchema = pagination(READER_PAGE_SIZE, 50).pick({ page: true });

export const ReaderFeedSchema = z.object({
  articles: z.array(ArticleCardSchema),
  ...pageFields,
});

export const ArticleIdParamsSchema = z.object({ articleId: IdSchema });

export const SavedAnswerSchema = z.object({ articleId: z.string(), saved: z.boolean() });

/**
 * What a page's script reads after load (`GET /api/me`): who is signed in and the state of the
 * Follow and Save buttons, never in the cached HTML.
 */
export const ReaderStateSchema = z.object({
  user: z.object({ _id: z.string(), name: z.string(), email: z.string(), role: RoleSchema }),
  follows: FollowsAnswerSchema,
  /** Ids of every saved story (the Save buttons' state). */
  saved: z.array(z.string()),
  /** The reader's chosen edition's id (issue 65 item 4), or null. */
  edition: z.string().nullable(),
});

/** `PUT /api/me`: the reader's city, an edition's id or slug; null forgets it (issue 65 item 4). */
export const ReaderCitySchema = z.object({ edition: z.string().min(1).max(100).nullable() });

export const ConsentSchema = z.object({
  purpose: z.string(),
  form: z.string(),
  textVersion: z.string(),
  givenAt: z.string(),
});

/** A reader's data as they download it (`GET /api/me/export`, DPDP Act 2023, GDPR art. 20). */
export const ReaderExportSchema = z.object({
  account: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    role: RoleSchema,
    createdAt: z.string(),
  }),
  consents: z.array(ConsentSchema),
  follows: FollowsAnswerSchema,
  saved: z.array(z.object({ articleId: z.string(), savedAt: z.string() })),
  subscriptions: z.array(
    z.object({
      newsletter: z.string(),
      slug: z.string(),
      status: z.string(),
      confirmedAt: z.string().nullable(),
    }),
  ),
  /** Their comments, as typed, with where each stands (issue 42 item 5). */
  comments: z.array(
    z.object({
      _id: z.string(),
      articleId: z.string(),
      parentId: z.string().nullable(),
      text: z.string(),
      status: z.string(),
      createdAt: z.string(),
      editedAt: z.string().nullable(),
    }),
  ),
});
export type ReaderExport = z.infer<typeof ReaderExportSchema>;

/** Deleting one's account: the password, or the code mailed for readers without one. */
export const DeleteAccountSchema = z.object({
  password: z
    .string(says('validation.not_text', { field: 'password' }))
    .max(200)
    .optional(),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, says('validation.invalid'))
    .optional(),
});
export type DeleteAccount = z.infer<typeof DeleteAccountSchema>;
