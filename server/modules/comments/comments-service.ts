/*
 * Readers' comments (issue 42 items 1 and 3, DECISIONS.md §24): the public list of a published
 * story's approved comments, and a signed-in reader's own writes. Every write passes the same
 * rules (open, confirmed address, pace, the hold rules) and records its event through the
 * outbox, so a comment readers can see refreshes the article page in every process.
 */
import { mayModerate } from '../../../common/roles';
import { CacheTags } from '../../../common/cache-tags';
import { UNKEPT } from '../../caching/kept-values';
import {
  COMMENT_EDIT_MINUTES,
  COMMENTS_PER_PAGE,
  type CommentInput,
  type CommentPosted,
  type CommentsPage,
  type CommentsQuery,
  type CommentUpdate,
} from '../../../common/schemas/comments';
import { requireRole, type Actor } from '../../lib/actor';
import { forbidden, notFound } from '../../lib/errors';
import { commentChanged } from './comment-events';
import { commentMail } from './comment-mail';
import { commentGuards, MINUTE_MS, type StoryOnPage } from './comment-guards';
import { createCommentsModeration } from './comments-moderation';
import { createCommentSafety } from './comment-safety';
import { createCommentRights } from './comment-rights';
import { toReply } from './comment-view';
import type { CommentsDeps } from './comments-deps';
import {
  deleteComment,
  findComment,
  insertComment,
  listShown,
  updateComment,
} from './comments-repository';

/** A page of a story's approved comments, each top-level one with its approved replies. */
async function listComments(
  deps: CommentsDeps,
  articleId: string,
  query: CommentsQuery,
): Promise<Omit<CommentsPage, 'open'>> {
  const found = await listShown(deps.db, articleId, {
    page: query.page,
    perPage: COMMENTS_PER_PAGE,
    newest: query.sort === 'newest',
  });
  const repliesOf = new Map<string, typeof found.replies>();
  for (const reply of found.replies) {
    const parent = reply.parentId ?? '';
    repliesOf.set(parent, [...(repliesOf.get(parent) ?? []), reply]);
  }
  return {
    comments: found.top.map((row) => ({
      ...toReply(row),
      replies: (repliesOf.get(row.id) ?? []).map(toReply),
    })),
    total: found.total,
    currentPage: query.page,
    totalPages: Math.max(1, Math.ceil(found.topCount / COMMENTS_PER_PAGE)),
  };
}

/**
 * The first page of a story's approved comments, oldest first, as its page shows them, and
 * whether it takes comments (the same for every reader: the page stays cached), from the story
 * as the page read it: no query but the comments' own (issue 36 item 4). The page of comments
 * is kept as the story's page is (caching/kept-values.ts): a change readers see refreshes its
 * page's tag (comment-events.ts), and with it this.
 */
async function commentsForPage(
  deps: CommentsDeps,
  openOnPage: (story: StoryOnPage) => Promise<boolean>,
  story: StoryOnPage,
): Promise<CommentsPage> {
  const kept = deps.kept ?? UNKEPT;
  const [page, open] = await Promise.all([
    kept.get(`comments ${story._id}`, [CacheTags.articlePage(story._id)], () =>
      listComments(deps, story._id, { page: 1, sort: 'oldest' }),
    ),
    openOnPage(story),
  ]);
  return { ...page, open };
}

export function createCommentsService(deps: CommentsDeps) {
  const { db, clock, articles } = deps;
  const mail = commentMail(deps);
  const { publicArticle, isOpen, openOnPage, writeRules, checkParent, pace } = commentGuards(deps);
  return {
    moderation: createCommentsModeration(deps, mail.shown),
    mail,
    safety: createCommentSafety(deps),
    rights: createCommentRights(deps),

    /** A published story's approved comments, a page of top-level ones with their replies. */
    async list(articleId: string, query: CommentsQuery): Promise<CommentsPage> {
      const article = await publicArticle(articleId);
      const page = await listComments(deps, articleId, query);
      return { ...page, open: await isOpen(article) };
    },

    forPage: (story: StoryOnPage) => commentsForPage(deps, openOnPage, story),

    /** A signed-in reader's new comment: shown at once, or held with its reason. */
    async post(
      actor: Actor | null,
      articleId: string,
      input: CommentInput,
    ): Promise<CommentPosted> {
      const writer = requireRole(actor, 'reader');
      const article = await publicArticle(articleId);
      const parentId = await checkParent(articleId, input.parentId);
      const { now, status, reason } = await writeRules(writer, article, input.body);
      await pace(writer);
      const id = await deps.outbox.transaction(async (tx, record) => {
        const values = { articleId, authorId: writer.id, parentId, body: input.body };
        const made = await insertComment(tx, { ...values, status, reason: reason ?? null, now });
        record(
          commentChanged(
            'comment.created',
            { id: made, articleId, status },
            { article, before: false, now },
          ),
        );
        return made;
      });
      if (status === 'approved') await mail.shown([id]);
      return { _id: id, status };
    },

    /** Changes one's own comment in its first minutes; the same rules as a new one. */
    async edit(actor: Actor | null, id: string, input: CommentUpdate): Promise<CommentPosted> {
      const writer = requireRole(actor, 'reader');
      const comment = await findComment(db, id);
      if (!comment) throw notFound('comment.not_found');
      if (comment.authorId !== writer.id) throw forbidden('comment.not_yours');
      const age = clock.now().getTime() - comment.createdAt.getTime();
      if (age > COMMENT_EDIT_MINUTES * MINUTE_MS)
        throw forbidden('comment.edit_window', { minutes: COMMENT_EDIT_MINUTES });
      const article = await publicArticle(comment.articleId);
      const { now, status, reason } = await writeRules(writer, article, input.body, id);
      await deps.outbox.transaction(async (tx, record) => {
        await updateComment(tx, id, {
          body: input.body,
          status,
          reason: reason ?? null,
          editedAt: now,
        });
        const before = comment.status === 'approved';
        const changed = { id, articleId: comment.articleId, status };
        record(commentChanged('comment.updated', changed, { article, before, now }));
      });
      return { _id: id, status };
    },

    /** Deletes a comment (and its replies): its reader, or a moderator (`mayModerate`). */
    async remove(actor: Actor | null, id: string): Promise<void> {
      const who = requireRole(actor, 'reader');
      const comment = await findComment(db, id);
      if (!comment) throw notFound('comment.not_found');
      if (comment.authorId !== who.id && !mayModerate(who.role))
        throw forbidden('comment.not_yours');
      const article = await articles.stored(comment.articleId);
      await deps.outbox.transaction(async (tx, record) => {
        await deleteComment(tx, id);
        if (!article) return;
        const before = comment.status === 'approved';
        const gone = { id, articleId: comment.articleId, status: comment.status };
        record(commentChanged('comment.deleted', gone, { article, before, now: clock.now() }));
      });
    },
  };
}
export type CommentsService = ReturnType<typeof createCommentsService>;
