import { and, desc, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { breakingNews } from '../../../db/schema/breaking';

export type BreakingRow = typeof breakingNews.$inferSelect;

/** The band showing at `now`: the newest neither ended nor expired, if any. */
export async function currentBand(db: Db, now: Date): Promise<BreakingRow | undefined> {
  const [row] = await db
    .select()
    .from(breakingNews)
    .where(
      and(
        isNull(breakingNews.endedAt),
        or(isNull(breakingNews.expiresAt), gt(breakingNews.expiresAt, now)),
      ),
    )
    .orderBy(desc(breakingNews.createdAt), desc(breakingNews.id))
    .limit(1);
  return row;
}

/** Ends every band still showing (replaced or removed); answers the ids it ended. */
export async function endBands(db: Db, now: Date): Promise<string[]> {
  const ended = await db
    .update(breakingNews)
    .set({ endedAt: now })
    .where(isNull(breakingNews.endedAt))
    .returning({ id: breakingNews.id });
  return ended.map((r) => r.id);
}

/** A new band, ending the ones before it, in the caller's transaction `tx`. */
export async function replaceBand(
  tx: Db,
  band: { text: string; articleId: string | null; expiresAt: Date | null; createdBy: string },
  now: Date,
): Promise<{ row: BreakingRow; ended: string[] }> {
  const ended = await endBands(tx, now);
  const [row] = await tx
    .insert(breakingNews)
    .values({ ...band, createdAt: now })
    .returning();
  return { row: row!, ended };
}
