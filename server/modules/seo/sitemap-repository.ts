/*
 * The sitemaps' reads at any size (issue 71 item 4, docs/decisions/068): each list page's last
 * story is one probe of that list's own index (never an aggregate over every story), the
 * stories are counted only as far as one file holds, and a month's stories are read from the
 * published-order index a slice at a time, each slice from the key the last one ended at.
 */
import { and, count, inArray, sql } from 'drizzle-orm';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import { editionPath } from '../../../common/paths';
import { WRITING_ROLES } from '../../../common/roles';
import type { Db } from '../../../db/client';
import { articles, categories, isPublicArticle, tags } from '../../../db/schema/content';
import { editions } from '../../../db/schema/editions';
import { users } from '../../../db/schema/users';

/**
 * The newest public time of a list: one probe of its (list, published_at) index. Written with
 * the tables' names: in a query of one table Drizzle leaves its columns bare, which inside a
 * subquery would name the subquery's own.
 */
const newest = (table: string, listColumn: string, outer: string, now: Date) =>
  sql<Date | null>`(SELECT p.published_at FROM ${sql.raw(table)} AS p WHERE p.status = 'published' AND p.${sql.raw(listColumn)} = ${sql.raw(outer)} AND p.published_at <= ${now} ORDER BY p.published_at DESC LIMIT 1)`;

const toDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(value as string | Date);

/**
 * Categories with a public story, theirs or a child's (a parent's page lists its children's,
 * issue 26 item 6), each with its newest story's time, by name.
 */
export async function listCategoriesForSeo(db: Db, now: Date) {
  const rows = await db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      slug: categories.slug,
      name: categories.name,
      last: newest('articles', 'category_id', '"categories"."id"', now),
    })
    .from(categories)
    .orderBy(categories.name);
  const own = new Map(rows.map((r) => [r.id, toDate(r.last)]));
  const latest = (a: Date | null, b: Date | null) => (!a ? b : !b ? a : a > b ? a : b);
  return rows
    .map((r) => ({
      slug: r.slug,
      lastPublishedAt: rows
        .filter((c) => c.parentId === r.id)
        .reduce((at, c) => latest(at, own.get(c.id) ?? null), own.get(r.id) ?? null),
    }))
    .filter((r) => r.lastPublishedAt !== null);
}

/**
 * Writers (author and up, whose page exists) with a public story and a real slug (not the
 * placeholder before start-up gives one), each with their newest story's time, by name: their
 * first bylines from their own index, the pieces they co-wrote (few) from article_authors.
 */
export async function listAuthorsForSeo(db: Db, now: Date) {
  const rows = await db
    .select({
      slug: users.slug,
      own: newest('articles', 'author_id', '"users"."id"', now),
      coWritten: sql<Date | null>`(SELECT max(a.published_at) FROM article_authors AS aa JOIN articles AS a ON a.id = aa.article_id WHERE aa.user_id = "users"."id" AND a.status = 'published' AND a.published_at <= ${now})`,
    })
    .from(users)
    .where(and(inArray(users.role, WRITING_ROLES), sql`left(${users.slug}, 1) <> '_'`))
    .orderBy(users.name, users.slug);
  return rows.flatMap((r) => {
    const times = [toDate(r.own), toDate(r.coWritten)].filter((d): d is Date => d !== null);
    if (times.length === 0) return [];
    return [{ slug: r.slug, lastPublishedAt: new Date(Math.max(...times.map(Number))) }];
  });
}

/** Tags with a public story, each with its newest one's time (article_tags' copy), by name. */
export async function listTagsForSeo(db: Db, now: Date) {
  const rows = await db
    .select({
      slug: tags.slug,
      last: newest('article_tags', 'tag_id', '"tags"."id"', now),
    })
    .from(tags)
    .orderBy(tags.name, tags.slug);
  return rows.flatMap((r) =>
    r.last === null ? [] : [{ slug: r.slug, lastPublishedAt: toDate(r.last)! }],
  );
}

/**
 * Every active edition below the national one with its page's address, and when its list last
 * gained a story (issue 65 item 3), by address.
 */
export async function listEditionsForSeo(db: Db, now: Date) {
  const rows = await db
    .select({
      id: editions.id,
      parentId: editions.parentId,
      slug: editions.slug,
      active: editions.active,
      last: newest('article_editions', 'edition_id', '"editions"."id"', now),
    })
    .from(editions);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const slugsOf = (id: string): string[] | undefined => {
    const slugs: string[] = [];
    for (let e = byId.get(id); e && e.id !== NATIONAL_EDITION_ID; e = byId.get(e.parentId ?? '')) {
      if (!e.active) return undefined;
      slugs.unshift(e.slug);
    }
    return slugs;
  };
  return rows
    .filter((r) => r.id !== NATIONAL_EDITION_ID)
    .flatMap((r) => {
      const slugs = slugsOf(r.id);
      return slugs ? [{ path: editionPath(slugs), lastPublishedAt: toDate(r.last) }] : [];
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** The public stories, counted up to `upTo` (whether one file holds them all). */
export async function countPublishedUpTo(db: Db, now: Date, upTo: number): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(articles)
    .where(isPublicArticle(now))
    .limit(upTo)
    .as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  return Number(row?.n ?? 0);
}

/** A month of publication, UTC: `YYYY-MM`. */
export type Month = string;

/**
 * The months with public stories, oldest first, with how many each has and its newest change
 * (the sitemap index). One pass over the public stories: what the index costs, kept with it.
 */
export async function publishedMonths(db: Db, now: Date) {
  const month = sql<Month>`to_char(${articles.publishedAt} AT TIME ZONE 'UTC', 'YYYY-MM')`;
  const rows = await db
    .select({
      month,
      n: count(),
      lastmod: sql<string>`max(${articles.updatedAt})`,
    })
    .from(articles)
    .where(isPublicArticle(now))
    .groupBy(month)
    .orderBy(month);
  return rows.map((r) => ({ month: r.month, n: Number(r.n), lastmod: new Date(r.lastmod) }));
}

/** The first instant of a month and of the month after it. */
export function monthRange(month: Month): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(y, m - 1, 1)), to: new Date(Date.UTC(y, m, 1)) };
}

/** A story's exact place in the publication order: its time as PostgreSQL writes it, and id. */
export interface ExactKey {
  at: string;
  id: string;
}

/** The public stories of a month, counted up to `upTo` (does part `k` exist?). */
export async function countInMonth(db: Db, now: Date, month: Month, upTo: number) {
  const { from, to } = monthRange(month);
  const capped = db
    .select({ one: sql`1` })
    .from(articles)
    .where(inMonth(now, from, to))
    .limit(upTo)
    .as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  return Number(row?.n ?? 0);
}

const inMonth = (now: Date, from: Date, to: Date) =>
  and(
    isPublicArticle(now),
    sql`${articles.publishedAt} >= ${from}`,
    sql`${articles.publishedAt} < ${to}`,
  );

/**
 * The key just before the `skip`-th story of the month (oldest first), where part 2, 3… of a
 * month with more stories than a file holds begins: a walk of at most one month's stories.
 */
export async function keyBeforeInMonth(
  db: Db,
  opts: { now: Date; month: Month; skip: number },
): Promise<ExactKey | undefined> {
  const { from, to } = monthRange(opts.month);
  const [row] = await db
    .select({ at: sql<string>`${articles.publishedAt}::text`, id: articles.id })
    .from(articles)
    .where(inMonth(opts.now, from, to))
    .orderBy(articles.publishedAt, articles.id)
    .limit(1)
    .offset(opts.skip - 1);
  return row;
}

/** Rows past an exact key in ascending order (the next slice of a month). */
export const afterKey = (key: ExactKey | undefined) =>
  key
    ? sql`(${articles.publishedAt}, ${articles.id}) > (${key.at}::timestamptz, ${key.id}::uuid)`
    : undefined;

/** Rows before an exact key in descending order (the next slice of a one-file sitemap). */
export const beforeKey = (key: ExactKey | undefined) =>
  key
    ? sql`(${articles.publishedAt}, ${articles.id}) < (${key.at}::timestamptz, ${key.id}::uuid)`
    : undefined;
