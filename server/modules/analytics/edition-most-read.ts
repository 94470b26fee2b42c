/*
 * An edition's "Most read" (issue 65 item 3): the stories of that edition its readers read
 * most (analytics by edition: readers of its stories, issue 65 item 6), ranked from the hour
 * rollups as the site's list is (most-read.ts), on the edition's cached page. The rollup job
 * ranks every edition in one statement each minute and, when any list changed and the last
 * publication is a minute old, publishes every list in one event
 * (`most-read.editions-changed`) that refreshes only the changed editions' pages
 * (CacheTags.mostReadEdition) and names their addresses; pages show the lists last published,
 * so every process shows the same ones.
 */
import { CacheTags } from '../../../common/cache-tags';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import { editionPath } from '../../../common/paths';
import type { ArticleCard } from '../../../common/schemas/articles';
import type { Edition } from '../../../common/schemas/editions';
import { MOST_READ_COUNT, MOST_READ_EVERY_MS, type MostReadDeps } from './most-read';
import {
  EDITION_LISTS,
  EDITIONS_MOST_READ_CHANGED,
  lastPublishedEditions,
  mostViewedByEdition,
} from './most-read-repository';

export interface EditionMostReadDeps extends MostReadDeps {
  /** The tree, for the changed editions' addresses (front caches purge by address). */
  editions: { list(): Promise<Edition[]> };
}

const sameList = (a: readonly string[] = [], b: readonly string[] = []) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/** The editions whose list is not the same in `before` and `after`. */
const changedIn = (before: Record<string, string[]>, after: Record<string, string[]>) =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((id) => !sameList(before[id], after[id]))
    .sort();

/** The public addresses of these editions' pages. */
function pagesOf(all: Edition[], ids: readonly string[]): string[] {
  const byId = new Map(all.map((e) => [e._id, e]));
  return ids.flatMap((id) => {
    const slugs: string[] = [];
    for (let e = byId.get(id); e && e._id !== NATIONAL_EDITION_ID; e = byId.get(e.parentId ?? ''))
      slugs.unshift(e.slug);
    return slugs.length ? [editionPath(slugs)] : [];
  });
}

export function createEditionMostRead(deps: EditionMostReadDeps) {
  const { db, clock } = deps;
  const published = (editionId: string) =>
    deps.kept.get(`most-read:${editionId}`, [CacheTags.mostReadEdition(editionId)], async () => {
      const last = await lastPublishedEditions(db);
      return last?.editions[editionId] ?? [];
    });

  return {
    /** The stories edition `editionId`'s readers read most, most read first. */
    async cards(editionId: string): Promise<ArticleCard[]> {
      const ids = await published(editionId);
      return ids.length ? deps.articles.publicCards([...ids]) : [];
    },

    /**
     * Ranks every edition's stories read in the last `mostReadHours` hours and publishes the
     * lists when one changed and the last publication is at least a minute old. Answers the
     * editions whose list changed ([]: nothing published).
     */
    async refresh(): Promise<string[]> {
      const now = clock.now();
      const [last, hours] = await Promise.all([lastPublishedEditions(db), deps.hours()]);
      if (last && now.getTime() - last.at.getTime() < MOST_READ_EVERY_MS) return [];
      const lists = await mostViewedByEdition(db, { now, hours, limit: MOST_READ_COUNT });
      const changed = changedIn(last?.editions ?? {}, lists);
      if (!changed.length) return [];
      await deps.outbox.record({
        type: EDITIONS_MOST_READ_CHANGED,
        subject: { kind: 'most-read', id: EDITION_LISTS },
        data: { editions: lists },
        cache: {
          stale: changed.map(CacheTags.mostReadEdition),
          urls: pagesOf(await deps.editions.list(), changed),
        },
      });
      return changed;
    },
  };
}
