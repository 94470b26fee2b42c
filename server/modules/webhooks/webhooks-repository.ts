import { and, arrayOverlaps, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { webhookDeliveries, webhooks } from '../../../db/schema/platform';

export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export const listWebhooks = (db: Db): Promise<WebhookRow[]> =>
  db.select().from(webhooks).orderBy(desc(webhooks.createdAt), desc(webhooks.id));

export async function findWebhook(db: Db, id: string): Promise<WebhookRow | undefined> {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
  return row;
}

export async function insertWebhook(
  db: Db,
  values: Pick<WebhookRow, 'url' | 'events' | 'description' | 'secret' | 'createdBy'>,
): Promise<WebhookRow> {
  const [row] = await db.insert(webhooks).values(values).returning();
  if (!row) throw new Error('the webhook was not written');
  return row;
}

export async function updateWebhook(
  db: Db,
  id: string,
  values: Partial<
    Pick<WebhookRow, 'url' | 'events' | 'description' | 'failingSince' | 'disabledAt'>
  >,
  now: Date,
): Promise<WebhookRow | undefined> {
  const [row] = await db
    .update(webhooks)
    .set({ ...values, updatedAt: now })
    .where(eq(webhooks.id, id))
    .returning();
  return row;
}

export async function deleteWebhook(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(webhooks).where(eq(webhooks.id, id)).returning({ id: webhooks.id });
  return rows.length > 0;
}

/** The enabled webhooks that asked for any of `types`. */
export const webhooksFor = (db: Db, types: string[]): Promise<WebhookRow[]> =>
  db
    .select()
    .from(webhooks)
    .where(and(isNull(webhooks.disabledAt), arrayOverlaps(webhooks.events, types)));

/**
 * The delivery of event `eventId` to `webhookId`, written once: a second write (the consumer
 * reading the event again) answers the one there.
 */
export async function upsertDelivery(
  db: Db,
  values: Pick<DeliveryRow, 'webhookId' | 'eventId' | 'event' | 'body'> & { createdAt: Date },
): Promise<DeliveryRow> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ ...values, status: 'pending' })
    .onConflictDoUpdate({
      target: [webhookDeliveries.webhookId, webhookDeliveries.eventId],
      set: { webhookId: sql`excluded.webhook_id` },
    })
    .returning();
  if (!row) throw new Error('the delivery was not written');
  return row;
}

export async function findDelivery(db: Db, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row;
}

export async function updateDelivery(
  db: Db,
  id: string,
  values: Partial<
    Pick<
      DeliveryRow,
      'status' | 'attempts' | 'responseStatus' | 'lastError' | 'lastAttemptAt' | 'nextAttemptAt'
    >
  >,
): Promise<void> {
  await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
}

/** A webhook's deliveries, newest first. */
export const listDeliveries = (db: Db, webhookId: string, limit: number) =>
  db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
