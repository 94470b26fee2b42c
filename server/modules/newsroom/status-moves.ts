/*
 * Status moves (DECISIONS.md §11): submit for review, publish now, schedule, send back to
 * draft with a note; the go-live job of a scheduled article; the review queue.
 */
import type { ArticleStatus } from '../../../common/articles';
import { hasRole } from '../../../common/roles';
import { englishOf } from '../../../common/refusals/catalogue';
import type { ArticleStatusChange } from '../../../common/schemas/article-input';
import { requireRole, type Actor } from '../../lib/actor';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import { mayChange, needImageToPublish, type StoredState } from '../articles/articles-service';
import type { NewsroomDeps } from './newsroom-deps';
import { isPublicNow } from '../../../db/schema/content';
import type { Db } from '../../../db/client';

/** Why an author's publish is refused while the site wants an editor to publish. */
export const REVIEW_REFUSAL = englishOf('article.review_required');

/** The job that tells every page cache a scheduled article went live. */
export const GO_LIVE_JOB = 'article-live';
const goLiveKey = (id: string) => `${GO_LIVE_JOB}:${id}`;

/** Refuses a status change whose parts do not go together, before anything is read. */
function checkChange(a: Actor, change: ArticleStatusChange) {
  if (change.publishedAt && change.status !== 'published')
    throw fieldError('body.publishedAt', 'article.time_needs_publish');
  if (change.note && change.status !== 'draft')
    throw fieldError('body.note', 'article.note_needs_draft');
  // The note is an editor's word to the author; an author pulling back their own piece has no
  // one to write to.
  if (change.note && !hasRole(a.role, 'editor')) throw forbidden('article.note_forbidden');
}

/**
 * The values a move writes. Publishing without a time means now, except that an article
 * already out keeps its time; a note stays only with a piece sent back to draft.
 */
function decideMove(change: ArticleStatusChange, stored: StoredState, now: Date) {
  needImageToPublish(change.status, stored.imageUrl);
  const live = isPublicNow(stored, now);
  const publishedAt =
    change.status !== 'published'
      ? stored.publishedAt
      : change.publishedAt
        ? new Date(change.publishedAt)
        : live
          ? stored.publishedAt
          : now;
  const reviewNote = change.status === 'draft' ? (change.note ?? '') : '';
  return { status: change.status, publishedAt, reviewNote, updatedAt: now };
}

export function statusMoves(deps: NewsroomDeps) {
  const { clock, jobs, articles } = deps;
  /** Whether the site lets `actor` publish or schedule (not an author while review is on). */
  const mayPublish = async (actor: Actor) =>
    hasRole(actor.role, 'editor') || !(await deps.review.authorsNeedReview());
  /**
   * A published article with a future time is scheduled: a job tells every page cache at that
   * minute (readers' queries already hide it until then, `isPublicArticle`). Any other state
   * has no such job.
   */
  const syncGoLive = async (id: string, status: ArticleStatus, publishedAt: Date, tx?: Db) => {
    if (status === 'published' && publishedAt > clock.now())
      await jobs.schedule(
        { key: goLiveKey(id), kind: GO_LIVE_JOB, subjectId: id, runAt: publishedAt },
        tx,
      );
    else await jobs.cancel(goLiveKey(id), tx);
  };
  return {
    mayPublish,
    syncGoLive,
    cancelGoLive: (id: string, tx?: Db) => jobs.cancel(goLiveKey(id), tx),

    /**
     * Submit for review, publish now, schedule, or send back to draft with a note. Whoever may
     * change the article may move it; with `authorsNeedReview` on, an author's publish or
     * schedule is refused (403).
     */
    async changeStatus(actor: Actor | null, id: string, change: ArticleStatusChange) {
      const refusal = 'article.change_forbidden';
      const a = requireRole(actor, 'author', refusal);
      checkChange(a, change);
      if (change.status === 'published' && !(await mayPublish(a)))
        throw forbidden('article.review_required');
      const now = clock.now();
      const moved = await articles.moveStatus(a.id, id, (stored) => {
        mayChange(a, stored);
        return decideMove(change, stored, now);
      });
      if (!moved) throw notFound('article.not_found');
      return moved;
    },

    /**
     * Makes sure every scheduled article has its go-live job: articles that came in by an
     * import or an archive (which copy no jobs), or a save cut short between its two writes.
     * Run at start; scheduling is idempotent.
     */
    async scheduleGoLives() {
      const scheduled = await articles.listScheduled();
      for (const row of scheduled) await syncGoLive(row.id, 'published', row.publishedAt);
      return scheduled.length;
    },

    /** The top-bar badge: pieces waiting for review (editors), or sent back to an author. */
    async reviewQueue(actor: Actor | null) {
      const a = requireRole(actor, 'author');
      return hasRole(a.role, 'editor')
        ? { awaiting: await articles.countAwaiting({}), kind: 'review' as const }
        : { awaiting: await articles.countAwaiting({ authorId: a.id }), kind: 'sentBack' as const };
    },
  };
}
