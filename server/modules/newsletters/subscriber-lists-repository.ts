import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  newsletterSubscribers,
  newsletterSubscriptions,
  newsletters,
} from '../../../db/schema/newsletters';

/* Lists of subscribers in and out (issue 37 item 5): batch writes of an import, the export. */

export interface SubscriberBatchRow {
  email: string;
  name: string;
  newsletterIds: string[];
  subscribedAt: Date;
}

/**
 * Writes one batch of imported rows (distinct addresses) in the caller's transaction: an
 * address is made or found (ON CONFLICT: its name is kept, or filled when it had none) and its
 * subscriptions are confirmed ones, with no confirmation mail. An address that unsubscribed
 * here stays unsubscribed: an old list never overrides a reader's own choice. A bounced
 * address stays bounced. Answers each address's subscriber id.
 */
export async function writeSubscriberBatch(tx: Db, rows: SubscriberBatchRow[]) {
  if (rows.length === 0) return new Map<string, string>();
  const made = await tx
    .insert(newsletterSubscribers)
    .values(rows.map((r) => ({ email: r.email, name: r.name, createdAt: r.subscribedAt })))
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: {
        name: sql`CASE WHEN ${newsletterSubscribers.name} = '' THEN excluded.name ELSE ${newsletterSubscribers.name} END`,
      },
    })
    .returning({ id: newsletterSubscribers.id, email: newsletterSubscribers.email });
  const idOf = new Map(made.map((m) => [m.email, m.id]));
  const subscriptions = rows.flatMap((r) =>
    r.newsletterIds.map((newsletterId) => ({
      subscriberId: idOf.get(r.email)!,
      newsletterId,
      status: 'subscribed' as const,
      requestedAt: r.subscribedAt,
      confirmedAt: r.subscribedAt,
    })),
  );
  if (subscriptions.length > 0)
    await tx
      .insert(newsletterSubscriptions)
      .values(subscriptions)
      .onConflictDoUpdate({
        target: [newsletterSubscriptions.subscriberId, newsletterSubscriptions.newsletterId],
        set: {
          status: sql`CASE WHEN ${newsletterSubscriptions.status} = 'unsubscribed' THEN 'unsubscribed' ELSE 'subscribed' END`,
          confirmedAt: sql`COALESCE(${newsletterSubscriptions.confirmedAt}, excluded.confirmed_at)`,
        },
      });
  return idOf;
}

/**
 * Everyone who confirmed a subscription to the newsletter (asked-for but unconfirmed ones are
 * not subscribers yet), by address, with where each stands: `bounced` before all else.
 */
export function subscribersOfNewsletter(db: Db, newsletterId: string) {
  return db
    .select({
      email: newsletterSubscribers.email,
      name: newsletterSubscribers.name,
      slug: newsletters.slug,
      confirmedAt: newsletterSubscriptions.confirmedAt,
      status: sql<
        'subscribed' | 'unsubscribed' | 'bounced'
      >`CASE WHEN ${newsletterSubscribers.bouncedAt} IS NOT NULL THEN 'bounced' ELSE ${newsletterSubscriptions.status} END`,
    })
    .from(newsletterSubscriptions)
    .innerJoin(
      newsletterSubscribers,
      eq(newsletterSubscribers.id, newsletterSubscriptions.subscriberId),
    )
    .innerJoin(newsletters, eq(newsletters.id, newsletterSubscriptions.newsletterId))
    .where(
      and(
        eq(newsletterSubscriptions.newsletterId, newsletterId),
        ne(newsletterSubscriptions.status, 'pending'),
      ),
    )
    .orderBy(asc(newsletterSubscribers.email));
}

/** An address's subscriptions, read only (a reader's export): none when it never subscribed. */
export function subscriptionsOfEmail(db: Db, email: string) {
  return db
    .select({
      newsletter: newsletters.name,
      slug: newsletters.slug,
      status: newsletterSubscriptions.status,
      confirmedAt: newsletterSubscriptions.confirmedAt,
    })
    .from(newsletterSubscriptions)
    .innerJoin(
      newsletterSubscribers,
      eq(newsletterSubscribers.id, newsletterSubscriptions.subscriberId),
    )
    .innerJoin(newsletters, eq(newsletters.id, newsletterSubscriptions.newsletterId))
    .where(eq(newsletterSubscribers.email, email))
    .orderBy(asc(newsletters.name));
}
