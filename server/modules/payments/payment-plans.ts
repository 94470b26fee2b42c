/*
 * Plans and checkout (issue 39 item 4): administrators make the plans; a signed-in reader
 * starts paying for one through Razorpay (a subscription its Checkout script opens, with UPI
 * AutoPay) or Stripe (a Checkout Session's page). The subscription is kept at once, `pending`,
 * with the provider's id, so the provider's events find their reader.
 */
import type {
  Checkout,
  CheckoutInput,
  Plan,
  PlanInput,
  Provider,
} from '../../../common/schemas/payments';
import { requireRole, type Actor } from '../../lib/actor';
import { conflict, notFound, serviceUnavailable } from '../../lib/errors';
import { planView, type PaymentsDeps } from './payments-deps';
import type { ProviderPlan } from './payment-providers';
import {
  findPlan,
  insertPlan,
  insertSubscription,
  listPlans,
  updatePlan,
  type PlanRow,
} from './payments-repository';

const PROVIDER_NAMES: Record<Provider, string> = { razorpay: 'Razorpay', stripe: 'Stripe' };

const providerPlan = (row: PlanRow): ProviderPlan => ({
  id: row.id,
  name: row.name,
  interval: row.interval,
  amount: row.amount,
  currency: row.currency,
  trialDays: row.trialDays,
});

export function paymentPlans(deps: PaymentsDeps) {
  const { db, clock, providers, log } = deps;

  /** A provider's call; its failure (unreachable, refused) is a 503 that charged nothing. */
  const atProvider = async <T>(provider: Provider, call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      log?.error({ provider, err: describe(error) }, 'a payment provider call failed');
      throw serviceUnavailable('payment.provider_unreachable');
    }
  };

  /** Our plan's Razorpay plan, made the first time a reader pays for it. */
  const razorpayPlanOf = async (row: PlanRow): Promise<string> => {
    if (row.razorpayPlanId) return row.razorpayPlanId;
    const razorpay = providers.razorpay!;
    const id = await atProvider('razorpay', () => razorpay.makePlan(providerPlan(row)));
    await updatePlan(db, row.id, { razorpayPlanId: id });
    return id;
  };

  return {
    async create(actor: Actor | null, input: PlanInput): Promise<Plan> {
      requireRole(actor, 'administrator', 'plan.forbidden');
      return planView(await insertPlan(db, { ...input, trialDays: input.trialDays ?? 0 }));
    },

    async update(actor: Actor | null, id: string, input: PlanInput): Promise<Plan> {
      requireRole(actor, 'administrator', 'plan.forbidden');
      const before = await findPlan(db, id);
      if (!before) throw notFound('plan.not_found');
      // Razorpay's plans never change: a new price, period or currency gets a new one.
      const priced =
        before.amount === input.amount &&
        before.currency === input.currency &&
        before.interval === input.interval;
      const row = await updatePlan(db, id, {
        ...input,
        trialDays: input.trialDays ?? 0,
        updatedAt: clock.now(),
        ...(priced ? {} : { razorpayPlanId: null }),
      });
      if (!row) throw notFound('plan.not_found');
      return planView(row);
    },

    async all(actor: Actor | null): Promise<Plan[]> {
      requireRole(actor, 'administrator', 'plan.forbidden');
      return (await listPlans(db, true)).map(planView);
    },

    /** The plans on offer and the providers a reader may pay through (anyone may ask). */
    async onOffer() {
      return { plans: (await listPlans(db, false)).map(planView), providers: providers.offered() };
    },

    async checkout(actor: Actor | null, input: CheckoutInput): Promise<Checkout> {
      const me = requireRole(actor, 'reader');
      const plan = await findPlan(db, input.planId);
      if (!plan) throw notFound('plan.not_found');
      if (!plan.active) throw conflict('plan.inactive');
      const payer = { id: me.id, email: me.email, name: me.name };
      // With the price agreed now: a charge of another is flagged (payment-webhooks.ts).
      const base = { userId: me.id, planId: plan.id, status: 'pending' as const, ...priceOf(plan) };
      if (input.provider === 'razorpay') {
        const razorpay = providers.razorpay;
        if (!razorpay)
          throw conflict('payment.provider_unavailable', { provider: PROVIDER_NAMES.razorpay });
        const razorpayPlanId = await razorpayPlanOf(plan);
        const subscriptionId = await atProvider('razorpay', () =>
          razorpay.subscribe(razorpayPlanId, providerPlan(plan), payer, clock.now()),
        );
        await insertSubscription(db, {
          ...base,
          source: 'razorpay',
          providerSubscriptionId: subscriptionId,
        });
        return { provider: 'razorpay', subscriptionId, keyId: razorpay.keyId };
      }
      const stripe = providers.stripe;
      if (!stripe)
        throw conflict('payment.provider_unavailable', { provider: PROVIDER_NAMES.stripe });
      const session = await atProvider('stripe', () => stripe.checkout(providerPlan(plan), payer));
      await insertSubscription(db, { ...base, source: 'stripe', checkoutId: session.id });
      return { provider: 'stripe', url: session.url };
    },
    atProvider,
  };
}

/** The price a checkout agrees to, kept on its subscription. */
const priceOf = (plan: PlanRow) => ({ amount: plan.amount, currency: plan.currency });

/** What a provider's error says, without its request (which carries no secret, but is long). */
export const describe = (error: unknown): string => {
  if (error instanceof Error) return error.message;
  const e = error as { statusCode?: unknown; error?: { description?: unknown } } | null;
  return `status ${String(e?.statusCode)}: ${String(e?.error?.description ?? JSON.stringify(error))}`;
};
