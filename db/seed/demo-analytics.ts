import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { analyticsEvents } from '../schema/analytics';
import { articles } from '../schema/content';
import { articleDailyViews, articleViewTotals } from '../schema/site';

/*
 * Two weeks of readers for the demo (issue 72 item 5): raw view and engagement events as the
 * beacons write them, which the analytics module then rolls up (its `rollUpSince`), and the
 * views module's daily counts and totals the dashboard reads. The numbers follow a fixed
 * pattern (newer and lower-numbered stories read more), so every seeded site shows the same.
 */

export const DEMO_HISTORY_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;
const STORIES = 12;
const SOURCES = ['google', 'direct', 'whatsapp', 'newsletter', 'facebook', 'internal'] as const;

type EventRow = typeof analyticsEvents.$inferInsert;

/**
 * A story's views on a day: one or two. Few on purpose: a story read a dozen times this week
 * (a journey's, tests/e2e/admin-list-dashboard.spec.ts) still makes the week's top 10.
 */
const viewsOn = (story: number, daysAgo: number) => 1 + ((story + daysAgo) % 2);

function eventsOf(
  articleId: string,
  path: string,
  story: number,
  dayStart: number,
  daysAgo: number,
) {
  const rows: EventRow[] = [];
  const n = viewsOn(story, daysAgo);
  for (let k = 0; k < n; k++) {
    // Spread over the day's waking hours; the same reader comes back now and then.
    const at = new Date(dayStart + (2 + ((k * 5 + story) % 15)) * 3_600_000 + k * 61_000);
    const common = {
      at,
      day: at.toISOString().slice(0, 10),
      articleId,
      path,
      source: SOURCES[(k + story) % SOURCES.length]!,
      visitor: `demo-${daysAgo}-${(k * 3 + story) % (n + 2)}`,
    };
    rows.push({ ...common, kind: 'view' });
    if (k % 2 === 0)
      rows.push({ ...common, kind: 'engaged', seconds: 30 + ((k * 17) % 150), scroll: 50 });
  }
  return rows;
}

/**
 * Writes the events of the last DEMO_HISTORY_DAYS days (today's up to `now`) for the newest
 * demo stories, and the matching daily views; answers where the rollups should start. Nothing
 * is written when the stories already have views (a second run).
 */
export async function seedDemoHistory(
  db: Db,
  slugs: readonly string[],
  now: Date,
): Promise<Date | null> {
  const stories = await db
    .select({ id: articles.id, slug: articles.slug, publishedAt: articles.publishedAt })
    .from(articles)
    .where(and(inArray(articles.slug, [...slugs]), eq(articles.status, 'published')))
    .orderBy(desc(articles.publishedAt))
    .limit(STORIES);
  if (stories.length === 0) return null;
  const [seen] = await db
    .select({ id: articleViewTotals.articleId })
    .from(articleViewTotals)
    .where(
      inArray(
        articleViewTotals.articleId,
        stories.map((s) => s.id),
      ),
    )
    .limit(1);
  if (seen) return null;

  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(today - (DEMO_HISTORY_DAYS - 1) * DAY_MS);
  const events: EventRow[] = [];
  for (const [story, s] of stories.entries())
    for (let daysAgo = 0; daysAgo < DEMO_HISTORY_DAYS; daysAgo++)
      events.push(...eventsOf(s.id, `/${s.slug}`, story, today - daysAgo * DAY_MS, daysAgo));
  const past = events.filter((e) => e.at <= now);
  for (let i = 0; i < past.length; i += 500)
    await db.insert(analyticsEvents).values(past.slice(i, i + 500));

  const daily = new Map<string, { articleId: string; day: string; views: number }>();
  const totals = new Map<string, number>();
  for (const e of past) {
    if (e.kind !== 'view' || !e.articleId) continue;
    const key = `${e.articleId} ${e.day}`;
    const row = daily.get(key) ?? { articleId: e.articleId, day: e.day, views: 0 };
    row.views++;
    daily.set(key, row);
    totals.set(e.articleId, (totals.get(e.articleId) ?? 0) + 1);
  }
  await db
    .insert(articleDailyViews)
    .values([...daily.values()])
    .onConflictDoNothing();
  await db
    .insert(articleViewTotals)
    .values([...totals].map(([articleId, views]) => ({ articleId, views })))
    .onConflictDoNothing();
  return from;
}
