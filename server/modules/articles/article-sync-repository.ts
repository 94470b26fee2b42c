import { and, asc, count, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../../common/languages';
import type { Db } from '../../../db/client';
import { articles, articleTags, isPublicArticle, writtenBy } from '../../../db/schema/content';
import { full } from './articles-repository';

/*
 * An app's sync (issue 41 item 2, GET /api/v1/articles): published articles in the order they
 * last changed for a reader, oldest first, so that `updatedSince` = the last one's `changedAt`
 * reads on from where a sync stopped. A scheduled article changes for a reader when its time
 * comes, after its last edit: its moment is the later of the two.
 */
export const changedAt = sql<Date>`greatest(${articles.updatedAt}, ${articles.publishedAt})`;

export interface SyncFilter {
  /** A category and those inside it (its family), by id. */
  categoryIds?: string[];
  tagId?: string;
  authorId?: string;
  language?: Language;
  /** Changed strictly after. */
  since?: Date;
  now: Date;
}

function conditions(filter: SyncFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [isPublicArticle(filter.now)];
  if (filter.categoryIds) parts.push(inArray(articles.categoryId, filter.categoryIds));
  if (filter.tagId)
    parts.push(
      sql`${articles.id} IN (select ${articleTags.articleId} from ${articleTags} where ${eq(articleTags.tagId, filter.tagId)})`,
    );
  if (filter.authorId) parts.push(writtenBy(filter.authorId));
  if (filter.language) parts.push(eq(articles.language, filter.language));
  if (filter.since) parts.push(gt(changedAt, filter.since));
  return and(...parts);
}

/** A page of the published articles `filter` selects, whole, in the order they changed. */
export function listForSync(db: Db, filter: SyncFilter, page: { limit: number; offset: number }) {
  return full(db)
    .where(conditions(filter))
    .orderBy(asc(changedAt), asc(articles.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countForSync(db: Db, filter: SyncFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(articles).where(conditions(filter));
  return Number(row?.n ?? 0);
}

/** A published article by id or slug, whole. */
export async function findPublicByIdOrSlug(db: Db, key: { id?: string; slug: string }, now: Date) {
  const [row] = await full(db).where(
    and(isPublicArticle(now), key.id ? eq(articles.id, key.id) : eq(articles.slug, key.slug)),
  );
  return row;
}

/** Which of `ids` are public now. */
export async function publicIdsAmong(db: Db, ids: string[], now: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(isPublicArticle(now), inArray(articles.id, ids)));
  return rows.map((r) => r.id);
}
