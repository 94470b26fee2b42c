/*
 * The articles module (server/modules/README.md): reading and saving articles. It knows nothing
 * of the modules that react to its writes: the newsroom (status moves, review, scheduling,
 * revisions) and search plug into its hooks (article-hooks.ts), and everything after a commit
 * reads its events (article-events.ts, server/events).
 */
import type { ArticlesDeps } from './article-deps';
import { articleAccess } from './article-access';
import { articleAddresses } from './article-addresses';
import { articleDesk } from './article-desk';
import { articleFollows } from './article-follows';
import { createArticleHooks } from './article-hooks';
import { articleLookups, articleReads, tagReads } from './article-reads';
import { articleSaves } from './article-saves';
import { articleSuggestions } from './article-suggestions';
import { articleCorrections } from './article-corrections';
import { articleSync } from './article-sync';
import { articleEditionReads } from './article-editions';
import { readingLists } from './reading-lists';
import { articleEditionMoves } from './article-edition-moves';
import { tagEdits } from './tag-edits';

export type { ArticlesDeps } from './article-deps';
export type { ArticleHooks, PlannedWrite, Written, WriteRecord } from './article-hooks';
export type { ArticleAtAddress } from './article-addresses';
export type { FullRow } from './articles-repository';
export type { SyncedArticle, SyncFilter } from './article-sync';
export type { Placement, PlaceEditions } from './article-hooks';
export type { StatusValues, StoredState } from './article-writes-repository';
export { toArticle, toCard, revisionContentOf } from './article-rows';
export { mayChange } from './article-access';
export { sanitizeOffThread } from './sanitize-pool';
export { needImageToPublish } from './article-write-steps';

export function createArticlesService(deps: ArticlesDeps) {
  const parts = { ...deps, hooks: createArticleHooks() };
  return {
    /** Where other modules plug into every write (article-hooks.ts). */
    hooks: parts.hooks,
    ...articleReads(parts),
    ...articleSuggestions(parts),
    ...articleCorrections(parts),
    ...tagReads(parts),
    ...tagEdits(parts),
    ...articleLookups(parts),
    ...articleAddresses(parts),
    ...articleDesk(parts),
    ...articleAccess(parts),
    ...articleSaves(parts),
    ...articleSync(parts),
    ...articleFollows(parts),
    ...articleEditionReads(parts),
    ...readingLists(parts),
    ...articleEditionMoves(parts),
  };
}
export type ArticlesService = ReturnType<typeof createArticlesService>;
