/*
 * Memberships (issue 39 item 4): what a reader's membership is now, and cancelling it at the
 * period's end through its provider. The administrators' side is member-admin.ts.
 */
import type { AccessClass } from '../../../common/article-access';
import { FULL_REACH, NO_REACH, type EpaperReach } from '../../../common/epaper-access';
import { isStaff } from '../../../common/roles';
import type { Membership, MembershipStatus } from '../../../common/schemas/payments';
import { requireRole, type Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/errors';
import { planView, type PaymentsDeps } from './payments-deps';
import {
  findPlan,
  subscriptionsOf,
  updateSubscription,
  type PlanRow,
  type SubscriptionRow,
} from './payments-repository';

const NONE: Membership = {
  plan: null,
  status: 'none',
  currentPeriodEnd: null,
  provider: null,
  cancelAtPeriodEnd: false,
};

/** The status a subscription gives now: one set to end, whose end passed, has ended. */
export function statusOf(row: SubscriptionRow, now: Date): MembershipStatus {
  if (row.status === 'pending') return 'none';
  const ended =
    row.currentPeriodEnd !== null &&
    row.currentPeriodEnd <= now &&
    (row.cancelAtPeriodEnd || row.source === 'complimentary');
  if (ended && row.status !== 'past_due') return 'cancelled';
  return row.status;
}

export const membershipOf = (
  row: SubscriptionRow | undefined,
  plan: PlanRow | undefined,
  now: Date,
): Membership =>
  row
    ? {
        plan: plan ? planView(plan) : null,
        status: statusOf(row, now),
        currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
        provider: row.source,
        cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      }
    : NONE;

export const RUNNING = new Set<MembershipStatus>(['active', 'trialing', 'past_due']);
/** The statuses that open members' stories (the metered wall passes the same: app/reader/meter.ts). */
const ENTITLING = new Set<MembershipStatus>(['active', 'trialing']);

export function memberships(
  deps: PaymentsDeps,
  atProvider: <T>(provider: 'razorpay' | 'stripe', call: () => Promise<T>) => Promise<T>,
) {
  const { db, clock, outbox, providers } = deps;

  const current = async (userId: string) => {
    const now = clock.now();
    const rows = await subscriptionsOf(db, userId);
    // The one that speaks for them: a running one first (the query's order), as it is now.
    const row = rows.find((r) => RUNNING.has(statusOf(r, now))) ?? rows[0];
    return row;
  };
  const view = async (row: SubscriptionRow | undefined) =>
    membershipOf(row, row?.planId ? await findPlan(db, row.planId) : undefined, clock.now());

  /** Cancels at the provider; a complimentary one ends now. */
  const cancelAt = async (row: SubscriptionRow) => {
    if (row.source === 'complimentary') return;
    const provider = row.source === 'razorpay' ? providers.razorpay : providers.stripe;
    if (!provider || !row.providerSubscriptionId)
      throw conflict('payment.provider_unavailable', {
        provider: row.source === 'razorpay' ? 'Razorpay' : 'Stripe',
      });
    const id = row.providerSubscriptionId;
    await atProvider(row.source, () => provider.cancelAtPeriodEnd(id));
  };

  return {
    async mine(actor: Actor | null): Promise<Membership> {
      const me = requireRole(actor, 'reader');
      return view(await current(me.id));
    },

    /**
     * A reader's entitlement class (issue 39 item 3): staff read everything; a member whose
     * membership is active or in its trial reads what their plan opens (a complimentary one
     * without a plan opens everything); anyone else, and nobody, `none`.
     */
    async accessClassOf(actor: Actor | null): Promise<AccessClass> {
      if (!actor) return 'none';
      if (isStaff(actor.role)) return 'paid';
      const row = await current(actor.id);
      if (!row || !ENTITLING.has(statusOf(row, clock.now()))) return 'none';
      const plan = row.planId ? await findPlan(db, row.planId) : undefined;
      return plan?.access ?? 'paid';
    },

    /**
     * What a reader's membership opens of the e-paper (issue 68 items 3 and 5): their class,
     * whether their plan includes the e-paper, and how many days back it reaches. Staff and a
     * complimentary membership without a plan read every issue.
     */
    async epaperReachOf(actor: Actor | null): Promise<EpaperReach> {
      if (!actor) return NO_REACH;
      if (isStaff(actor.role)) return FULL_REACH;
      const signedIn = { ...NO_REACH, signedIn: true };
      const row = await current(actor.id);
      if (!row || !ENTITLING.has(statusOf(row, clock.now()))) return signedIn;
      const plan = row.planId ? await findPlan(db, row.planId) : undefined;
      if (!plan) return FULL_REACH;
      if (!plan.includes.includes('epaper')) return { ...signedIn, reader: plan.access };
      return { signedIn: true, reader: plan.access, epaper: true, days: plan.epaperDays };
    },

    async cancel(actor: Actor | null): Promise<Membership> {
      const me = requireRole(actor, 'reader');
      const row = await current(me.id);
      if (!row || !RUNNING.has(statusOf(row, clock.now()))) throw notFound('membership.none');
      await cancelAt(row);
      const now = clock.now();
      const changed = await outbox.transaction(async (tx, record) => {
        const next = await updateSubscription(tx, row.id, {
          cancelAtPeriodEnd: true,
          ...(row.source === 'complimentary' ? { status: 'cancelled', currentPeriodEnd: now } : {}),
          updatedAt: now,
        });
        record({
          type: 'member.updated',
          subject: { kind: 'user', id: me.id },
          data: {
            status: next.status,
            planId: next.planId,
            provider: next.source,
            cancelAtPeriodEnd: true,
          },
        });
        return next;
      });
      return view(changed);
    },
  };
}
