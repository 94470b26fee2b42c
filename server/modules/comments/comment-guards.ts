/*
 * What every comment write checks before it writes (issue 42 items 1 and 3): the story is
 * public and takes comments, the writer is signed in with a proved address (staff were invited
 * by mail), posts at most COMMENTS_PER_MINUTE a minute (counted in the database, so across
 * processes), answers a shown top-level comment; and whether what they wrote is held.
 */
import { isStaff } from '../../../common/roles';
import type { Article } from '../../../common/schemas/articles';
import { COMMENTS_PER_MINUTE } from '../../../common/schemas/comments';
import { isPublicNow } from '../../../db/schema/content';
import type { Actor } from '../../lib/actor';
import { badRequest, forbidden, notFound, tooManyRequests } from '../../lib/errors';
import type { StoredState } from '../articles/articles-service';
import { commentsOpen, holdReason } from './comment-rules';
import type { CommentsDeps } from './comments-deps';
import { refuseBanned } from './comment-safety';
import { authorHistory, commenterOf, findComment, openFlagsOf } from './comments-repository';

/** A repeat counts as one when the same text came from the same reader this long ago or less. */
const REPEAT_WINDOW_MS = 24 * 3600_000;
export { MINUTE_MS } from '../../../common/durations';
import { MINUTE_MS } from '../../../common/durations';

/** The rate-limit counter of one reader's comments. */
export const paceKey = (userId: string) => `comment:${userId}`;

/** What an article page knows of its story that decides whether it takes comments. */
export type StoryOnPage = Pick<Article, '_id' | 'publishedAt' | 'commentsOpen' | 'category'>;

/** A story readers can see now, with its id. */
export type PublicArticle = StoredState & { id: string };

export function commentGuards(deps: CommentsDeps) {
  const { db, clock, articles } = deps;

  /** The article when readers can see it now, else 404. */
  const publicArticle = async (articleId: string): Promise<PublicArticle> => {
    const stored = await articles.stored(articleId);
    if (!stored || !isPublicNow(stored, clock.now())) throw notFound('article.not_found');
    return { ...stored, id: articleId };
  };

  /**
   * Who may write on `article` now, and whether what they write is held: signed in, with a
   * proved address (staff were invited by mail), while the story takes comments.
   */
  const writeRules = async (
    actor: Actor,
    article: PublicArticle,
    body: string,
    except?: string,
  ) => {
    await refuseBanned(deps, actor.id);
    if (!(await isOpen(article))) throw forbidden('comment.closed');
    const settings = await deps.settings();
    const now = clock.now();
    const staff = isStaff(actor.role);
    const account = await commenterOf(db, actor.id);
    if (!account) throw forbidden('comment.unconfirmed');
    if (!staff && !account.emailConfirmedAt) throw forbidden('comment.unconfirmed');
    const since = new Date(now.getTime() - REPEAT_WINDOW_MS);
    const history = await authorHistory(db, actor.id, { body, since, except });
    const accountMinutes = (now.getTime() - account.createdAt.getTime()) / MINUTE_MS;
    const reason = holdReason(settings, body, { ...history, accountMinutes, staff });
    return { now, status: reason ? ('pending' as const) : ('approved' as const), reason };
  };

  /** Whether the story takes comments now (its flag, its section's, the site's; the days). */
  const isOpen = async (article: PublicArticle): Promise<boolean> =>
    commentsOpen(
      await deps.settings(),
      article.publishedAt,
      clock.now(),
      await openFlagsOf(db, article.id),
    );

  /**
   * The same for a story its page has already read (its own say and publication time), with
   * its section's say from the kept categories: no query of its own (issue 36 item 4).
   */
  const openOnPage = async (story: StoryOnPage): Promise<boolean> => {
    const section =
      story.commentsOpen === null && story.category
        ? await deps.sectionSay(story.category._id)
        : null;
    return commentsOpen(await deps.settings(), new Date(story.publishedAt), clock.now(), {
      article: story.commentsOpen,
      category: section,
    });
  };

  /** A reply answers a shown top-level comment of the same story. */
  const checkParent = async (articleId: string, parentId: string | undefined) => {
    if (!parentId) return null;
    const parent = await findComment(db, parentId);
    if (
      !parent ||
      parent.articleId !== articleId ||
      parent.parentId !== null ||
      parent.status !== 'approved'
    )
      throw badRequest('comment.parent_invalid');
    return parent.id;
  };

  /** One reader posts at most COMMENTS_PER_MINUTE a minute, counted across processes. */
  const pace = async (actor: Actor) => {
    const { current } = await deps.rateLimits.increment(paceKey(actor.id), MINUTE_MS);
    if (current > COMMENTS_PER_MINUTE)
      throw tooManyRequests('comment.too_fast', { count: COMMENTS_PER_MINUTE });
  };

  return { publicArticle, isOpen, openOnPage, writeRules, checkParent, pace };
}
