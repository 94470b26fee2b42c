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
import { membershipOf, RUNNING } from './memberships';
import type { PaymentsDeps } from './payments-deps';
import {
  findPlan,
  insertSubscription,
  listMemberships,
  listPlans,
  payerOf,
} from './payments-repository';

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
        record({
          type: 'member.updated',
          subject: { kind: 'user', id: userId },
          data: { status: 'active', planId: made.planId, provider: 'complimentary' },
        });
        return made;
      });
      const plan = row.planId ? await findPlan(db, row.planId) : undefined;
      return membershipOf(row, plan, clock.now());
    },

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
    ]),
  );
