/* The audit trail's SQL (db/schema/audit.ts): append, read by filters, trim by the job. */
import { and, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { tally } from '../../../db/counts';
import { auditEntries } from '../../../db/schema/audit';

export type AuditRow = typeof auditEntries.$inferSelect;
export type AuditInsert = typeof auditEntries.$inferInsert;

/** Appends an entry; one made from an event already recorded is not made again. */
export async function insertAuditEntry(db: Db, entry: AuditInsert): Promise<void> {
  await db.insert(auditEntries).values(entry).onConflictDoNothing({ target: auditEntries.eventId });
}

export interface AuditFilters {
  actorId?: string;
  action?: string;
  from?: Date;
  to?: Date;
}

function whereOf(f: AuditFilters): SQL | undefined {
  const parts = [
    f.actorId ? eq(auditEntries.actorId, f.actorId) : undefined,
    f.action ? eq(auditEntries.action, f.action) : undefined,
    f.from ? gte(auditEntries.at, f.from) : undefined,
    f.to ? lte(auditEntries.at, f.to) : undefined,
  ].filter((p): p is SQL => p !== undefined);
  return parts.length > 0 ? and(...parts) : undefined;
}

/** One page of entries, the newest first, with how many match. */
export async function listAuditEntries(
  db: Db,
  filters: AuditFilters,
  page: { limit: number; offset: number },
) {
  const where = whereOf(filters);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(auditEntries)
      .where(where)
      .orderBy(desc(auditEntries.at), desc(auditEntries.id))
      .limit(page.limit)
      .offset(page.offset),
    tally(db, auditEntries, where),
  ]);
  return { rows, total: total.n, estimated: !total.exact };
}

/**
 * Deletes entries older than `before`: the one delete the append-only trigger lets through,
 * because this transaction says it is the trim (migration 0033).
 */
export async function trimAuditEntries(db: Db, before: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('patrika.audit_trim', 'on', true)`);
    const rows = await tx
      .delete(auditEntries)
      .where(lt(auditEntries.at, before))
      .returning({ id: auditEntries.id });
    return rows.length;
  });
}
