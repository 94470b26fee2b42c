import { and, arrayOverlaps, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { adCreatives, adDailyCounts } from '../../../db/schema/ads';
import { media } from '../../../db/schema/media';

/** What a creative is written from. */
export type CreativeValues = Pick<
  typeof adCreatives.$inferInsert,
  'name' | 'imageId' | 'link' | 'alt' | 'positions' | 'weight' | 'startsAt' | 'endsAt' | 'editions'
>;

/** A creative with its image's address parts (the media table's, shown beside it). */
const creativeColumns = {
  id: adCreatives.id,
  name: adCreatives.name,
  imageId: adCreatives.imageId,
  storageKey: media.storageKey,
  width: media.width,
  height: media.height,
  link: adCreatives.link,
  alt: adCreatives.alt,
  positions: adCreatives.positions,
  weight: adCreatives.weight,
  startsAt: adCreatives.startsAt,
  endsAt: adCreatives.endsAt,
  editions: adCreatives.editions,
  createdAt: adCreatives.createdAt,
};

/** Every creative (or the one with `id`), newest first, with its counts of all time. */
export const listCreatives = (db: Db, id?: string) =>
  db
    .select({
      ...creativeColumns,
      impressions: sql<number>`coalesce((SELECT sum(${adDailyCounts.impressions}) FROM ${adDailyCounts} WHERE ${adDailyCounts.creativeId} = ${adCreatives.id}), 0)::int`,
      clicks: sql<number>`coalesce((SELECT sum(${adDailyCounts.clicks}) FROM ${adDailyCounts} WHERE ${adDailyCounts.creativeId} = ${adCreatives.id}), 0)::int`,
    })
    .from(adCreatives)
    .innerJoin(media, eq(media.id, adCreatives.imageId))
    .where(id === undefined ? undefined : eq(adCreatives.id, id))
    .orderBy(desc(adCreatives.createdAt), desc(adCreatives.id));
export type CreativeRow = Awaited<ReturnType<typeof listCreatives>>[number];

export async function creativeById(db: Db, id: string): Promise<CreativeRow | undefined> {
  const [row] = await listCreatives(db, id);
  return row;
}

/** Whether an upload with this id is in the media library. */
export async function imageExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: media.id }).from(media).where(eq(media.id, id));
  return row !== undefined;
}

export async function insertCreative(
  db: Db,
  values: CreativeValues & { createdBy: string },
): Promise<string> {
  const [row] = await db.insert(adCreatives).values(values).returning({ id: adCreatives.id });
  if (!row) throw new Error('the creative was not written');
  return row.id;
}

export async function updateCreative(db: Db, id: string, values: CreativeValues): Promise<boolean> {
  const rows = await db
    .update(adCreatives)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(adCreatives.id, id))
    .returning({ id: adCreatives.id });
  return rows.length > 0;
}

export async function deleteCreative(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(adCreatives)
    .where(eq(adCreatives.id, id))
    .returning({ id: adCreatives.id });
  return rows.length > 0;
}

/**
 * The creatives running at `now` that may fill any of `positions`: the untargeted ones, and
 * those targeted at `editionId` when given (issue 65 item 6).
 */
export const activeCreatives = (
  db: Db,
  positions: string[],
  now: Date,
  editionId: string | null = null,
) =>
  db
    .select(creativeColumns)
    .from(adCreatives)
    .innerJoin(media, eq(media.id, adCreatives.imageId))
    .where(
      and(
        arrayOverlaps(adCreatives.positions, positions),
        editionId
          ? or(
              sql`cardinality(${adCreatives.editions}) = 0`,
              sql`${editionId}::uuid = ANY(${adCreatives.editions})`,
            )
          : sql`cardinality(${adCreatives.editions}) = 0`,
        or(isNull(adCreatives.startsAt), lte(adCreatives.startsAt, now)),
        or(isNull(adCreatives.endsAt), gt(adCreatives.endsAt, now)),
      ),
    )
    .orderBy(adCreatives.id);

/** The link of a creative (a click's destination), or undefined. */
export async function creativeLink(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ link: adCreatives.link })
    .from(adCreatives)
    .where(eq(adCreatives.id, id));
  return row?.link;
}

/**
 * Adds counts of one day to creatives' rows. Creatives deleted since (or ids no creative has)
 * are skipped: the insert reads the ids from the creatives table.
 */
export async function addCounts(
  db: Db,
  day: string,
  counts: { id: string; impressions: number; clicks: number }[],
): Promise<void> {
  if (counts.length === 0) return;
  const rows = sql.join(
    counts.map((c) => sql`(${c.id}::uuid, ${c.impressions}::int, ${c.clicks}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    INSERT INTO ${adDailyCounts} (creative_id, day, impressions, clicks)
    SELECT c.id, ${day}::date, v.impressions, v.clicks
    FROM (VALUES ${rows}) AS v(id, impressions, clicks)
    JOIN ${adCreatives} c ON c.id = v.id
    ON CONFLICT (creative_id, day) DO UPDATE SET
      impressions = ${adDailyCounts.impressions} + excluded.impressions,
      clicks = ${adDailyCounts.clicks} + excluded.clicks`);
}

/** Impressions and clicks of every creative since `day` (inclusive): the dashboard's line. */
export async function countsSince(db: Db, day: string) {
  const [row] = await db
    .select({
      impressions: sql<number>`coalesce(sum(${adDailyCounts.impressions}), 0)::int`,
      clicks: sql<number>`coalesce(sum(${adDailyCounts.clicks}), 0)::int`,
    })
    .from(adDailyCounts)
    .where(sql`${adDailyCounts.day} >= ${day}::date`);
  return row ?? { impressions: 0, clicks: 0 };
}
