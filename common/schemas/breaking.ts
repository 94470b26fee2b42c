import { z } from 'zod';
import { says } from '../refusals/schema-refusals';
import { IdSchema } from './common';

/** The most a band may say: one line on a phone, two at most. */
export const BREAKING_TEXT_MAX = 200;

/** `POST /api/breaking` (issue 25 item 2): what the band says, the story it opens, until when. */
export const BreakingInputSchema = z.object({
  text: z
    .string(says('breaking.text_required'))
    .trim()
    .min(1, says('breaking.text_empty'))
    .max(BREAKING_TEXT_MAX, says('breaking.text_too_long', { maximum: BREAKING_TEXT_MAX })),
  articleId: IdSchema.optional().nullable(),
  expiresAt: z.iso
    .datetime({ offset: true, ...says('validation.not_datetime', { field: 'expiresAt' }) })
    .optional()
    .nullable(),
  /**
   * Where it shows (issue 65 item 3): an edition's id, over that edition's page under the
   * national band; null, left out or the national edition's id: national, over every page.
   */
  edition: IdSchema.optional().nullable(),
});
export type BreakingInput = z.infer<typeof BreakingInputSchema>;

/** The band as the API and the pages see it. */
export const BreakingNewsSchema = z.object({
  _id: z.string(),
  text: z.string(),
  articleId: z.string().nullable(),
  /** The article's public address while it is published, else null (the band links nowhere). */
  url: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  /** The edition whose page shows it; null: national, every page (issue 65 item 3). */
  edition: z.string().nullable(),
});

/** `GET` and `DELETE /api/breaking?edition=`: an edition's band; left out, the national one. */
export const BreakingPlaceQuerySchema = z.object({ edition: IdSchema.optional() });
export type BreakingNews = z.infer<typeof BreakingNewsSchema>;
