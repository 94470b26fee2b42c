import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { breakingNews } from '../../../db/schema/breaking';

export type BreakingRow = typeof breakingNews.$inferSelect;

/** Where a band shows: null, national (every page); else an edition's id (its page). */
export type BandPlace = string | null;

const inPlace = (place: BandPlace) =>
  place === null ? isNull(breakingNews.editionId) : eq(breakingNews.editionId, place);

/**
 * The bands showing at `now`, each place's newest neither ended nor expired (a place shows one
 * at a time; setting a band ends the one before, so few rows are ever open).
 */
export async function currentBands(db: Db, now: Date): Promise<BreakingRow[]> {
  const open = await db
    .select()
    .from(breakingNews)
    .where(
      and(
        isNull(breakingNews.endedAt),
        or(isNull(breakingNews.expiresAt), gt(breakingNews.expiresAt, now)),
      ),
    )
    .orderBy(desc(breakingNews.createdAt), desc(breakingNews.id));
  const seen = new Set<BandPlace>();
  return open.filter((row) => !seen.has(row.editionId) && !!seen.add(row.editionId));
}

/** Ends every band still showing in `place` (replaced or removed); answers the ids it ended. */
export async function endBands(db: Db, now: Date, place: BandPlace): Promise<string[]> {
  const ended = await db
    .update(breakingNews)
    .set({ endedAt: now })
    .where(and(isNull(breakingNews.endedAt), inPlace(place)))
    .returning({ id: breakingNews.id });
  return ended.map((r) => r.id);
}

/** A new band in its place, ending the ones before it there, in the caller's transaction. */
export async function replaceBand(
  tx: Db,
  band: {
    text: string;
    articleId: string | null;
    expiresAt: Date | null;
    createdBy: string;
    editionId: BandPlace;
  },
  now: Date,
): Promise<{ row: BreakingRow; ended: string[] }> {
  const ended = await endBands(tx, now, band.editionId);
  const [row] = await tx
    .insert(breakingNews)
    .values({ ...band, createdAt: now })
    .returning();
  return { row: row!, ended };
}

/** The place of band `id`, or undefined when there is no such band. */
export async function placeOfBand(db: Db, id: string): Promise<BandPlace | undefined> {
  const [row] = await db
    .select({ editionId: breakingNews.editionId })
    .from(breakingNews)
    .where(eq(breakingNews.id, id));
  return row ? row.editionId : undefined;
}
