import { z } from 'zod';
import { htmlShape } from '../html-shape';
import { AuthorRefSchema } from './articles';
import { IdSchema } from './common';

/**
 * One live-blog entry's HTML (issue 25 item 1): a few paragraphs, a quote, a picture or an
 * embed, cleaned by the article sanitiser. Far below an article's limits: a live blog has
 * hundreds of entries, and each is read by every poll.
 */
export const LIVE_ENTRY_MAX = 20_000;
export const LIVE_ENTRY_TAGS = 2_000;
export const LIVE_ENTRY_DEPTH = 64;
/** Entries a page shows and the JSON answers at most (the newest), and the JSON-LD's updates. */
export const LIVE_ENTRIES_SHOWN = 200;
export const LIVE_JSON_LD_UPDATES = 50;

const entryBody = z
  .string({ error: 'body must be text' })
  .trim()
  .min(1, 'Write the update: body is empty.')
  .max(LIVE_ENTRY_MAX, `An update may be at most ${LIVE_ENTRY_MAX} characters.`)
  .superRefine((html, ctx) => {
    const { tags, depth } = htmlShape(html);
    if (tags > LIVE_ENTRY_TAGS)
      ctx.addIssue({
        code: 'custom',
        message: `An update may have at most ${LIVE_ENTRY_TAGS} HTML tags.`,
      });
    else if (depth > LIVE_ENTRY_DEPTH)
      ctx.addIssue({
        code: 'custom',
        message: `An update may nest HTML elements at most ${LIVE_ENTRY_DEPTH} levels deep.`,
      });
  });
const flag = (field: string) => z.boolean({ error: `${field} must be true or false` });

/** `POST /api/articles/{id}/live`. */
export const LiveEntryInputSchema = z.object({
  body: entryBody,
  pinned: flag('pinned').optional().default(false),
  keyEvent: flag('keyEvent').optional().default(false),
});
export type LiveEntryInput = z.infer<typeof LiveEntryInputSchema>;

/** `PUT /api/articles/{id}/live/{entryId}`: what is given changes, the rest stays. */
export const LiveEntryUpdateSchema = z
  .object({
    body: entryBody.optional(),
    pinned: flag('pinned').optional(),
    keyEvent: flag('keyEvent').optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Give body, pinned or keyEvent to change.',
  });
export type LiveEntryUpdate = z.infer<typeof LiveEntryUpdateSchema>;

export const LiveEntryParamsSchema = z.object({ id: IdSchema, entryId: IdSchema });

export const LiveQuerySchema = z.object({
  /** Only entries written, changed or removed after this time (a poll's last `updatedAt`). */
  since: z.iso
    .datetime({ offset: true, error: 'since must be a date and time (ISO 8601)' })
    .optional(),
});

/** An entry as the API and the page see it. */
export const LiveEntrySchema = z.object({
  _id: z.string(),
  body: z.string(),
  pinned: z.boolean(),
  keyEvent: z.boolean(),
  author: AuthorRefSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Our addition, only in an answer `since` a time: the entry was removed (its body is ''). */
  deleted: z.boolean().optional(),
});
export type LiveEntry = z.infer<typeof LiveEntrySchema>;

/** `GET /api/articles/{id}/live`: entries newest first, and the blog's latest change. */
export const LiveFeedSchema = z.object({
  entries: z.array(LiveEntrySchema),
  updatedAt: z.string(),
  /** Our additions: live now, and when coverage began and ended (null while it goes on). */
  liveBlog: z.boolean(),
  coverageStartTime: z.string().nullable(),
  coverageEndTime: z.string().nullable(),
});
export type LiveFeed = z.infer<typeof LiveFeedSchema>;
