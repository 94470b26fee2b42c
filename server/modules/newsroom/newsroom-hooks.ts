/*
 * What the newsroom does around every write of an article (DECISIONS.md §22): it refuses an
 * author's publish while the site wants an editor to publish, records the revision and keeps the
 * go-live job in the write's own transaction (the articles module's hooks), and sends review
 * mail from the articles' events after commit, once across every process.
 */
import { forbidden } from '../../lib/errors';
import { revisionContentOf } from '../articles/articles-service';
import type { StoredEvent } from '../../events/event-bus';
import type { NewsroomDeps } from './newsroom-deps';
import type { ReviewMove } from './review-mail';
import type { RevisionRecord } from './newsroom-repository';
import type { ArticleStatus } from '../../../common/articles';
import type { Actor } from '../../lib/actor';
import type { Db } from '../../../db/client';

interface NewsroomParts {
  mayPublish(actor: Actor): Promise<boolean>;
  recordRevision(tx: Db, revision: RevisionRecord): Promise<void>;
  syncGoLive(id: string, status: ArticleStatus, publishedAt: Date, tx?: Db): Promise<void>;
  cancelGoLive(id: string, tx?: Db): Promise<void>;
  reviewMoved(move: ReviewMove, eventId: number): Promise<void>;
}

/** The status move an article event tells of, for review mail; undefined for other events. */
export function moveOf(event: StoredEvent): ReviewMove | undefined {
  if (event.subject.kind !== 'article' || event.type === 'article.deleted') return undefined;
  const { status, from, authorIds, by } = event.data as {
    status?: ArticleStatus | null;
    from?: ArticleStatus | null;
    authorIds?: string[];
    by?: string | null;
  };
  if (!status || !by) return undefined;
  return {
    articleId: event.subject.id,
    from: from ?? undefined,
    to: status,
    authorId: authorIds?.[0] ?? null,
    by,
  };
}

/** Plugs the newsroom into the articles module's hooks and events. */
export function plugIntoArticles(
  deps: Pick<NewsroomDeps, 'articles' | 'events'>,
  newsroom: NewsroomParts,
) {
  const { hooks } = deps.articles;
  hooks.beforeWrite.push(async (write) => {
    if (write.publishes && !(await newsroom.mayPublish(write.actor)))
      throw forbidden('article.review_required');
  });
  hooks.inWrite.push(async (tx, { id, userId, record, row }) => {
    await newsroom.recordRevision(tx, {
      articleId: id,
      userId,
      kind: record.kind,
      label: (record.label ?? ((title) => title))(row.name),
      status: row.status,
      updatedAt: row.updatedAt,
      content: {
        ...revisionContentOf(row),
        ...(record.correction === undefined ? {} : { correction: record.correction }),
      },
    });
    await newsroom.syncGoLive(id, row.status, row.publishedAt, tx);
  });
  hooks.inDelete.push((tx, id) => newsroom.cancelGoLive(id, tx));
  // Review mail only schedules a job per move, keyed by its event (review-mail.ts): an event
  // heard twice finds its job there already, and sends no second mail.
  deps.events.once('review-mail', async (events) => {
    for (const event of events) {
      const move = moveOf(event);
      if (move) await newsroom.reviewMoved(move, event.id);
    }
  });
}
