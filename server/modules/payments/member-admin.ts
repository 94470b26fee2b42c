/*
 * The administrators' side of memberships (issue 39 item 4): the members list (JSON or CSV), a
 * complimentary membership for a person, and the dashboard's figures.
 */
import type {
  Member,
  Membership,
  MembershipStatus,
  MembersSummary,
} from '../../../common/schemas/payments';
import { requireRole, type Actor } from '../../lib/actor';
import { toCsv } from '../../lib/csv';
import { fieldError, notFound } from '../../lib/errors';
import { membershipOf, RUNNING, statusOf } from './memberships';
import type { PaymentsDeps } from './payments-deps';
import {
  findPlan,
  insertSubscription,
  listMemberships,
  listPlans,
  payerOf,
  subscriptionsOf,
  updateSubscription,
} from './payments-repository';

/** The event a complimentary membership's start or end records (the outbox's `member.updated`). */
const complimentaryUpdated = (
  userId: string,
  status: 'active' | 'cancelled',
  planId: string | null,
) => ({
  type: 'member.updated' as const,
  subject: { kind: 'user' as const, id: userId },
  data: { status, planId, provider: 'complimentary' },
});

export function memberAdmin(deps: PaymentsDeps) {
  const { db, clock, outbox } = deps;

  const members = async (
    actor: Actor | null,
    filter: { status?: MembershipStatus; planId?: string },
  ): Promise<Member[]> => {
    requireRole(actor, 'administrator', 'member.forbidden');
    const now = clock.now();
    const plans = new Map((await listPlans(db, true)).map((p) => [p.id, p]));
    return (await listMemberships(db))
      .map(({ subscription: row, name, email }) => ({
        ...membershipOf(row, row.planId ? plans.get(row.planId) : undefined, now),
        userId: row.userId,
        name,
        email,
        since: row.createdAt.toISOString(),
        flag: row.flag
          ? { code: row.flag, at: (row.flaggedAt ?? row.updatedAt).toISOString() }
          : null,
      }))
      .filter((m) => !filter.status || m.status === filter.status)
      .filter((m) => !filter.planId || m.plan?._id === filter.planId)
      .sort((a, b) => b.since.localeCompare(a.since));
  };

  return {
    members,
    async giveComplimentary(
      actor: Actor | null,
      userId: string,
      input: { planId?: string; until?: string },
    ): Promise<Membership> {
      requireRole(actor, 'administrator', 'member.forbidden');
      if (!(await payerOf(db, userId))) throw notFound('member.user_not_found');
      if (input.planId && !(await findPlan(db, input.planId))) throw notFound('plan.not_found');
      const now = clock.now();
      const until = input.until ? new Date(input.until) : null;
      if (until && until <= now) throw fieldError('until', 'member.until_invalid');
      const row = await outbox.transaction(async (tx, record) => {
        const made = await insertSubscription(tx, {
          userId,
          planId: input.planId ?? null,
          source: 'complimentary',
          status: 'active',
          currentPeriodEnd: until,
          stateAt: now,
        });
        record(complimentaryUpdated(userId, 'active', made.planId));
        return made;
      });
      const plan = row.planId ? await findPlan(db, row.planId) : undefined;
      return membershipOf(row, plan, clock.now());
    },

    endComplimentary: complimentaryEnd(deps),

    async summary(actor: Actor | null): Promise<MembersSummary> {
      requireRole(actor, 'administrator', 'member.forbidden');
      const list = await members(actor, {});
      const count = (status: MembershipStatus) => list.filter((m) => m.status === status).length;
      const mrr = new Map<string, number>();
      for (const m of list) {
        if (m.status !== 'active' || m.provider === 'complimentary' || !m.plan) continue;
        const monthly = m.plan.interval === 'year' ? m.plan.amount / 12 : m.plan.amount;
        mrr.set(m.plan.currency, (mrr.get(m.plan.currency) ?? 0) + monthly);
      }
      return {
        activeMembers: count('active') + count('trialing'),
        trialing: count('trialing'),
        pastDue: count('past_due'),
        complimentary: list.filter((m) => m.provider === 'complimentary' && RUNNING.has(m.status))
          .length,
        monthlyRecurringRevenue: [...mrr]
          .map(([currency, amount]) => ({ currency, amount: Math.round(amount) }))
          .sort((a, b) => a.currency.localeCompare(b.currency)),
      };
    },
  };
}

/** Ends a person's running complimentary membership now (a paid one is theirs to cancel). */
function complimentaryEnd(deps: PaymentsDeps) {
  const { db, clock, outbox } = deps;
  return async (actor: Actor | null, userId: string): Promise<Membership> => {
    requireRole(actor, 'administrator', 'member.forbidden');
    const now = clock.now();
    const row = (await subscriptionsOf(db, userId)).find(
      (r) => r.source === 'complimentary' && RUNNING.has(statusOf(r, now)),
    );
    if (!row) throw notFound('member.complimentary_none');
    const ended = await outbox.transaction(async (tx, record) => {
      const next = await updateSubscription(tx, row.id, {
        status: 'cancelled',
        currentPeriodEnd: now,
        cancelAtPeriodEnd: true,
        updatedAt: now,
      });
      record(complimentaryUpdated(userId, 'cancelled', next.planId));
      return next;
    });
    const plan = ended.planId ? await findPlan(db, ended.planId) : undefined;
    return membershipOf(ended, plan, clock.now());
  };
}

/** The members list as CSV: one line a member, the columns an accountant asks for. */
export const membersCsv = (members: Member[]): string =>
  toCsv(
    [
      'name',
      'email',
      'status',
      'plan',
      'interval',
      'amount',
      'currency',
      'provider',
      'currentPeriodEnd',
      'cancelAtPeriodEnd',
      'since',
      'flag',
    ],
    members.map((m) => [
      m.name,
      m.email,
      m.status,
      m.plan?.name ?? '',
      m.plan?.interval ?? '',
      m.plan ? String(m.plan.amount) : '',
      m.plan?.currency ?? '',
      m.provider ?? '',
      m.currentPeriodEnd ?? '',
      String(m.cancelAtPeriodEnd),
      m.since,
      m.flag?.code ?? '',
    ]),
  );
