/*
 * The audit trail (issue 40 item 6, docs/decisions/052a): entries are appended by the HTTP
 * recorder (audit-hooks.ts) and the events consumer (audit-events.ts), read by administrators
 * page by page or as CSV, and trimmed past the retention setting by a daily job.
 */
import type { AuditAction, AuditEntry, AuditQuery } from '../../../common/schemas/audit';
import type { Db } from '../../../db/client';
import { requireRole, type Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { truncateIp } from './audit-ip';
import {
  insertAuditEntry,
  listAuditEntries,
  trimAuditEntries,
  type AuditFilters,
  type AuditRow,
} from './audit-repository';
import { auditCsv } from './audit-csv';
import type { Log } from '../../lib/log';

export interface AuditDeps {
  db: Db;
  clock: Clock;
  /** How many days entries are kept (the `auditRetentionDays` setting). */
  retentionDays: () => Promise<number>;
  log?: Log;
}

/** What one action records; the recorder fills in what it knows. */
export interface AuditRecord {
  action: AuditAction;
  actor?: { id: string; name: string } | null;
  subject?: { kind: string; id: string; name?: string };
  ip?: string;
  userAgent?: string;
  details?: Record<string, unknown>;
  at?: Date;
  /** The event it was made from (recorded once however often the event is heard). */
  eventId?: number;
}

/** The most rows one CSV answer carries (a year of a busy newsroom's actions fits). */
export const AUDIT_CSV_MAX = 50_000;
const USER_AGENT_MAX = 300;

const toEntry = (row: AuditRow): AuditEntry => ({
  _id: row.id,
  at: row.at.toISOString(),
  actor: row.actorId ? { _id: row.actorId, name: row.actorName } : null,
  action: row.action as AuditAction,
  subject: { kind: row.subjectKind, id: row.subjectId, name: row.subjectName },
  ip: row.ip,
  userAgent: row.userAgent,
  details: row.details,
});

const filtersOf = (q: AuditQuery): AuditFilters => ({
  ...(q.actor ? { actorId: q.actor } : {}),
  ...(q.action ? { action: q.action } : {}),
  ...(q.from ? { from: new Date(q.from) } : {}),
  ...(q.to ? { to: new Date(q.to) } : {}),
});

export function createAuditService(deps: AuditDeps) {
  const { db, clock, log } = deps;
  const append = (entry: AuditRecord) =>
    insertAuditEntry(db, {
      at: entry.at ?? clock.now(),
      actorId: entry.actor?.id ?? null,
      actorName: entry.actor?.name ?? '',
      action: entry.action,
      subjectKind: entry.subject?.kind ?? '',
      subjectId: entry.subject?.id ?? '',
      subjectName: entry.subject?.name ?? '',
      ip: truncateIp(entry.ip ?? ''),
      userAgent: (entry.userAgent ?? '').slice(0, USER_AGENT_MAX),
      details: entry.details ?? {},
      eventId: entry.eventId ?? null,
    });
  return {
    /** Appends one entry; throws when it cannot (the events consumer tries again). */
    append,

    /** Appends one entry; a failure is logged, never the caller's (the action happened). */
    async record(entry: AuditRecord): Promise<void> {
      await append(entry).catch((error: unknown) =>
        log?.error({ err: error, action: entry.action }, 'could not record an audit entry'),
      );
    },

    async list(actor: Actor | null, q: AuditQuery) {
      requireRole(actor, 'administrator');
      const { rows, total, estimated } = await listAuditEntries(db, filtersOf(q), {
        limit: q.limit,
        offset: (q.page - 1) * q.limit,
      });
      return {
        entries: rows.map(toEntry),
        currentPage: q.page,
        totalPages: Math.ceil(total / q.limit),
        estimated,
      };
    },

    /** Every matching entry (up to AUDIT_CSV_MAX), the newest first, as CSV. */
    async csv(actor: Actor | null, q: AuditQuery): Promise<string> {
      requireRole(actor, 'administrator');
      const { rows } = await listAuditEntries(db, filtersOf(q), {
        limit: AUDIT_CSV_MAX,
        offset: 0,
      });
      return auditCsv(rows.map(toEntry));
    },

    /** The retention job's work: entries older than the setting's days go. */
    async trim(): Promise<number> {
      const days = await deps.retentionDays();
      const before = new Date(clock.now().getTime() - days * 24 * 60 * 60_000);
      const trimmed = await trimAuditEntries(db, before);
      if (trimmed > 0) log?.info({ entries: trimmed, days }, 'trimmed old audit entries');
      return trimmed;
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
