import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';

/** How many migrations the database has applied (drizzle's own record of them). */
export async function appliedMigrations(db: Db): Promise<number> {
  const { rows } = (await db.execute(
    sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { n: number }[] };
  return Number(rows[0]?.n ?? 0);
}
