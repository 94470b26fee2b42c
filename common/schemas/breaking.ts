import { z } from 'zod';
import { IdSchema } from './common';

/** The most a band may say: one line on a phone, two at most. */
export const BREAKING_TEXT_MAX = 200;

/** `POST /api/breaking` (issue 25 item 2): what the band says, the story it opens, until when. */
export const BreakingInputSchema = z.object({
  text: z
    .string({ error: 'text is required: what the band says' })
    .trim()
    .min(1, 'Write what the band says.')
    .max(BREAKING_TEXT_MAX, `The band may say at most ${BREAKING_TEXT_MAX} characters.`),
  articleId: IdSchema.optional().nullable(),
  expiresAt: z.iso
    .datetime({ offset: true, error: 'expiresAt must be a date and time (ISO 8601)' })
    .optional()
    .nullable(),
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
});
export type BreakingNews = z.infer<typeof BreakingNewsSchema>;
