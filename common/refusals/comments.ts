/*
 * Refusals of readers' comments (issue 42, DECISIONS.md §24): writing, editing and deleting
 * one's own, and the moderators' queue.
 */
import type { Entry } from './define';

export const COMMENTS = {
  'comment.not_found': { status: 404, en: 'Comment not found.' },
  'comment.unconfirmed': {
    status: 403,
    en: 'Confirm your e-mail address before you comment: sign in once with a link sent to it.',
  },
  'comment.closed': { status: 403, en: 'Comments are closed on this story.' },
  'comment.not_yours': { status: 403, en: 'You can change or delete only your own comments.' },
  'comment.edit_window': {
    status: 403,
    en: (p: { minutes: number }) =>
      `A comment can be changed only in the first ${p.minutes} minutes after it was posted.`,
  },
  'comment.parent_invalid': {
    status: 400,
    en: 'You can reply only to a shown comment on the same story, not to a reply.',
  },
  'comment.too_fast': {
    status: 429,
    en: (p: { count: number }) =>
      `You have posted ${p.count} comments in the last minute: wait a minute before the next.`,
  },
  'comment.banned': {
    status: 403,
    en: (p: { reason: string }) => `You may not comment here: ${p.reason}`,
  },
  'comment.already_reported': { status: 409, en: 'You have already reported this comment.' },
  'comment.ban_staff': {
    status: 403,
    en: 'Only readers can be banned from commenting, not members of the newsroom.',
  },
} as const satisfies Record<string, Entry>;
