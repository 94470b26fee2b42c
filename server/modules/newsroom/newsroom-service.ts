/*
 * The newsroom module (DECISIONS.md §11, server/modules/README.md): status moves, review,
 * scheduling (the go-live job), revisions, autosaves, presence and preview links. It owns
 * `article_revisions` and `article_presence`; the articles themselves it reads and writes
 * through the articles service.
 */
import type { ArticleStatus } from '../../../common/articles';
import type { Article, ArticleInput } from '../../../common/schemas/articles';
import type { RevisionContent } from '../../../common/schemas/revisions';
import type { Db } from '../../../db/client';
import type { Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import type { ArticleHooks, StatusValues, StoredState } from '../articles/articles-service';
import type { EventBus } from '../../events/event-bus';
import { drafting } from './drafting';
import { revisionHistory } from './revision-history';
import { reviewMail, type ReviewMailDeps } from './review-mail';
import { statusMoves } from './status-moves';
import { plugIntoArticles } from './newsroom-hooks';

export type { RevisionRecord } from './newsroom-repository';
export { REVIEW_MAIL_JOBS, type ReviewEvent, type ReviewMove } from './review-mail';
export { GO_LIVE_JOB, REVIEW_REFUSAL } from './status-moves';

/** What the newsroom needs of other modules; the composition root passes their services. */
export interface NewsroomDeps {
  db: Db;
  clock: Clock;
  articles: {
    /** Whoever may change article `id` with its stored state, or 401/403/404. */
    editable(
      actor: Actor | null,
      id: string,
      refusal?: string,
    ): Promise<{ actor: Actor; stored: StoredState }>;
    /** The article whole, any status, or undefined. */
    anyById(id: string): Promise<Article | undefined>;
    /** A published article's public path, or undefined. */
    pathForId(id: string): Promise<string | undefined>;
    /** The article as a revision would keep it now, or undefined. */
    snapshot(id: string): Promise<{ status: ArticleStatus; content: RevisionContent } | undefined>;
    /** A status move under a row lock, recorded as a `status` revision by `userId`. */
    moveStatus(
      userId: string,
      id: string,
      decide: (stored: StoredState) => StatusValues,
    ): Promise<Article | undefined>;
    /** A save recorded as a restore. */
    saveAs(
      actor: Actor | null,
      id: string,
      input: ArticleInput,
      record: { kind: 'restore'; label: (title: string) => string },
    ): Promise<Article>;
    countAwaiting(opts: { authorId?: string }): Promise<number>;
    listScheduled(): Promise<{ id: string; publishedAt: Date }[]>;
    /** Where the newsroom plugs into every write (newsroom-hooks.ts). */
    hooks: ArticleHooks;
  };
  /** Review mail follows articles' events (newsroom-hooks.ts). */
  events: Pick<EventBus, 'once'>;
  /** Jobs at a time, once across processes: an article going live (server/modules/jobs). */
  jobs: {
    schedule(
      job: { key: string; kind: string; subjectId: string | null; runAt: Date },
      tx?: Db,
    ): Promise<void>;
    cancel(key: string, tx?: Db): Promise<void>;
    scheduleOnce(job: {
      key: string;
      kind: string;
      subjectId: string | null;
      runAt: Date;
    }): Promise<void>;
  };
  /** The site setting `authorsNeedReview` (DECISIONS.md §11). */
  review: { authorsNeedReview(): Promise<boolean> };
  /** Signed preview links (server/lib/tokens.ts). */
  previews: {
    sign(articleId: string): Promise<{ url: string; expiresAt: Date }>;
    verify(token: string): Promise<string | undefined>;
  };
  /** Review mail (review-mail.ts); left out, none is sent. */
  reviewMail?: ReviewMailDeps;
}

export function createNewsroomService(deps: NewsroomDeps) {
  const service = {
    ...statusMoves(deps),
    ...revisionHistory(deps),
    ...drafting(deps),
    ...reviewMail(deps),
  };
  plugIntoArticles(deps, service);
  return service;
}
export type NewsroomService = ReturnType<typeof createNewsroomService>;
