/*
 * The desk's counts and lists (article-desk.ts): what is scheduled, what waits on someone, and
 * the dashboard's counts.
 */
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { tally } from '../../../db/counts';
import { articles, isPublicArticle, isScheduledArticle } from '../../../db/schema/content';

/** Articles published for a time still to come: the scheduled ones. */
export function listScheduled(db: Db, now: Date) {
  return db
    .select({ id: articles.id, publishedAt: articles.publishedAt })
    .from(articles)
    .where(isScheduledArticle(now));
}

/** What waits on someone: articles submitted for review, or an author's sent back. */
export async function countAwaiting(db: Db, opts: { authorId?: string }) {
  const [row] = await db
    .select({ n: count() })
    .from(articles)
    .where(
      opts.authorId
        ? and(
            eq(articles.authorId, opts.authorId),
            sql`${articles.status} = 'draft'`,
            ne(articles.reviewNote, ''),
          )
        : sql`${articles.status} = 'pending'`,
    );
  return Number(row?.n ?? 0);
}

/**
 * The dashboard's counts: published means out now; scheduled ones are counted apart. Each is
 * exact up to EXACT_COUNT_UP_TO and the planner's estimate past it (db/counts.ts, issue 71
 * item 3): one aggregate over every article read the whole table for each dashboard. Drafts and
 * those sent for review are found through their own small index (migration 0073), so their
 * count reads them alone however large the archive; `estimated` names the estimates.
 */
export async function articleCounts(db: Db, now: Date) {
  const [total, published, scheduled, drafts] = await Promise.all([
    tally(db, articles, undefined),
    tally(db, articles, isPublicArticle(now)),
    tally(db, articles, isScheduledArticle(now)),
    tally(db, articles, sql`${articles.status} = 'draft'`),
  ]);
  const all = { total, published, scheduled, drafts };
  return {
    total: total.n,
    published: published.n,
    scheduled: scheduled.n,
    drafts: drafts.n,
    estimated: (Object.keys(all) as (keyof typeof all)[]).filter((k) => !all[k].exact),
  };
}
