import { and, asc, desc, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  newsletters,
  newsletterSubscribers,
  newsletterSubscriptions,
  type NewsletterSchedule,
} from '../../../db/schema/newsletters';
import { appSecrets } from '../../../db/schema/site';
import { EARLIER_LINK_KEY, LINK_KEY } from './newsletter-links';

/* Newsletters and who subscribed to them (issue 37 item 3). */

export type NewsletterRow = typeof newsletters.$inferSelect;

export interface NewsletterValues {
  slug: string;
  name: string;
  description: string;
  language: string;
  schedule: NewsletterSchedule;
  categories: string[];
  tags: string[];
  maxArticles: number;
  /** Bound to an edition (issue 65 item 6); left out: none. */
  editionId?: string | null;
}

export async function insertNewsletter(db: Db, values: NewsletterValues, now: Date) {
  const [row] = await db
    .insert(newsletters)
    .values({ ...values, createdAt: now, coveredUntil: now })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updateNewsletter(db: Db, id: string, values: Omit<NewsletterValues, 'slug'>) {
  const [row] = await db
    .update(newsletters)
    .set(values)
    .where(and(eq(newsletters.id, id), isNull(newsletters.archivedAt)))
    .returning();
  return row;
}

export async function archiveNewsletter(db: Db, id: string, now: Date) {
  const [row] = await db
    .update(newsletters)
    .set({ archivedAt: now })
    .where(and(eq(newsletters.id, id), isNull(newsletters.archivedAt)))
    .returning({ id: newsletters.id });
  return row;
}

export function activeNewsletters(db: Db) {
  return db
    .select()
    .from(newsletters)
    .where(isNull(newsletters.archivedAt))
    .orderBy(asc(newsletters.createdAt));
}

export async function findNewsletter(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(newsletters)
    .where(and(eq(newsletters.id, id), isNull(newsletters.archivedAt)));
  return row;
}

export async function newsletterBySlug(db: Db, slug: string) {
  const [row] = await db.select().from(newsletters).where(eq(newsletters.slug, slug));
  return row;
}

export async function moveCoveredUntil(db: Db, id: string, until: Date) {
  await db.update(newsletters).set({ coveredUntil: until }).where(eq(newsletters.id, id));
}

/** The subscriber row of an address, made on first use. */
export async function subscriberOf(db: Db, email: string, userId?: string) {
  await db
    .insert(newsletterSubscribers)
    .values({ email, userId: userId ?? null })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  if (row && userId && !row.userId)
    await db
      .update(newsletterSubscribers)
      .set({ userId })
      .where(eq(newsletterSubscribers.id, row.id));
  return row!;
}

export async function findSubscriber(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id));
  return row;
}

/**
 * Asks for these subscriptions: `pending` with the confirmation's token (an address already
 * subscribed stays so), or `subscribed` at once when `confirmed`.
 */
export async function requestSubscriptions(
  db: Db,
  opts: {
    subscriberId: string;
    newsletterIds: string[];
    now: Date;
    confirmed: boolean;
    tokenHash?: string;
    expiresAt?: Date;
  },
) {
  if (opts.newsletterIds.length === 0) return;
  const status: 'subscribed' | 'pending' = opts.confirmed ? 'subscribed' : 'pending';
  await db
    .insert(newsletterSubscriptions)
    .values(
      opts.newsletterIds.map((newsletterId) => ({
        subscriberId: opts.subscriberId,
        newsletterId,
        status,
        confirmTokenHash: opts.tokenHash ?? null,
        confirmExpiresAt: opts.expiresAt ?? null,
        requestedAt: opts.now,
        confirmedAt: opts.confirmed ? opts.now : null,
      })),
    )
    .onConflictDoUpdate({
      target: [newsletterSubscriptions.subscriberId, newsletterSubscriptions.newsletterId],
      set: {
        status: sql`CASE WHEN ${newsletterSubscriptions.status} = 'subscribed' THEN 'subscribed' ELSE ${status} END`,
        confirmTokenHash: opts.tokenHash ?? null,
        confirmExpiresAt: opts.expiresAt ?? null,
        requestedAt: opts.now,
        confirmedAt: opts.confirmed ? opts.now : sql`${newsletterSubscriptions.confirmedAt}`,
      },
    });
}

/** Confirms what a link's token asked for; answers the subscriber, if the token is good. */
export async function confirmByToken(db: Db, tokenHash: string, now: Date) {
  const rows = await db
    .update(newsletterSubscriptions)
    .set({ status: 'subscribed', confirmedAt: now, confirmTokenHash: null })
    .where(
      and(
        eq(newsletterSubscriptions.confirmTokenHash, tokenHash),
        eq(newsletterSubscriptions.status, 'pending'),
        sql`${newsletterSubscriptions.confirmExpiresAt} > ${now}`,
      ),
    )
    .returning({ subscriberId: newsletterSubscriptions.subscriberId });
  return rows[0]?.subscriberId;
}

/** Ends the subscriptions of an address: all of them, or these. */
export async function unsubscribe(db: Db, subscriberId: string, now: Date, ids?: string[]) {
  await db
    .update(newsletterSubscriptions)
    .set({ status: 'unsubscribed', unsubscribedAt: now, confirmTokenHash: null })
    .where(
      and(
        eq(newsletterSubscriptions.subscriberId, subscriberId),
        ids ? inArray(newsletterSubscriptions.newsletterId, ids) : undefined,
      ),
    );
}

export function subscriptionsOf(db: Db, subscriberId: string) {
  return db
    .select({
      newsletterId: newsletters.id,
      name: newsletters.name,
      slug: newsletters.slug,
      status: newsletterSubscriptions.status,
    })
    .from(newsletterSubscriptions)
    .innerJoin(newsletters, eq(newsletters.id, newsletterSubscriptions.newsletterId))
    .where(eq(newsletterSubscriptions.subscriberId, subscriberId))
    .orderBy(desc(newsletterSubscriptions.requestedAt));
}

/** A reader's addresses go: their subscriptions and queued mail with them (account deletion). */
export async function forgetAddress(db: Db, email: string) {
  await db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
}

/**
 * The preferences links' keys kept in app_secrets (newsletter-links.ts): those of the sites this
 * one was moved from, and with `own`, this site's as well.
 */
export async function storedLinkKeys(db: Db, { own }: { own: boolean }): Promise<string[]> {
  const earlier = like(appSecrets.name, `${EARLIER_LINK_KEY}%`);
  const rows = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(own ? or(eq(appSecrets.name, LINK_KEY), earlier) : earlier);
  return rows.map((r) => r.value);
}
