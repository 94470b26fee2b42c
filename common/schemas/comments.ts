/*
 * Readers' comments (issue 42, DECISIONS.md §24): what a reader sends, what the public list and
 * the moderators' queue answer. Bodies travel as plain text in and as HTML out (made by
 * common/comment-text.ts from the stored text, never from the client's HTML).
 */
import { z } from 'zod';
import { COMMENT_MAX_LENGTH } from '../comment-text';
import { says } from '../refusals/schema-refusals';
import { IdSchema, estimatedField, pageFields, pagination, text } from './common';

/**
 * A story's or a section's say on comments (issue 42 item 1): open, closed, or null to follow
 * its section (a story) and then the site's `comments.open`. On edit, left out keeps what is
 * stored.
 */
export const CommentsOpenSchema = z.boolean().nullable();
export const CommentsOpenInputSchema = z
  .boolean(says('validation.not_boolean', { field: 'commentsOpen' }))
  .nullable()
  .optional();

/** Comments on one page of the public list (top-level ones; their replies come with them). */
export const COMMENTS_PER_PAGE = 20;
/** Comments on one page of the moderators' queue. */
export const QUEUE_PER_PAGE = 50;
/** How long after posting a reader may still change their comment. */
export const COMMENT_EDIT_MINUTES = 15;
/** Comments one reader may post in a minute; the next is refused with 429. */
export const COMMENTS_PER_MINUTE = 5;

export const COMMENT_STATUS_VALUES = ['approved', 'pending', 'spam', 'rejected'] as const;
export type CommentStatus = (typeof COMMENT_STATUS_VALUES)[number];
export const CommentStatusSchema = z.enum(
  COMMENT_STATUS_VALUES,
  says('validation.invalid_value', { values: COMMENT_STATUS_VALUES }),
);
export const HOLD_REASON_VALUES = [
  'first',
  'all',
  'links',
  'blockedWord',
  'duplicate',
  'accountAge',
  'reports',
] as const;
export type HoldReason = (typeof HOLD_REASON_VALUES)[number];
export const HoldReasonSchema = z.enum(HOLD_REASON_VALUES);

const body = text('body', 1, COMMENT_MAX_LENGTH);

export const CommentInputSchema = z.object({
  body,
  /** The comment this one answers (a top-level comment of the same story). */
  parentId: IdSchema.optional(),
});
export type CommentInput = z.infer<typeof CommentInputSchema>;

export const CommentUpdateSchema = z.object({ body });
export type CommentUpdate = z.infer<typeof CommentUpdateSchema>;

const COMMENT_SORTS = ['oldest', 'newest'] as const;
export const CommentsQuerySchema = pagination(COMMENTS_PER_PAGE)
  .pick({ page: true })
  .extend({
    sort: z
      .enum(COMMENT_SORTS, says('validation.invalid_value', { values: COMMENT_SORTS }))
      .default('oldest'),
  });
export type CommentsQuery = z.infer<typeof CommentsQuerySchema>;

export const CommentAuthorSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Someone of the newsroom (an author, editor or administrator): marked "Staff". */
  staff: z.boolean(),
});

const commentFields = {
  _id: z.string(),
  /** HTML: escaped text in paragraphs, links with rel="ugc nofollow noopener". */
  body: z.string(),
  /** Null for a reader whose account is gone. */
  author: CommentAuthorSchema.nullable(),
  createdAt: z.iso.datetime(),
  editedAt: z.iso.datetime().optional(),
  parentId: z.string().nullable(),
};
export const CommentReplySchema = z.object(commentFields);
export const CommentSchema = z.object({
  ...commentFields,
  replies: z.array(CommentReplySchema),
});
export type Comment = z.infer<typeof CommentSchema>;
export type CommentReply = z.infer<typeof CommentReplySchema>;

export const CommentsPageSchema = z.object({
  comments: z.array(CommentSchema),
  /** Approved comments of the story, replies included. */
  total: z.number().int(),
  /**
   * Whether the story takes comments now (issue 42 item 1): its own `commentsOpen`, else its
   * section's, else the site's setting, and not past `closeAfterDays`.
   */
  open: z.boolean(),
  ...pageFields,
});
export type CommentsPage = z.infer<typeof CommentsPageSchema>;

export const CommentPostedSchema = z.object({
  _id: z.string(),
  status: z.enum(['approved', 'pending']),
});
export type CommentPosted = z.infer<typeof CommentPostedSchema>;

/* The moderators' queue (issue 42 item 2). */

/** What the queue lists: comments of a status, or those readers reported (any status). */
export const QUEUE_STATUS_VALUES = [...COMMENT_STATUS_VALUES, 'reported'] as const;
export type QueueStatus = (typeof QUEUE_STATUS_VALUES)[number];

export const QueueQuerySchema = pagination(QUEUE_PER_PAGE)
  .pick({ page: true })
  .extend({
    status: z
      .enum(QUEUE_STATUS_VALUES, says('validation.invalid_value', { values: QUEUE_STATUS_VALUES }))
      .default('pending'),
    article: IdSchema.optional(),
  });
export type QueueQuery = z.infer<typeof QueueQuerySchema>;

export const QueueItemSchema = z.object({
  ...commentFields,
  /** The text as the reader typed it. */
  text: z.string(),
  status: CommentStatusSchema,
  reason: HoldReasonSchema.nullable(),
  /** Readers' reports no moderator has looked at since (three hold a shown comment). */
  reportCount: z.number().int(),
  article: z.object({ _id: z.string(), title: z.string() }),
});
export type QueueItem = z.infer<typeof QueueItemSchema>;

export const QueuePageSchema = z.object({
  comments: z.array(QueueItemSchema),
  total: z.number().int(),
  ...pageFields,
  ...estimatedField,
});
export type QueuePage = z.infer<typeof QueuePageSchema>;

export const CommentStatusInputSchema = z.object({ status: CommentStatusSchema });

export const CommentsModerateSchema = z.object({
  ids: z
    .array(IdSchema)
    .min(1, says('validation.required', { field: 'ids' }))
    .max(100),
  status: CommentStatusSchema,
});
export type CommentsModerate = z.infer<typeof CommentsModerateSchema>;

/* Reports and bans (issue 42 items 2 and 4). */

/** Open reports that hold a shown comment until a moderator looks. */
export const REPORTS_TO_HIDE = 3;

export const CommentReportSchema = z.object({ reason: text('reason', 1, 500) });
export type CommentReport = z.infer<typeof CommentReportSchema>;
export const CommentReportedSchema = z.object({
  /** Open reports of the comment, this one included. */
  reportCount: z.number().int(),
  /** Whether the comment is now held for a moderator (REPORTS_TO_HIDE reached). */
  hidden: z.boolean(),
});

export const CommentBanInputSchema = z.object({
  /** Until when; without it the ban lasts until lifted. */
  until: z.iso.datetime({ offset: true }).optional(),
  reason: text('reason', 1, 500),
});
export type CommentBanInput = z.infer<typeof CommentBanInputSchema>;
export const CommentBanSchema = z.object({
  userId: z.string(),
  reason: z.string(),
  until: z.iso.datetime().nullable(),
});
export type CommentBan = z.infer<typeof CommentBanSchema>;

/** The bans moderators see (issue 42 item 2): each reader's name and address, ended ones too. */
export const CommentBanListSchema = z.object({
  bans: z.array(
    CommentBanSchema.extend({
      name: z.string(),
      email: z.string(),
      /** Whether it holds now (false once `until` passed). */
      active: z.boolean(),
      bannedBy: z.string().nullable(),
      createdAt: z.iso.datetime(),
    }),
  ),
});
export type CommentBanList = z.infer<typeof CommentBanListSchema>;

/** A reader's mail about comments (issue 42 item 4): replies to theirs, off until opted in. */
export const CommentNotificationsSchema = z.object({ commentReplies: z.boolean() });
export type CommentNotifications = z.infer<typeof CommentNotificationsSchema>;

/* The settings (issue 42 items 1 and 3): `comments` in the site settings. */

export const COMMENT_HOLDS = ['first', 'all', 'none'] as const;
/** What becomes of a reader's comments when they delete their account (issue 42 item 5). */
export const ON_ACCOUNT_DELETION = ['anonymise', 'remove'] as const;
export const BLOCKED_WORDS_MAX = 500;
export const CommentSettingsSchema = z.object({
  /** Whether readers may comment at all. */
  open: z.boolean(),
  /** Hold a reader's first comment (until one is approved), every comment, or none. */
  hold: z.enum(COMMENT_HOLDS),
  /** A comment with more links than this waits for a moderator. */
  maxLinks: z.number().int().min(0).max(20),
  /** Words that hold a comment, matched in any of their spellings (the search's folding). */
  blockedWords: z.array(z.string().trim().min(1).max(100)).max(BLOCKED_WORDS_MAX),
  /** Days after publication when a story's comments close; 0: never. */
  closeAfterDays: z.number().int().min(0).max(3650),
  /** A younger account's comments wait for a moderator. */
  minAccountAgeMinutes: z
    .number()
    .int()
    .min(0)
    .max(60 * 24 * 30),
  /** A deleted reader's comments stay as "a deleted reader" (anonymise) or go (remove). */
  onAccountDeletion: z.enum(ON_ACCOUNT_DELETION).default('anonymise'),
});
export type CommentSettings = z.infer<typeof CommentSettingsSchema>;
export const DEFAULT_COMMENT_SETTINGS: CommentSettings = {
  open: true,
  hold: 'first',
  maxLinks: 1,
  blockedWords: [],
  closeAfterDays: 0,
  minAccountAgeMinutes: 60,
  onAccountDeletion: 'anonymise',
};

/** What a moderator's change answers: the comment and where it stands now. */
export const CommentStatusAnswerSchema = z.object({ _id: z.string(), status: CommentStatusSchema });
/** What a bulk change answers: how many comments changed status. */
export const ModeratedSchema = z.object({ updated: z.number().int() });
