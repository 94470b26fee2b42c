import { daysBefore, zonedDay } from '../../../common/time-zone';
import { articlePath } from '../../../common/paths';
import type { Db } from '../../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { createViewCounter, SAME_VIEW_MS, type PendingViews } from './view-counter';
import {
  addViews,
  allViews,
  forgetReaders,
  readerCountedSince,
  topArticles,
  viewsPerDay,
  type ReaderView,
} from './views-repository';
import { isPublicNow } from '../../../db/schema/content';
import type { ErrorLog } from '../../lib/log';

/** How often a process sweeps the readers whose 30 minutes are over. */
const SWEEP_EVERY_MS = 60_000;

/** How long a beacon's view trusts what this process last read of its article's visibility. */
export const VISIBLE_KEPT_MS = 10_000;
/** Articles whose visibility a process keeps at most (a flood of made-up ids stays bounded). */
const VISIBLE_KEPT_MAX = 5_000;

/**
 * How a view is counted (DECISIONS.md §7, §16): once per reader (address) and article every 30
 * minutes, in this process's memory first, then added in batches to the article's total and the
 * day's count, never to the article's row. A day is a calendar day of the site's time zone
 * (DECISIONS.md §11), so "today" on the dashboard is the newsroom's today, not UTC's
 * (docs/decisions/024).
 */
export function createViewsService(deps: {
  db: Db;
  clock: Clock;
  articles: {
    isPublic(id: string): Promise<boolean>;
    existingIds(ids: string[]): Promise<string[]>;
  };
  /** The site setting `timeZone`. */
  timeZone(): Promise<string>;
  log?: ErrorLog | undefined;
}) {
  const { db, clock, articles } = deps;
  const today = async () => zonedDay(clock.now(), await deps.timeZone());
  const write = batchWriter(deps);
  const counter = createViewCounter({ clock, write, log: deps.log });
  const visibility = keptVisibility(articles, clock);
  const visibleSoon = visibility.soon;

  return {
    /**
     * Counts one view of a published article by `reader` (404 for an article readers cannot
     * see): false when this reader's view of it was counted in the last 30 minutes, by any
     * process. Two processes taking the same reader's view within one write interval both
     * answer true; the write counts it once.
     */
    async count(articleId: string, reader: string): Promise<boolean> {
      if (counter.has(articleId, reader)) return false;
      const since = new Date(clock.now().getTime() - SAME_VIEW_MS);
      if (await readerCountedSince(db, { articleId, reader, since })) return false;
      if (!(await articles.isPublic(articleId))) throw notFound('article.not_found');
      return counter.add(articleId, reader);
    },

    /**
     * A beacon's view (issue 38 item 7: 2,000 a second beside election night): no answer to
     * give, so no query to answer it. The batch's write counts a reader once in 30 minutes
     * across processes (addViews), and whether readers may see the article is what this process
     * read of it in the last VISIBLE_KEPT_MS. Answers undefined for an article readers cannot see.
     */
    async countSoon(articleId: string, reader: string): Promise<boolean | undefined> {
      if (counter.has(articleId, reader)) return false;
      if (!(await visibleSoon(articleId))) return undefined;
      return counter.add(articleId, reader);
    },

    /** Whether readers may see the article, as this process read it in VISIBLE_KEPT_MS. */
    visibleSoon,

    /** `visibleSoon` without a promise: undefined until this process has read it (then fresh). */
    visibleNow: visibility.now,

    /** `countSoon` of an article `visibleNow` says readers may see: no promise to wait on. */
    countVisible: (articleId: string, reader: string): boolean =>
      !counter.has(articleId, reader) && counter.add(articleId, reader),

    /** Writes the views counted in this process so far (tests; closing does it too). */
    flush: () => counter.flush(),

    /** Writes what is left and stops counting in batches: before the database closes. */
    close: () => counter.close(),

    /** Every article's views of all time, as written so far. */
    total: () => allViews(db),

    /**
     * Views per day over the `days` days up to today, oldest first, with empty days as 0; of
     * every article, or of one author's.
     */
    async perDay(days: number, authorId?: string): Promise<{ day: string; views: number }[]> {
      const last = await today();
      const list = Array.from({ length: days }, (_, i) => daysBefore(last, days - 1 - i));
      const rows = await viewsPerDay(db, list[0] as string, authorId);
      const byDay = new Map(rows.map((r) => [String(r.day), Number(r.views)]));
      return list.map((day) => ({ day, views: byDay.get(day) ?? 0 }));
    },

    /**
     * The `limit` most viewed articles of the last `days` days (today included), with their
     * views in those days; `path` is their public address while they are out, else null.
     */
    async top(opts: { days: number; limit: number; authorId?: string | undefined }) {
      const now = clock.now();
      const fromDay = daysBefore(await today(), opts.days - 1);
      const rows = await topArticles(db, {
        fromDay,
        limit: opts.limit,
        ...(opts.authorId ? { authorId: opts.authorId } : {}),
      });
      return rows.map((row) => ({
        _id: row.id,
        name: row.name,
        views: row.views,
        path: isPublicNow(row, now)
          ? articlePath({ slug: row.slug, categorySlug: row.categorySlug })
          : null,
      }));
    },
  };
}
export type ViewsService = ReturnType<typeof createViewsService>;

/**
 * Writes one batch: the views of articles that still exist, each on its day in the site's time
 * zone; now and then, forgets readers whose 30 minutes are over (a failed sweep is only logged:
 * the batch is written and must not be tried again).
 */
function batchWriter(deps: {
  db: Db;
  clock: Clock;
  articles: { existingIds(ids: string[]): Promise<string[]> };
  timeZone(): Promise<string>;
  log?: ErrorLog | undefined;
}) {
  let sweptAt = 0;
  return async (batch: PendingViews): Promise<void> => {
    const zone = await deps.timeZone();
    const existing = new Set(await deps.articles.existingIds([...batch.keys()]));
    const views: ReaderView[] = [];
    for (const [articleId, readers] of batch)
      if (existing.has(articleId))
        for (const [reader, at] of readers) views.push({ articleId, reader, at: new Date(at) });
    await addViews(deps.db, views, {
      windowMs: SAME_VIEW_MS,
      dayOf: (at) => zonedDay(at, zone),
    });
    const now = deps.clock.now().getTime();
    if (now - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = now;
    await forgetReaders(deps.db, new Date(now - SAME_VIEW_MS)).catch((error: unknown) =>
      deps.log?.error({ err: error }, 'forgetting counted readers failed'),
    );
  };
}

/**
 * Whether readers may see an article, as read at most VISIBLE_KEPT_MS ago by this process (an
 * article published or withdrawn meanwhile is counted or not for those seconds: counts only).
 */
function keptVisibility(articles: { isPublic(id: string): Promise<boolean> }, clock: Clock) {
  type Kept = { visible: Promise<boolean>; until: number; value?: boolean };
  const kept = new Map<string, Kept>();
  const fresh = (articleId: string, now: number) => {
    const known = kept.get(articleId);
    return known && known.until > now ? known : undefined;
  };
  return {
    soon(articleId: string): Promise<boolean> {
      const now = clock.now().getTime();
      const known = fresh(articleId, now);
      if (known) return known.visible;
      if (kept.size >= VISIBLE_KEPT_MAX) kept.clear();
      const visible = articles.isPublic(articleId);
      const entry: Kept = { visible, until: now + VISIBLE_KEPT_MS };
      kept.set(articleId, entry);
      visible.then(
        (value) => (entry.value = value),
        () => kept.get(articleId) === entry && kept.delete(articleId),
      );
      return visible;
    },
    /** The answer once read and still fresh; undefined before. */
    now: (articleId: string): boolean | undefined => fresh(articleId, clock.now().getTime())?.value,
  };
}
