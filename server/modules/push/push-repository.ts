import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { pushAlerts, pushSubscriptions } from '../../../db/schema/push';

export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type AlertRow = typeof pushAlerts.$inferSelect;

/** Keeps a browser's subscription; the same endpoint again takes the new keys. */
export async function upsertSubscription(
  db: Db,
  sub: { endpoint: string; p256dh: string; auth: string; editionId: string | null },
  now: Date,
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ ...sub, alerts: true, createdAt: now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { p256dh: sub.p256dh, auth: sub.auth, editionId: sub.editionId, alerts: true },
    });
}

/** Forgets the subscription at `endpoint`; answers whether there was one. */
export async function deleteSubscription(db: Db, endpoint: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

/** Forgets subscriptions their push service said are gone; answers how many went. */
export async function deleteSubscriptionsById(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const gone = await db
    .delete(pushSubscriptions)
    .where(inArray(pushSubscriptions.id, ids))
    .returning({ id: pushSubscriptions.id });
  return gone.length;
}

/**
 * The next `limit` subscriptions (by id) after `cursor` made no later than `asOf`; with
 * `editionId`, only that edition's (an edition's alert, issue 65 item 6).
 */
export async function subscriptionsAfter(
  db: Db,
  cursor: string | null,
  asOf: Date,
  limit: number,
  editionId: string | null = null,
): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(
      and(
        lte(pushSubscriptions.createdAt, asOf),
        // A browser that only follows a seat never asked for the editors' alerts.
        eq(pushSubscriptions.alerts, true),
        cursor ? gt(pushSubscriptions.id, cursor) : undefined,
        editionId ? eq(pushSubscriptions.editionId, editionId) : undefined,
      ),
    )
    .orderBy(asc(pushSubscriptions.id))
    .limit(limit);
}

export async function countSubscriptions(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.alerts, true));
  return row?.n ?? 0;
}

export async function insertAlert(
  db: Db,
  alert: Pick<
    AlertRow,
    'articleId' | 'title' | 'body' | 'url' | 'image' | 'createdBy' | 'editionId'
  >,
  now: Date,
): Promise<AlertRow> {
  const [row] = await db
    .insert(pushAlerts)
    .values({ ...alert, createdAt: now })
    .returning();
  if (!row) throw new Error('the alert was not written');
  return row;
}

export async function findAlert(db: Db, id: string): Promise<AlertRow | undefined> {
  const [row] = await db.select().from(pushAlerts).where(eq(pushAlerts.id, id));
  return row;
}

/**
 * Records a batch's outcome: the cursor moves from `from` to `to`, the counts grow, and the
 * alert is finished when `finished`. Only when the cursor is still at `from` (compare and set):
 * a process whose lease ran out while another took the job over records nothing twice.
 * Answers whether it was recorded.
 */
export async function advanceAlert(
  db: Db,
  id: string,
  step: {
    from: string | null;
    to: string | null;
    sent: number;
    failed: number;
    removed: number;
    finishedAt: Date | null;
  },
): Promise<boolean> {
  const moved = await db
    .update(pushAlerts)
    .set({
      cursor: step.to,
      sent: sql`${pushAlerts.sent} + ${step.sent}`,
      failed: sql`${pushAlerts.failed} + ${step.failed}`,
      removed: sql`${pushAlerts.removed} + ${step.removed}`,
      finishedAt: step.finishedAt,
    })
    .where(
      and(
        eq(pushAlerts.id, id),
        isNull(pushAlerts.finishedAt),
        step.from ? eq(pushAlerts.cursor, step.from) : isNull(pushAlerts.cursor),
      ),
    )
    .returning({ id: pushAlerts.id });
  return moved.length > 0;
}

/** The newest `limit` alerts, newest first. */
export async function latestAlerts(db: Db, limit: number): Promise<AlertRow[]> {
  return db
    .select()
    .from(pushAlerts)
    .orderBy(desc(pushAlerts.createdAt), desc(pushAlerts.id))
    .limit(limit);
}
