/*
 * The articles module (server/modules/README.md): reading and saving articles. Status moves,
 * review, scheduling, revisions and previews are the newsroom's (server/modules/newsroom);
 * finding articles by their words is search's (server/modules/search). Both reach the rows
 * through this service; a save calls them back inside its transaction.
 */
import type { ArticleStatus } from '../../../common/articles';
import type { CacheChange } from '../../../common/cache-tags';
import type { Db } from '../../../db/client';
import type { Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import type { RevisionRecord, ReviewMove } from '../newsroom/newsroom-service';
import type { SearchDocument } from '../search/search-service';
import { articleAccess } from './article-access';
import { articleAddresses } from './article-addresses';
import { articleDesk } from './article-desk';
import { articleLookups, articleReads, tagReads } from './article-reads';
import { articleSaves } from './article-saves';
import { tagEdits } from './tag-edits';

export type { ArticleAtAddress } from './article-addresses';
export type { StatusValues, StoredState } from './articles-repository';
export { toArticle, toCard } from './article-rows';
export { mayChange } from './article-access';
export { sanitizeOffThread } from './sanitize-pool';
export { needImageToPublish, REVIEW_REFUSAL, type WriteRecord } from './article-saves';

/** What the articles module needs of other modules; the composition root passes their services. */
export interface ArticlesDeps {
  db: Db;
  clock: Clock;
  categories: {
    byId(id: string): Promise<{ _id: string; slug: string } | undefined>;
    currentSlugFor(formerSlug: string): Promise<string | undefined>;
    /** The categories under `id`: its page lists their articles too (issue 26 item 6). */
    childIds(id: string): Promise<string[]>;
  };
  users: { canWrite(id: string): Promise<boolean> };
  media: { idForUrl(url: string): Promise<string | null> };
  /** Tells every process's kept answers what a write touched (server/lib/change-notices.ts). */
  contentChanged?: (change?: CacheChange) => Promise<void>;
  /** The newsroom's part of every save: who may publish, the revision, the go-live job. */
  newsroom: {
    /** False when the site wants an editor to publish this actor's work (DECISIONS.md §11). */
    mayPublish(actor: Actor): Promise<boolean>;
    /** Records a revision in the save's own transaction. */
    recordRevision(tx: Db, revision: RevisionRecord): Promise<void>;
    syncGoLive(id: string, status: ArticleStatus, publishedAt: Date): Promise<void>;
    cancelGoLive(id: string): Promise<void>;
    /** After a write that moved the article's status: the review mail it calls for (issue 26). */
    reviewMoved?(move: ReviewMove): Promise<void>;
  };
  /** Search's index of articles, written in each save's own transaction. */
  search: { index(tx: Db, doc: SearchDocument): Promise<void> };
}

export function createArticlesService(deps: ArticlesDeps) {
  return {
    ...articleReads(deps),
    ...tagReads(deps),
    ...tagEdits(deps),
    ...articleLookups(deps),
    ...articleAddresses(deps),
    ...articleDesk(deps),
    ...articleAccess(deps),
    ...articleSaves(deps),
  };
}
export type ArticlesService = ReturnType<typeof createArticlesService>;
