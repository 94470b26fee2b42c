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

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The sealed secrets kept beside the settings (never part of what the settings answer). */
async function sealedSecrets(db: Db): Promise<Record<string, string>> {
  const row = await readSettingsRow(db);
  const secrets = isRecord(row) ? row.secrets : undefined;
  return isRecord(secrets)
    ? Object.fromEntries(
        Object.entries(secrets).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])),
      )
    : {};
}

/** A sealed secret kept beside the settings, by name. */
export const readSealed = async (db: Db, name: string): Promise<string | undefined> =>
  (await sealedSecrets(db))[name];

/**
 * Writes the settings, keeping the sealed secrets beside them (`secrets` replaces those it
 * names). Run it in a transaction: it reads the row before it writes it.
 */
export async function writeSettingsRow(
  db: Db,
  settings: SiteSettings,
  secrets: Record<string, string> = {},
): Promise<void> {
  const data = { ...settings, secrets: { ...(await sealedSecrets(db)), ...secrets } };
  await db
    .insert(siteSettings)
    .values({ id: 1, data, updatedAt: new Date() })
    .onConflictDoUpdate({ target: siteSettings.id, set: { data, updatedAt: sql`now()` } });
}
