import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { apiKeys } from '../../../db/schema/platform';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** Every key, newest first, revoked ones included. */
export const listKeys = (db: Db): Promise<ApiKeyRow[]> =>
  db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));

export async function insertKey(
  db: Db,
  key: Pick<ApiKeyRow, 'name' | 'scopes' | 'rateLimit' | 'prefix' | 'keyHash' | 'createdBy'>,
): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(key).returning();
  if (!row) throw new Error('the API key was not written');
  return row;
}

/** The key whose SHA-256 is `keyHash`, revoked or not. */
export async function keyByHash(
  db: Db,
  keyHash: string,
): Promise<Pick<ApiKeyRow, 'id' | 'rateLimit' | 'scopes' | 'revokedAt'> | undefined> {
  const [row] = await db
    .select({
      id: apiKeys.id,
      rateLimit: apiKeys.rateLimit,
      scopes: apiKeys.scopes,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, keyHash));
  return row;
}

/** Revokes a key (a second time keeps the first time); false when there is no such key. */
export async function revokeKey(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${now}::timestamptz)` })
    .where(eq(apiKeys.id, id))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** Adds `n` requests of `day` (UTC, YYYY-MM-DD) made by `lastUsedAt` to a key's counts. */
export async function addUse(
  db: Db,
  use: { id: string; n: number; day: string; lastUsedAt: Date },
): Promise<void> {
  await db
    .update(apiKeys)
    .set({
      lastUsedAt: sql`greatest(${apiKeys.lastUsedAt}, ${use.lastUsedAt}::timestamptz)`,
      requestsToday: sql`CASE WHEN ${apiKeys.requestsDay} = ${use.day}::date THEN ${apiKeys.requestsToday} + ${use.n}::integer ELSE ${use.n}::integer END`,
      requestsDay: use.day,
    })
    .where(eq(apiKeys.id, use.id));
}
