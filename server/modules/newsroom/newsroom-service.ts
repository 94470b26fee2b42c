/*
 * The newsroom module (DECISIONS.md §11, server/modules/README.md): status moves, review,
 * scheduling (the go-live job), revisions, autosaves, presence and preview links. It owns
 * `article_revisions` and `article_presence`; the articles themselves it reads and writes
 * through the articles service.
 */
import { drafting } from './drafting';
import { revisionHistory } from './revision-history';
import type { NewsroomDeps } from './newsroom-deps';
import { marginNotes } from './margin-notes';
import { reviewMail } from './review-mail';
import { statusMoves } from './status-moves';
import { plugIntoArticles } from './newsroom-hooks';

export type { NewsroomDeps, ReviewMailDeps } from './newsroom-deps';
export type { RevisionRecord } from './newsroom-repository';
export { REVIEW_MAIL_JOBS, type ReviewEvent, type ReviewMove } from './review-mail';
export { GO_LIVE_JOB, REVIEW_REFUSAL } from './status-moves';
export { NOTE_MENTION_JOB } from './margin-notes';

export function createNewsroomService(deps: NewsroomDeps) {
  const service = {
    ...statusMoves(deps),
    ...revisionHistory(deps),
    ...drafting(deps),
    ...reviewMail(deps),
    ...marginNotes(deps),
  };
  plugIntoArticles(deps, service);
  return service;
}
export type NewsroomService = ReturnType<typeof createNewsroomService>;
