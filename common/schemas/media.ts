import { z } from 'zod';
import { SEARCH_QUERY_MAX } from '../articles';
import { says } from '../refusals/schema-refusals';
import { IMAGE_ALT_MAX } from './articles';
import { IdSchema, estimatedField, pagination, pageFields } from './common';

/*
 * The media library (issue 26 item 1, docs/decisions/034): GET /api/media lists the uploads,
 * PUT /api/media/{id} edits an upload's alt text and caption, DELETE /api/media/{id} removes
 * one nothing uses. POST /api/media (the upload, SPEC.md §7) keeps its own answer.
 */

/** Uploads on one page of the library (the grid is 4 wide on a desktop). */
export const MEDIA_PAGE_SIZE = 24;

/** The file types an upload may have, as the type filter names them. */
export const MEDIA_TYPES = ['jpeg', 'png', 'webp', 'avif', 'gif'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
/** The stored MIME type of each (server/modules/media/media-storage.ts writes them). */
export const MEDIA_MIME_TYPES: Record<MediaType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};

/**
 * An upload's caption may be as long as its alt text: both are offered to the editor's image
 * dialog and the article's image field, whose limit is IMAGE_ALT_MAX.
 */
export const MEDIA_CAPTION_MAX = IMAGE_ALT_MAX;

/** `GET /api/media`: a page, and the search and filters of the library's grid. */
export const MediaQuerySchema = pagination(MEDIA_PAGE_SIZE).extend({
  /** Part of the file name, alt text or caption, any case. */
  q: z
    .string(says('validation.not_text', { field: 'q' }))
    .trim()
    .max(SEARCH_QUERY_MAX, says('validation.too_long', { field: 'q', maximum: SEARCH_QUERY_MAX }))
    .optional(),
  type: z
    .enum(MEDIA_TYPES, says('validation.one_of', { field: 'type', values: MEDIA_TYPES }))
    .optional(),
  /** The month of the upload, YYYY-MM, in UTC (the month of its storage folder). */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, says('media.month_invalid'))
    .optional(),
  uploadedBy: IdSchema.optional(),
});
export type MediaQuery = z.infer<typeof MediaQuerySchema>;

const mediaText = (field: string, max: number) =>
  z
    .string(says('validation.not_text', { field }))
    .trim()
    .max(max, says('validation.too_long', { field, maximum: max }));

/** `PUT /api/media/{id}`: the alt text, the caption, or both. */
export const MediaUpdateSchema = z
  .object({
    alt: mediaText('alt', IMAGE_ALT_MAX).optional(),
    caption: mediaText('caption', MEDIA_CAPTION_MAX).optional(),
  })
  .strict()
  .refine((v) => v.alt !== undefined || v.caption !== undefined, says('media.nothing_to_change'));
export type MediaUpdate = z.infer<typeof MediaUpdateSchema>;

/** The library's edit form: both texts, as MediaUpdateSchema checks them. */
export const MediaTextsSchema = z.object({
  alt: mediaText('alt', IMAGE_ALT_MAX),
  caption: mediaText('caption', MEDIA_CAPTION_MAX),
});
export type MediaTexts = z.infer<typeof MediaTextsSchema>;

/**
 * One place an upload is used, what `npm run media:prune` counts as a use: an article (drafts
 * too) by its image or its text; the entries of an article's live blog; an earlier version of
 * an article (a revision or an autosave) that it no longer uses as it stands, kept so a restore
 * finds it (issue 44 item 5); a person's photo; a site setting by its name (`logoUrl`, ...).
 */
export const MediaUseSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('article'), _id: z.string(), title: z.string() }),
  z.object({ kind: z.literal('live'), _id: z.string(), title: z.string() }),
  z.object({ kind: z.literal('history'), _id: z.string(), title: z.string() }),
  z.object({ kind: z.literal('person'), _id: z.string(), name: z.string() }),
  z.object({ kind: z.literal('ad'), _id: z.string(), name: z.string() }),
  z.object({ kind: z.literal('setting'), setting: z.string() }),
]);
export type MediaUse = z.infer<typeof MediaUseSchema>;

export const MediaItemSchema = z.object({
  _id: z.string(),
  /** The original's address (what an article's imageUrl or a setting holds). */
  url: z.string(),
  /** The smallest WebP variant: the grid's picture. */
  thumbnailUrl: z.string(),
  width: z.number(),
  height: z.number(),
  filename: z.string(),
  type: z.enum(MEDIA_TYPES),
  bytes: z.number(),
  alt: z.string(),
  caption: z.string(),
  /** Who uploaded it; null once their account is gone (or for imported images). */
  uploadedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  usedBy: z.array(MediaUseSchema),
});
export type MediaItem = z.infer<typeof MediaItemSchema>;

export const MediaListSchema = z.object({
  media: z.array(MediaItemSchema),
  ...pageFields,
  totalMedia: z.number(),
  ...estimatedField,
});
export type MediaList = z.infer<typeof MediaListSchema>;
