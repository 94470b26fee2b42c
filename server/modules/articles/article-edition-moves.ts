/*
 * The admin list's bulk edition changes (issue 65 item 2): the selected stories put in an
 * edition, taken out of one, or both. Every story is placed by the same rule as a save
 * (`placeEditions`: unknown editions, desks' limits), all of them before any is written, so a
 * refusal changes nothing; each story is then written as a save is (its revision, search, its
 * events and the audit trail's entry).
 */
import type { BulkEditions } from '../../../common/schemas/article-lists';
import { requireRole, type Actor } from '../../lib/actor';
import type { ArticlePartsDeps } from './article-deps';
import { placeEditions, placementOf } from './article-editions';
import type { Placement } from './article-hooks';
import { setArticleEditions, setPrimaryEdition } from './article-editions-repository';
import { finishWrite } from './article-write-steps';
import { findStoredState, lockArticle, type StoredState } from './article-writes-repository';

const same = (a: Placement, b: Placement) =>
  a.primary === b.primary && a.editions.join() === b.editions.join();

/** The placement asked of one story: its editions with `add` and without `remove`. */
function askedOf(stored: StoredState, change: BulkEditions) {
  const editions = new Set(stored.editionIds);
  if (change.add) editions.add(change.add);
  if (change.remove) editions.delete(change.remove);
  // Taken out of its primary edition: the placement rule chooses another.
  const keep = stored.primaryEdition !== change.remove;
  return { editions: [...editions], ...(keep ? { primaryEdition: stored.primaryEdition } : {}) };
}

export function articleEditionMoves(deps: ArticlePartsDeps) {
  return {
    /** Answers how many stories changed (those already so, and unknown ids, are passed over). */
    async moveEditions(actor: Actor | null, change: BulkEditions): Promise<{ updated: number }> {
      const a = requireRole(actor, 'editor', 'article.change_forbidden');
      const planned: { id: string; placement: Placement }[] = [];
      for (const id of new Set(change.ids)) {
        const stored = await findStoredState(deps.db, id);
        if (!stored) continue;
        const placement = await placeEditions(deps, a, askedOf(stored, change), stored);
        if (!same(placement, placementOf(stored))) planned.push({ id, placement });
      }
      for (const { id, placement } of planned)
        await deps.outbox.transaction(async (tx, record) => {
          const before = await lockArticle(tx, id);
          if (!before) return;
          const now = deps.clock.now();
          await setPrimaryEdition(tx, id, placement.primary, now);
          await setArticleEditions(tx, id, placement.editions);
          await finishWrite(deps, tx, record, {
            id,
            userId: a.id,
            record: { kind: 'save' },
            before,
            now,
          });
        });
      return { updated: planned.length };
    },
  };
}
