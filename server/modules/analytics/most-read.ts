import { hash } from 'node:crypto';
import { CacheTags } from '../../../common/cache-tags';
import type { ArticleCard } from '../../../common/schemas/articles';
import type { Db } from '../../../db/client';
import type { KeptValues } from '../../caching/kept-values';
import type { Outbox } from '../../events/outbox';
import type { Clock } from '../../lib/clock';
import { lastPublished, MOST_READ_CHANGED, mostViewed, SITE_LIST } from './most-read-repository';

/** How many stories "Most read" lists. */
export const MOST_READ_COUNT = 5;
/** A new list is published at most this often (the rollup job's pace; issue 38 item 5). */
export const MOST_READ_EVERY_MS = 60_000;

export interface MostReadDeps {
  db: Db;
  clock: Clock;
  outbox: Pick<Outbox, 'record'>;
  /** Values kept in memory until a change to their tags (server/caching/kept-values.ts). */
  kept: Pick<KeptValues, 'get'>;
  /** The cards of these ids readers may see now, in the order given. */
  articles: { publicCards(ids: string[]): Promise<ArticleCard[]> };
  /** The setting `analytics.mostReadHours`. */
  hours(): Promise<number>;
}

/**
 * A short digest of what "Most read" shows of its cards (each headline, its language and its
 * address: app/components/most-read.tsx), to tell a changed box from the last.
 */
const cardsDigest = (cards: readonly ArticleCard[]) =>
  hash(
    'sha256',
    JSON.stringify(cards.map((c) => [c._id, c.name, c.language, c.slug, c.category?.slug ?? ''])),
    'base64url',
  ).slice(0, 22);

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * Readers' "Most read" (issue 38 item 5), on cached pages: the list is part of the page, and a
 * new list reaches every process as an event (`most-read.changed`, its ids in its data) that
 * refreshes the pages showing it (CacheTags.mostRead). The rollup job ranks each minute and
 * publishes only a list that changed, at most once a minute; pages show the list last published,
 * so every process shows the same one.
 */
export function createMostRead(deps: MostReadDeps) {
  const { db, clock } = deps;
  const published = () =>
    deps.kept.get('most-read', [CacheTags.mostRead], async () => {
      const last = await lastPublished(db);
      return last?.articleIds ?? [];
    });

  return {
    /** The stories readers see under "Most read", most read first. */
    async cards(): Promise<ArticleCard[]> {
      const ids = await published();
      return ids.length ? deps.articles.publicCards([...ids]) : [];
    },

    /**
     * Ranks the stories read in the last `mostReadHours` hours and publishes the list when it
     * changed and the last one is at least a minute old. Answers whether it published.
     */
    async refresh(): Promise<boolean> {
      const now = clock.now();
      const [last, hours] = await Promise.all([lastPublished(db), deps.hours()]);
      if (last && now.getTime() - last.at.getTime() < MOST_READ_EVERY_MS) return false;
      const articleIds = await mostViewed(db, { now, hours, limit: MOST_READ_COUNT });
      // What the box shows of them: a new title or picture is a new list, as new stories are
      // (pages tag its cards for leaving and moving only: CacheTags.mostReadCard).
      const cards = cardsDigest(
        articleIds.length ? await deps.articles.publicCards(articleIds) : [],
      );
      if (sameList(articleIds, last?.articleIds ?? []) && cards === last?.cards) return false;
      await deps.outbox.record({
        type: MOST_READ_CHANGED,
        subject: { kind: 'most-read', id: SITE_LIST },
        data: { articleIds, cards },
        cache: { stale: [CacheTags.mostRead], urls: ['/'] },
      });
      return true;
    },
  };
}
export type MostRead = ReturnType<typeof createMostRead>;
