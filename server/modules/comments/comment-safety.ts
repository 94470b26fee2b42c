/*
 * Readers keep the conversation civil with moderators (issue 42 items 2 and 4): a signed-in
 * reader reports a shown comment once; REPORTS_TO_HIDE open reports hold it (pending, reason
 * `reports`) until a moderator decides, which settles its reports. Moderators ban a reader from
 * writing comments, for a time or until lifted; every write of theirs then answers 403
 * `comment.banned` with the reason.
 */
import { isStaff } from '../../../common/roles';
import {
  REPORTS_TO_HIDE,
  type CommentBan,
  type CommentBanInput,
  type CommentBanList,
  type CommentNotifications,
  type CommentReport,
} from '../../../common/schemas/comments';
import { requireModerator, requireRole, type Actor } from '../../lib/actor';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { commentChanged } from './comment-events';
import {
  banOf,
  insertReport,
  liftBan,
  listBans,
  openReportCount,
  putBan,
  replyMailOf,
  setReplyMail,
} from './comment-safety-repository';
import type { CommentsDeps } from './comments-deps';
import { commenterOf, findComment, setStatuses } from './comments-repository';

/** Throws 403 `comment.banned` (with the reason beside the code) while `userId` is banned. */
export async function refuseBanned(deps: CommentsDeps, userId: string): Promise<void> {
  const ban = await banOf(deps.db, userId);
  if (!ban || (ban.until && ban.until <= deps.clock.now())) return;
  const refusal = forbidden('comment.banned', { reason: ban.reason });
  refusal.fields = { reason: ban.reason };
  throw refusal;
}

export function createCommentSafety(deps: CommentsDeps) {
  const { db, clock, articles } = deps;
  return {
    /** A reader's report of a shown comment; the third open one holds it for a moderator. */
    async report(actor: Actor | null, id: string, input: CommentReport) {
      const reader = requireRole(actor, 'reader');
      const comment = await findComment(db, id);
      if (!comment || comment.status !== 'approved') throw notFound('comment.not_found');
      const article = await articles.stored(comment.articleId);
      return deps.outbox.transaction(async (tx, record) => {
        const made = await insertReport(tx, {
          commentId: id,
          readerId: reader.id,
          reason: input.reason,
        });
        if (!made) throw conflict('comment.already_reported');
        const reportCount = await openReportCount(tx, id);
        if (reportCount < REPORTS_TO_HIDE) return { reportCount, hidden: false };
        await setStatuses(tx, [id], 'pending', 'reports');
        if (article) {
          const held = { id, articleId: comment.articleId, status: 'pending' };
          record(
            commentChanged('comment.reported', held, { article, before: true, now: clock.now() }),
          );
        }
        return { reportCount, hidden: true };
      });
    },

    /** Whether replies to the signed-in person's comments reach them by mail. */
    async notifications(actor: Actor | null): Promise<CommentNotifications> {
      const me = requireRole(actor, 'reader');
      return { commentReplies: (await replyMailOf(db, me.id)) ?? false };
    },

    /** Opts in to (or out of) a mail when someone replies to one's comment. */
    async setNotifications(
      actor: Actor | null,
      input: CommentNotifications,
    ): Promise<CommentNotifications> {
      const me = requireRole(actor, 'reader');
      await setReplyMail(db, me.id, input.commentReplies);
      return input;
    },

    /** Every ban, newest first, ended ones too (moderators and up). */
    async bans(actor: Actor | null): Promise<CommentBanList> {
      requireModerator(actor);
      const now = clock.now();
      const rows = await listBans(db);
      return {
        bans: rows.map((r) => ({
          userId: r.userId,
          name: r.name,
          email: r.email,
          reason: r.reason,
          until: r.until?.toISOString() ?? null,
          active: !r.until || r.until > now,
          bannedBy: r.bannedBy,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },

    /** Lifts a reader's ban: their comments are taken again (moderators and up). */
    async lift(actor: Actor | null, userId: string): Promise<void> {
      requireModerator(actor);
      await liftBan(db, userId);
    },

    /** Bans a reader from commenting until `until`, or until lifted (moderators and up). */
    async ban(actor: Actor | null, userId: string, input: CommentBanInput): Promise<CommentBan> {
      const moderator = requireModerator(actor);
      const account = await commenterOf(db, userId);
      if (!account) throw notFound('user.not_found');
      if (isStaff(account.role)) throw forbidden('comment.ban_staff');
      const until = input.until ? new Date(input.until) : null;
      await putBan(db, { userId, reason: input.reason, until, bannedBy: moderator.id });
      return { userId, reason: input.reason, until: until?.toISOString() ?? null };
    },
  };
}
export type CommentSafety = ReturnType<typeof createCommentSafety>;
