import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { siteSettings } from '../../../db/schema/site';
import type { SiteSettings } from '../../../common/settings';

export async function readSettingsRow(db: Db): Promise<unknown> {
  const [row] = await db
    .select({ data: siteSettings.data })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  return row?.data ?? {};
}

export async function writeSettingsRow(db: Db, data: SiteSettings): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ id: 1, data, updatedAt: new Date() })
    .onConflictDoUpdate({ target: siteSettings.id, set: { data, updatedAt: sql`now()` } });
}
