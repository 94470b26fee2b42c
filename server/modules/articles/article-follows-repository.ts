import { and, count, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  articles,
  articleTags,
  inEditions,
  isPublicArticle,
  tags,
  writtenBy,
} from '../../../db/schema/content';
import { cards } from './articles-repository';

/*
 * What a reader follows, as lists of cards (issue 37 item 2): published stories in followed
 * categories, with followed tags or by followed authors, newest first; and the cards of stories
 * a reader saved, by id.
 */

/** What a reader follows: categories and authors by id, tags by slug. */
export interface Followed {
  categories: string[];
  tags: string[];
  authors: string[];
}

function followedWhere(followed: Followed): SQL | undefined {
  const parts: SQL[] = [];
  if (followed.categories.length > 0) parts.push(inArray(articles.categoryId, followed.categories));
  if (followed.tags.length > 0)
    parts.push(
      sql`${articles.id} IN (select ${articleTags.articleId} from ${articleTags} join ${tags} on ${tags.id} = ${articleTags.tagId} where ${inArray(tags.slug, followed.tags)})`,
    );
  for (const author of followed.authors) parts.push(writtenBy(author));
  return parts.length > 0 ? or(...parts) : undefined;
}

export async function listFollowed(
  db: Db,
  opts: {
    followed: Followed;
    limit: number;
    offset: number;
    now: Date;
    since?: Date;
    editions?: string[];
  },
) {
  const editions = opts.editions && opts.editions.length > 0 ? opts.editions : undefined;
  const chosen = followedWhere(opts.followed);
  // With nothing else followed the editions alone choose (a city's digest without sections or
  // tags takes every story of its path, issue 65 item 6).
  const followed = editions ? and(chosen, inEditions(editions)) : chosen;
  if (!followed) return { rows: [], total: 0 };
  const where = opts.since ? and(followed, gt(articles.publishedAt, opts.since)) : followed;
  const [rows, [counted]] = await Promise.all([
    cards(db)
      .where(and(isPublicArticle(opts.now), where))
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db
      .select({ n: count() })
      .from(articles)
      .where(and(isPublicArticle(opts.now), where)),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}

/** The cards of these ids that readers may see now, in no particular order. */
export function publicCardsByIds(db: Db, ids: string[], now: Date) {
  if (ids.length === 0) return Promise.resolve([]);
  return cards(db).where(and(isPublicArticle(now), inArray(articles.id, ids)));
}

/** Whether an article with this id is stored at all, whatever its status (a 404 against a 400). */
export async function articleIdStored(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(eq(articles.id, id))
    .limit(1);
  return row !== undefined;
}
