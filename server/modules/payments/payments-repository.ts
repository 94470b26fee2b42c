import { and, asc, desc, eq, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  memberSubscriptions,
  paymentEvents,
  plans,
  type MembershipSource,
  type PaymentProvider,
} from '../../../db/schema/payments';
import { users } from '../../../db/schema/users';

export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof memberSubscriptions.$inferSelect;
type PlanValues = Omit<typeof plans.$inferInsert, 'id' | 'createdAt'>;
type SubscriptionValues = typeof memberSubscriptions.$inferInsert;

export async function insertPlan(db: Db, values: PlanValues): Promise<PlanRow> {
  const [row] = await db.insert(plans).values(values).returning();
  if (!row) throw new Error('the plan was not written');
  return row;
}

export async function updatePlan(
  db: Db,
  id: string,
  values: Partial<PlanValues>,
): Promise<PlanRow | undefined> {
  const [row] = await db.update(plans).set(values).where(eq(plans.id, id)).returning();
  return row;
}

export async function findPlan(db: Db, id: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  return row;
}

/** Plans, cheapest first; only those on offer unless `all`. */
export const listPlans = (db: Db, all: boolean): Promise<PlanRow[]> =>
  db
    .select()
    .from(plans)
    .where(all ? undefined : eq(plans.active, true))
    .orderBy(asc(plans.interval), asc(plans.amount), asc(plans.createdAt));

/** Our plan a Razorpay plan was made for (an event of a subscription made elsewhere). */
export async function planByRazorpayId(db: Db, razorpayPlanId: string) {
  const [row] = await db.select().from(plans).where(eq(plans.razorpayPlanId, razorpayPlanId));
  return row;
}

export async function insertSubscription(
  db: Db,
  values: SubscriptionValues,
): Promise<SubscriptionRow> {
  const [row] = await db.insert(memberSubscriptions).values(values).returning();
  if (!row) throw new Error('the subscription was not written');
  return row;
}

export async function updateSubscription(
  db: Db,
  id: string,
  values: Partial<SubscriptionValues>,
): Promise<SubscriptionRow> {
  const [row] = await db
    .update(memberSubscriptions)
    .set(values)
    .where(eq(memberSubscriptions.id, id))
    .returning();
  if (!row) throw new Error('the subscription went missing');
  return row;
}

/**
 * The newest subscription row that `where` finds, locked until the transaction ends: events of
 * one subscription wait in line behind each other.
 */
async function lockedOne(tx: Db, where: SQL | undefined): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .select()
    .from(memberSubscriptions)
    .where(where)
    .orderBy(desc(memberSubscriptions.createdAt))
    .limit(1)
    .for('update');
  return row;
}

/** A provider's subscription, locked. */
export const subscriptionOf = (tx: Db, source: MembershipSource, providerId: string) =>
  lockedOne(
    tx,
    and(
      eq(memberSubscriptions.source, source),
      eq(memberSubscriptions.providerSubscriptionId, providerId),
    ),
  );

/** The subscription a Stripe Checkout Session was opened for, locked. */
export const subscriptionOfCheckout = (tx: Db, checkoutId: string) =>
  lockedOne(tx, eq(memberSubscriptions.checkoutId, checkoutId));

/** A reader's newest checkout at `source` still waiting for its provider's word, locked. */
export const pendingOf = (tx: Db, userId: string, source: MembershipSource) =>
  lockedOne(
    tx,
    and(
      eq(memberSubscriptions.userId, userId),
      eq(memberSubscriptions.source, source),
      eq(memberSubscriptions.status, 'pending'),
    ),
  );

/** Which of a reader's subscriptions speaks for them: a running one before an ended one, newest first. */
const STANDING = sql`case ${memberSubscriptions.status} when 'active' then 0 when 'trialing' then 0 when 'past_due' then 1 else 2 end`;

/** A reader's subscriptions that began (not checkouts left open), the one that speaks for them first. */
export const subscriptionsOf = (db: Db, userId: string): Promise<SubscriptionRow[]> =>
  db
    .select()
    .from(memberSubscriptions)
    .where(and(eq(memberSubscriptions.userId, userId), ne(memberSubscriptions.status, 'pending')))
    .orderBy(STANDING, desc(memberSubscriptions.updatedAt));

/**
 * Every member's subscription that speaks for them, with their name, address and plan; a
 * checkout whose first charge was held (flagged) is listed too, for an administrator to see.
 */
export async function listMemberships(db: Db) {
  return db
    .selectDistinctOn([memberSubscriptions.userId], {
      subscription: memberSubscriptions,
      name: users.name,
      email: users.email,
    })
    .from(memberSubscriptions)
    .innerJoin(users, eq(users.id, memberSubscriptions.userId))
    .where(or(ne(memberSubscriptions.status, 'pending'), isNotNull(memberSubscriptions.flag)))
    .orderBy(memberSubscriptions.userId, STANDING, desc(memberSubscriptions.updatedAt));
}

/** A person's name and address (a receipt's addressee), shown next to their subscription. */
export async function payerOf(db: Db, userId: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Records a provider's event as applied; false when it was already (a replay). */
export async function claimEvent(
  tx: Db,
  provider: PaymentProvider,
  eventId: string,
  type: string,
): Promise<boolean> {
  const rows = await tx
    .insert(paymentEvents)
    .values({ provider, eventId, type })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return rows.length > 0;
}

/** Marks an event recorded by claimEvent as held rather than applied, with its code. */
export async function flagEvent(
  tx: Db,
  provider: PaymentProvider,
  eventId: string,
  flag: string,
): Promise<void> {
  await tx
    .update(paymentEvents)
    .set({ flag })
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
}
