import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns';

/**
 * Who did what (issue 40 item 6, docs/decisions/052a): one row per action, append-only. A
 * trigger (migration `audit_append_only`) refuses every UPDATE and every DELETE but the
 * retention job's, which says so in its transaction (`patrika.audit_trim`). The actor's name
 * and the subject's are copied in, so an entry still reads right after either is gone; no
 * foreign key, for the same reason. `ip` is truncated (/24, /48) before it is stored.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: id(),
    at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: uuid(),
    actorName: text().notNull().default(''),
    /** `auth.signin`, `article.published`, … (AUDIT_ACTIONS in common/schemas/audit.ts). */
    action: text().notNull(),
    subjectKind: text().notNull().default(''),
    subjectId: text().notNull().default(''),
    subjectName: text().notNull().default(''),
    ip: text().notNull().default(''),
    userAgent: text().notNull().default(''),
    /** What else the action says (a new role, the settings keys changed): never a secret. */
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The event an entry was made from (audit-events.ts): events are read at least once, and
     * an event heard twice finds its entry there already.
     */
    eventId: bigint({ mode: 'number' }).unique(),
  },
  (t) => [
    index('audit_entries_at_idx').on(t.at),
    index('audit_entries_actor_idx').on(t.actorId, t.at),
    index('audit_entries_action_idx').on(t.action, t.at),
  ],
);
