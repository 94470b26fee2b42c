/*
 * Which editions a story circulates to (issue 65 item 2): `article_editions`, owned by the
 * articles module. Each row copies its article's status and time (kept by the trigger of
 * migration 0058), so an edition's page walks `article_editions_published_order_idx`.
 */
import { and, count, desc, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { prepared } from '../../../db/prepared';
import { articleEditions, articles, isPublicArticle } from '../../../db/schema/content';
import { cards, cardsOfPage, type Value } from './articles-repository';
import type { ListBranch } from './list-keys-repository';

/**
 * Gives article `articleId` exactly these editions, in the caller's transaction: rows it no
 * longer has go, new ones copy the article's status and time as it now stands.
 */
export async function setArticleEditions(tx: Db, articleId: string, ids: readonly string[]) {
  await tx
    .delete(articleEditions)
    .where(
      ids.length
        ? and(
            eq(articleEditions.articleId, articleId),
            notInArray(articleEditions.editionId, [...ids]),
          )
        : eq(articleEditions.articleId, articleId),
    );
  if (!ids.length) return;
  const values = sql.join(
    ids.map((id) => sql`(${id}::uuid)`),
    sql`, `,
  );
  await tx.execute(sql`
    INSERT INTO ${articleEditions} (article_id, edition_id, status, published_at)
    SELECT ${articles.id}, e.id, ${articles.status}, ${articles.publishedAt}
    FROM ${articles}, (VALUES ${values}) AS e(id)
    WHERE ${articles.id} = ${articleId}
    ON CONFLICT DO NOTHING`);
}

/** Gives article `articleId` another primary edition (its row comes from the trigger). */
export async function setPrimaryEdition(tx: Db, articleId: string, editionId: string, now: Date) {
  await tx
    .update(articles)
    .set({ primaryEditionId: editionId, updatedAt: now })
    .where(eq(articles.id, articleId));
}

/** How many stories (any status) are in edition `editionId`: what keeps it from a delete. */
export async function countInEdition(db: Db, editionId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(articleEditions)
    .where(eq(articleEditions.editionId, editionId));
  return Number(row?.n ?? 0);
}

/** Public in `article_editions`' own copy of its article's status and time. */
const isPublicInEdition = (now: Value<Date>) =>
  and(sql`${articleEditions.status} = 'published'`, lte(articleEditions.publishedAt, now));

/**
 * One page of an edition's published stories, newest first: a deferred join as a tag's page
 * (listPublishedWithTag), its ids from the (edition, published_at, article) index alone.
 */
export function listPublishedInEdition(
  db: Db,
  opts: { editionId: Value<string>; limit: Value<number>; offset: Value<number>; now: Value<Date> },
) {
  const page = db
    .select({ pageId: articleEditions.articleId, pagePublishedAt: articleEditions.publishedAt })
    .from(articleEditions)
    .where(and(isPublicInEdition(opts.now), eq(articleEditions.editionId, opts.editionId)))
    .orderBy(desc(articleEditions.publishedAt), desc(articleEditions.articleId))
    .limit(opts.limit)
    .offset(opts.offset)
    .as('page');
  return cardsOfPage(db, page);
}

/** An edition's walk by key: its (edition, published_at, article) index. */
export const editionBranch = (editionId: string): ListBranch => ({
  table: articleEditions,
  id: articleEditions.articleId,
  publishedAt: articleEditions.publishedAt,
  where: (now) => and(isPublicInEdition(now), eq(articleEditions.editionId, editionId)),
});

/** listPublishedInEdition as a prepared statement (edition pages). */
export function publishedInEdition(
  db: Db,
  opts: { editionId: string; limit: number; offset: number; now: Date },
) {
  return prepared(db, 'article_cards_in_edition', (on, as) =>
    listPublishedInEdition(on, {
      editionId: sql.placeholder('editionId'),
      limit: sql.placeholder('limit'),
      offset: sql.placeholder('offset'),
      now: sql.placeholder('now'),
    }).prepare(as),
  ).execute(opts);
}

export async function countPublishedInEdition(db: Db, opts: { editionId: string; now: Date }) {
  const [row] = await db
    .select({ n: count() })
    .from(articleEditions)
    .where(and(isPublicInEdition(opts.now), eq(articleEditions.editionId, opts.editionId)));
  return Number(row?.n ?? 0);
}

/** Article `articles.id` is among edition `editionId`'s stories. */
const inEdition = (editionId: string) =>
  sql`exists (select 1 from ${articleEditions} where ${articleEditions.articleId} = ${articles.id} and ${articleEditions.editionId} = ${editionId})`;

/**
 * An edition's curated section (issue 65 item 3): the newest `limit` public stories of these
 * categories (a category and those inside it) that are in the edition. A few per page render
 * of a kept page: each walks its categories' published-order index and asks the edition's row
 * of each story it meets.
 */
export function listEditionSection(
  db: Db,
  opts: { editionId: string; categoryIds: string[]; limit: number; now: Date },
) {
  return cards(db)
    .where(
      and(
        isPublicArticle(opts.now),
        inArray(articles.categoryId, opts.categoryIds),
        inEdition(opts.editionId),
      ),
    )
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(opts.limit);
}

/** The card of story `articleId` while readers may see it and it is in edition `editionId`. */
export async function editionLeadCard(
  db: Db,
  opts: { editionId: string; articleId: string; now: Date },
) {
  const [row] = await cards(db).where(
    and(isPublicArticle(opts.now), eq(articles.id, opts.articleId), inEdition(opts.editionId)),
  );
  return row;
}

/** Whether story `articleId` (any status) is in edition `editionId`. */
export async function isInEdition(db: Db, articleId: string, editionId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(articleEditions)
    .where(and(eq(articleEditions.articleId, articleId), eq(articleEditions.editionId, editionId)));
  return Number(row?.n ?? 0) > 0;
}
