/* Gift links' rows (issue 39 item 5): the story a gift names, and each giver's gifts. */
import { and, desc, eq, gt, gte, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { articles, categories } from '../../../db/schema/content';
import { articleGifts } from '../../../db/schema/payments';
import { users } from '../../../db/schema/users';

/** A published story's address and who may read it, or undefined. */
export async function giftableArticle(db: Db, id: string) {
  const [row] = await db
    .select({
      id: articles.id,
      slug: articles.slug,
      access: articles.access,
      categorySlug: categories.slug,
    })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(eq(articles.id, id), eq(articles.status, 'published')));
  return row;
}

/**
 * Records a gift unless its giver has given `limit` since `since`: counted and written in one
 * transaction holding the giver's row, so two requests at once never make a sixth. The gifts
 * given this month afterwards, or undefined when the limit was reached.
 */
export async function recordGift(
  db: Db,
  values: typeof articleGifts.$inferInsert,
  since: Date,
  limit: number,
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for('update');
    const given = await countSince(tx, values.userId, since);
    if (given >= limit) return undefined;
    await tx.insert(articleGifts).values(values);
    return given + 1;
  });
}

export async function countSince(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(articleGifts)
    .where(and(eq(articleGifts.userId, userId), gte(articleGifts.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * A giver's gifts of the month since `since`, and any given before it that still opens its
 * story at `now` (a link lasts days, so one given on the month's last day opens into the next,
 * and its giver must still see it to stop it).
 */
export function giftsShown(db: Db, userId: string, { since, now }: { since: Date; now: Date }) {
  return db
    .select({
      id: articleGifts.id,
      articleId: articleGifts.articleId,
      name: articles.name,
      createdAt: articleGifts.createdAt,
      expiresAt: articleGifts.expiresAt,
      revokedAt: articleGifts.revokedAt,
    })
    .from(articleGifts)
    .innerJoin(articles, eq(articles.id, articleGifts.articleId))
    .where(
      and(
        eq(articleGifts.userId, userId),
        or(
          gte(articleGifts.createdAt, since),
          and(gt(articleGifts.expiresAt, now), isNull(articleGifts.revokedAt)),
        ),
      ),
    )
    .orderBy(desc(articleGifts.createdAt));
}

/**
 * Stops a giver's gift link: answers 'stopped' (now or before), or 'none' when `userId` gave no
 * gift `id` (another's gift is none of theirs).
 */
export async function revokeGift(
  db: Db,
  userId: string,
  id: string,
  now: Date,
): Promise<'stopped' | 'none'> {
  const mine = and(eq(articleGifts.id, id), eq(articleGifts.userId, userId));
  const [row] = await db
    .update(articleGifts)
    .set({ revokedAt: sql`coalesce(${articleGifts.revokedAt}, ${now})` })
    .where(mine)
    .returning({ id: articleGifts.id });
  return row ? 'stopped' : 'none';
}

/**
 * The gift whose token hashes to `tokenHash`, given and not stopped: its giver (as an actor) and
 * who may read its story now; undefined for none.
 */
export async function standingGift(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      giver: { id: users.id, name: users.name, email: users.email, role: users.role },
      access: articles.access,
    })
    .from(articleGifts)
    .innerJoin(users, eq(users.id, articleGifts.userId))
    .innerJoin(articles, eq(articles.id, articleGifts.articleId))
    .where(and(eq(articleGifts.tokenHash, tokenHash), isNull(articleGifts.revokedAt)));
  return row;
}
