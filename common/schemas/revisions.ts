/*
 * Revisions, autosaves and presence of an article (issue 9 items 4 and 5,
 * docs/decisions/023). A revision's content is the article as the form edits it.
 */
import { z } from 'zod';
import { ARTICLE_STATUSES, LANGUAGES } from '../articles';
import { ARTICLE_NAME_MAX, ArticleTextsSchema, articleTexts, IMAGE_URL_MAX } from './articles';
import { says } from '../refusals/schema-refusals';
import { IdSchema } from './common';

/** Why a revision was recorded: a save (create or update), a status move, an autosave, a restore. */
export const REVISION_KINDS = ['save', 'status', 'autosave', 'restore'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

/** The label of an autosave revision in the list (other revisions carry the title they had). */
export const AUTOSAVE_LABEL = 'Autosave';

/**
 * How long an editor counts as having the article open after their last heartbeat. With a
 * heartbeat every 15 s and the others asking as often, "X is editing" goes within 60 s of a tab
 * that closed without a word (a closed tab says so at once: DELETE …/presence; issue 26).
 */
export const PRESENCE_WINDOW_MS = 45 * 1000;
/** How often an open form says it is still open. */
export const PRESENCE_HEARTBEAT_MS = 15 * 1000;

/** Everything a revision keeps of an article; ids for its category, author and translation. */
export const RevisionContentSchema = articleTexts.storedSchema().extend({
  category: z.string().nullable(),
  author: z.string().nullable(),
  language: z.enum(LANGUAGES).nullable(),
  publishedAt: z.string(),
  translationId: z.string().nullable(),
  /** Every byline's id in order (absent in a revision from before: the restore keeps today's). */
  authors: z.array(z.string()).optional(),
  /** Its tags' names (absent in a revision from before tags: the restore keeps today's). */
  tags: z.array(z.string()).optional(),
  /** The correction's public note, when the save was one (issue 43 item 3). */
  correction: z.string().optional(),
});
export type RevisionContent = z.infer<typeof RevisionContentSchema>;

const UserRefSchema = z.object({ _id: z.string(), name: z.string() });

/** A row of the History panel (`GET /api/articles/{id}/revisions`, newest first). */
export const RevisionSummarySchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  /** Who saved it; null once that account is deleted. */
  user: UserRefSchema.nullable(),
  /** The title at that time; "Autosave" for an autosave. */
  name: z.string(),
  status: z.enum(ARTICLE_STATUSES),
  kind: z.enum(REVISION_KINDS),
  /**
   * Everyone who wrote it (issue 43 item 1): the one who saved, then whoever typed into the shared
   * document since the save before, in the order they began; deleted accounts are left out.
   */
  writers: z.array(UserRefSchema),
});
export type RevisionSummary = z.infer<typeof RevisionSummarySchema>;

export const RevisionListSchema = z.object({ revisions: z.array(RevisionSummarySchema) });
export type RevisionList = z.infer<typeof RevisionListSchema>;

/** One revision whole (`GET /api/articles/{id}/revisions/{revisionId}`). */
export const RevisionSchema = RevisionSummarySchema.extend({
  /** The article's updatedAt this content was written as, or (autosave) started from. */
  basedOn: z.string(),
  content: RevisionContentSchema,
});
export type Revision = z.infer<typeof RevisionSchema>;

export const RevisionParamsSchema = z.object({ id: IdSchema, revisionId: IdSchema });

const updatedAtField = z.iso.datetime({
  offset: true,
  ...says('validation.not_datetime', { field: 'updatedAt' }),
});

/** Restoring: the article's updatedAt as the client knows it; an older one is refused (409). */
export const RestoreInputSchema = z.object({ updatedAt: updatedAtField });

const fields = ArticleTextsSchema.shape;
/**
 * What the form autosaves: its text as typed, which may not be valid for saving yet (an
 * empty title, no image), within the save's own limits. `basedOn` is the article's
 * updatedAt the form opened.
 */
export const AutosaveInputSchema = ArticleTextsSchema.extend({
  name: z
    .string(says('validation.not_text', { field: 'name' }))
    .max(
      ARTICLE_NAME_MAX,
      says('validation.too_long', { field: 'name', maximum: ARTICLE_NAME_MAX }),
    )
    .default(''),
  slug: fields.slug.default(''),
  imageUrl: z
    .string(says('validation.not_text', { field: 'imageUrl' }))
    .max(IMAGE_URL_MAX, says('validation.too_long', { field: 'imageUrl', maximum: IMAGE_URL_MAX }))
    .default(''),
  category: z.union([IdSchema, z.literal('')]).default(''),
  language: z.union([z.enum(LANGUAGES), z.literal('')]).default(''),
  basedOn: updatedAtField,
});
export type AutosaveInput = z.infer<typeof AutosaveInputSchema>;

/** Who else has had the article open in the last PRESENCE_WINDOW_MS (`POST …/presence`). */
export const PresenceSchema = z.object({
  editors: z.array(UserRefSchema.extend({ seenAt: z.string() })),
});
