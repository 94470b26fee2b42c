import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { users } from './users';

/**
 * Keys for apps and partners (issue 41 item 1; server/modules/keys). The key itself is shown
 * once, when it is made; only its SHA-256 is kept. `requestsToday` counts the requests of
 * `requestsDay` (UTC), written in batches by the process that served them.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    name: text().notNull(),
    scopes: text().array().notNull(),
    /** Requests a minute the key may make. */
    rateLimit: integer().notNull(),
    /** The key's first characters, so that an administrator can tell keys apart. */
    prefix: text().notNull(),
    keyHash: text().notNull().unique(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamps.createdAt,
    lastUsedAt: timestamp({ withTimezone: true, mode: 'date' }),
    requestsDay: date({ mode: 'string' }),
    requestsToday: integer().notNull().default(0),
    /** When it was revoked; a revoked key answers 401 and stays listed. */
    revokedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('api_keys_live_idx')
      .on(t.createdAt)
      .where(sql`${t.revokedAt} IS NULL`),
  ],
);

/**
 * Webhooks (issue 41 item 3; server/modules/webhooks): an address told of the events it names,
 * signed per Standard Webhooks with its `secret` (kept in the clear: signing needs it, as with
 * the sign-in key in `app_secrets`). `failingSince` is when its deliveries began failing; three
 * days of that and it is disabled (`disabledAt`).
 */
export const webhooks = pgTable('webhooks', {
  id: id(),
  url: text().notNull(),
  events: text().array().notNull(),
  description: text().notNull().default(''),
  secret: text().notNull(),
  failingSince: timestamp({ withTimezone: true, mode: 'date' }),
  disabledAt: timestamp({ withTimezone: true, mode: 'date' }),
  createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

/**
 * One event's delivery to one webhook: written once per (webhook, event) by the events'
 * consumer, then sent and retried with backoff by jobs until it arrives or 24 hours pass.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    webhookId: uuid()
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: bigint({ mode: 'number' }),
    event: text().notNull(),
    /** The JSON body sent, the same bytes each attempt. */
    body: text().notNull(),
    /** pending (not yet tried), retrying, delivered, failed (gave up). */
    status: text().$type<'pending' | 'retrying' | 'delivered' | 'failed'>().notNull(),
    attempts: integer().notNull().default(0),
    responseStatus: integer(),
    lastError: text(),
    createdAt: timestamps.createdAt,
    lastAttemptAt: timestamp({ withTimezone: true, mode: 'date' }),
    nextAttemptAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_idx').on(t.webhookId, t.eventId),
    index('webhook_deliveries_list_idx').on(t.webhookId, t.createdAt),
  ],
);
