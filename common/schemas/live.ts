import { z } from 'zod';
import { htmlShape } from '../html-shape';
import { issueSays, says } from '../refusals/schema-refusals';
import { AuthorRefSchema } from './articles';
import { IdSchema } from './common';
import { LIVE_BLOCKS } from '../live-query';

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
  .string(says('validation.not_text', { field: 'body' }))
  .trim()
  .min(1, says('live.body_empty'))
  .max(LIVE_ENTRY_MAX, says('live.body_too_long', { maximum: LIVE_ENTRY_MAX }))
  .superRefine((html, ctx) => {
    const { tags, depth } = htmlShape(html);
    if (tags > LIVE_ENTRY_TAGS)
      ctx.addIssue({
        code: 'custom',
        ...issueSays('live.too_many_html_tags', { maximum: LIVE_ENTRY_TAGS }),
      });
    else if (depth > LIVE_ENTRY_DEPTH)
      ctx.addIssue({
        code: 'custom',
        ...issueSays('live.html_too_deep', { maximum: LIVE_ENTRY_DEPTH }),
      });
  });
const flag = (field: string) => z.boolean(says('validation.not_boolean', { field }));

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
  .refine((v) => Object.values(v).some((x) => x !== undefined), says('live.nothing_to_change'));
export type LiveEntryUpdate = z.infer<typeof LiveEntryUpdateSchema>;

export const LiveEntryParamsSchema = z.object({ id: IdSchema, entryId: IdSchema });

export const LiveQuerySchema = z.object({
  /** Only entries written, changed or removed after this time (a poll's last `updatedAt`). */
  since: z.iso
    .datetime({ offset: true, ...says('validation.not_datetime', { field: 'since' }) })
    .optional(),
  /**
   * Our addition (issue 69 item 4): `filled` answers each entry's election blocks as the story's
   * page shows them, with the figures of the moment (the reading page's poll asks so); without
   * it, the entries as stored (a block is its link: the desk edits these).
   */
  blocks: z.enum(LIVE_BLOCKS).optional(),
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
  /**
   * Our addition (issue 66 item 1): the blog's story is for members and this reader's class may
   * not read it whole, so no entries are given (its body's wall says why).
   */
  walled: z.boolean(),
  updatedAt: z.string(),
  /** Our additions: live now, and when coverage began and ended (null while it goes on). */
  liveBlog: z.boolean(),
  coverageStartTime: z.string().nullable(),
  coverageEndTime: z.string().nullable(),
});
export type LiveFeed = z.infer<typeof LiveFeedSchema>;
