/*
 * A signed-in reader's city (issue 65 item 4): one row of `reader_editions`. The edition is
 * named by id or slug; reading `editions` here only turns that name into an id.
 */
import { asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { editions } from '../../../db/schema/editions';
import { readerEditions } from '../../../db/schema/readers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The active edition with that id, else the highest active one with that slug. */
export async function editionNamed(db: Db, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: editions.id })
    .from(editions)
    .where(
      UUID.test(name)
        ? or(eq(editions.id, name.toLowerCase()), eq(editions.slug, name))
        : eq(editions.slug, name),
    )
    .orderBy(
      asc(sql`case ${editions.kind} when 'state' then 0 when 'city' then 1 else 2 end`),
      asc(editions.id),
    )
    .limit(1);
  return row?.id;
}

export async function cityOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: readerEditions.editionId })
    .from(readerEditions)
    .where(eq(readerEditions.userId, userId));
  return row?.id ?? null;
}

export async function setCity(db: Db, userId: string, editionId: string | null, now: Date) {
  if (!editionId)
    return void (await db.delete(readerEditions).where(eq(readerEditions.userId, userId)));
  await db
    .insert(readerEditions)
    .values({ userId, editionId, chosenAt: now })
    .onConflictDoUpdate({ target: readerEditions.userId, set: { editionId, chosenAt: now } });
}
