import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { articleCorrections } from '../../../db/schema/corrections';
import { articles, categories, isPublicArticle } from '../../../db/schema/content';

/*
 * Corrections on the record (issue 43 item 3): written in a save's transaction, read by the
 * story's page, its feed items and /corrections. Public reads keep to public stories.
 */

export function insertCorrection(
  tx: Db,
  row: { articleId: string; userId: string; note: string; createdAt: Date },
) {
  return tx.insert(articleCorrections).values(row);
}

/** A story's corrections, newest first. */
export function correctionsOf(db: Db, articleId: string) {
  return db
    .select({ note: articleCorrections.note, createdAt: articleCorrections.createdAt })
    .from(articleCorrections)
    .where(eq(articleCorrections.articleId, articleId))
    .orderBy(desc(articleCorrections.createdAt), desc(articleCorrections.id));
}

/** The corrections of these stories, newest first (a feed's items, in one query). */
export function correctionsOfMany(db: Db, articleIds: string[]) {
  return db
    .select({
      articleId: articleCorrections.articleId,
      note: articleCorrections.note,
      createdAt: articleCorrections.createdAt,
    })
    .from(articleCorrections)
    .where(inArray(articleCorrections.articleId, articleIds))
    .orderBy(desc(articleCorrections.createdAt), desc(articleCorrections.id));
}

const ofPublic = (now: Date) => (q: Db) =>
  q
    .select({ total: count() })
    .from(articleCorrections)
    .innerJoin(articles, eq(articles.id, articleCorrections.articleId))
    .where(isPublicArticle(now));

/** How many corrections of public stories there are. */
export async function countPublicCorrections(db: Db, now: Date): Promise<number> {
  const [row] = await ofPublic(now)(db);
  return row?.total ?? 0;
}

/** One page of every correction of a public story, newest first, with its story. */
export function listPublicCorrections(db: Db, opts: { limit: number; offset: number; now: Date }) {
  return db
    .select({
      note: articleCorrections.note,
      createdAt: articleCorrections.createdAt,
      articleId: articles.id,
      name: articles.name,
      slug: articles.slug,
      language: articles.language,
      categorySlug: categories.slug,
    })
    .from(articleCorrections)
    .innerJoin(articles, eq(articles.id, articleCorrections.articleId))
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(isPublicArticle(opts.now)))
    .orderBy(desc(articleCorrections.createdAt), desc(articleCorrections.id))
    .limit(opts.limit)
    .offset(opts.offset);
}
