/*
 * The editions module's tables: `editions` and `edition_desks` (issue 65). Whether an edition
 * is used by stories is asked of the articles module (its `editionUse`), never read here.
 */
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { editionDesks, editions, type EditionNames } from '../../../db/schema/editions';
import type { EditionKind } from '../../../common/editions';
import type { EditionEpaper } from '../../../common/epaper-access';

export const editionColumns = {
  id: editions.id,
  slug: editions.slug,
  kind: editions.kind,
  parentId: editions.parentId,
  names: editions.names,
  latinNames: editions.latinNames,
  lat: editions.lat,
  lng: editions.lng,
  active: editions.active,
  epaper: editions.epaper,
};

/**
 * Every edition, parents before children (national, states, cities, towns), each level by its
 * English name: the tree as a flat list. A few hundred rows at most, read whole.
 */
export function listEditions(db: Db) {
  return db
    .select(editionColumns)
    .from(editions)
    .orderBy(
      sql`array_position(array['national','state','city','town']::text[], ${editions.kind})`,
      asc(sql`${editions.names}->>'en'`),
      asc(editions.id),
    );
}

export type EditionRow = Awaited<ReturnType<typeof listEditions>>[number];

export async function findEdition(db: Db, id: string): Promise<EditionRow | undefined> {
  const [row] = await db.select(editionColumns).from(editions).where(eq(editions.id, id));
  return row;
}

/** The editions of these ids that exist. */
export function findEditions(db: Db, ids: readonly string[]) {
  if (!ids.length) return Promise.resolve([] as EditionRow[]);
  return db
    .select(editionColumns)
    .from(editions)
    .where(inArray(editions.id, [...ids]));
}

/** An edition and its parent locked, in id order (a save's checks hold until it commits). */
export function lockEditions(tx: Db, ids: readonly string[]) {
  return tx
    .select(editionColumns)
    .from(editions)
    .where(inArray(editions.id, [...ids]))
    .orderBy(asc(editions.id))
    .for('update');
}

/** What a save writes of an edition: all but its id and times. */
export interface EditionValues {
  slug: string;
  kind: EditionKind;
  parentId: string | null;
  names: EditionNames;
  latinNames: string[];
  lat: number | null;
  lng: number | null;
  active: boolean;
  epaper: EditionEpaper;
}

export async function insertEdition(tx: Db, values: EditionValues): Promise<string> {
  const [row] = await tx.insert(editions).values(values).returning({ id: editions.id });
  return row!.id;
}

export async function updateEdition(tx: Db, id: string, values: EditionValues, now: Date) {
  await tx
    .update(editions)
    .set({ ...values, updatedAt: now })
    .where(eq(editions.id, id));
}

export async function deleteEdition(tx: Db, id: string) {
  await tx.delete(editions).where(eq(editions.id, id));
}

export async function countChildren(db: Db, id: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(editions).where(eq(editions.parentId, id));
  return Number(row?.n ?? 0);
}

/** A desk's editions (issue 65 item 5): none, every edition. */
export async function deskEditions(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: editionDesks.editionId })
    .from(editionDesks)
    .where(eq(editionDesks.userId, userId))
    .orderBy(asc(editionDesks.editionId));
  return rows.map((r) => r.id);
}

/** Gives a user exactly these desk editions, in the caller's transaction. */
export async function setDeskEditions(tx: Db, userId: string, ids: readonly string[]) {
  await tx.delete(editionDesks).where(eq(editionDesks.userId, userId));
  if (ids.length)
    await tx
      .insert(editionDesks)
      .values([...new Set(ids)].map((editionId) => ({ userId, editionId })))
      .onConflictDoNothing();
}
