/*
 * What a provider's webhook event says, read into one shape (docs/decisions/057): which
 * subscription, whose, its state from now on, and when the provider said so. Events are read
 * loosely (as JSON the provider sent, whichever API version): a field that is missing leaves
 * that part unchanged.
 */
import type { SubscriptionState } from '../../../db/schema/payments';

/** A charge the reader gets a receipt for. */
export interface Charge {
  amount: number;
  currency: string;
  /** The provider's payment or invoice id, on the receipt. */
  reference: string;
}

export interface ProviderChange {
  /** The provider's subscription id (`sub_…`), when the event names it. */
  subscriptionId?: string;
  /** Stripe's Checkout Session the subscription came from. */
  checkoutId?: string;
  /** Our reader's id, carried by the subscription (notes, metadata, client_reference_id). */
  userId?: string;
  /** Our plan's id, carried the same way. */
  planId?: string;
  /** Razorpay's plan id (`plan_…`), to find our plan when the notes do not say. */
  razorpayPlanId?: string;
  status?: SubscriptionState;
  currentPeriodEnd?: Date;
  cancelAtPeriodEnd?: boolean;
  /** When the provider made the event: an older one than the newest applied changes nothing. */
  at: Date;
  charge?: Charge;
}

type Json = Record<string, unknown>;
const obj = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined;
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const seconds = (value: unknown): Date | undefined => {
  const n = num(value);
  return n === undefined ? undefined : new Date(n * 1000);
};
/** An id field that may be the id or the expanded object. */
const idOf = (value: unknown): string | undefined => str(value) ?? str(obj(value).id);

const RAZORPAY_STATES: Record<string, SubscriptionState> = {
  'subscription.activated': 'active',
  'subscription.charged': 'active',
  'subscription.halted': 'past_due',
  'subscription.cancelled': 'cancelled',
  'payment.failed': 'past_due',
};
export const RAZORPAY_EVENTS = Object.keys(RAZORPAY_STATES);

/**
 * A Razorpay event (`{ event, payload: { subscription?: { entity }, payment?: { entity } },
 * created_at }`), or undefined for an event Patrika does not follow.
 */
export function razorpayChange(event: Json): ProviderChange | undefined {
  const type = str(event.event);
  const status = type ? RAZORPAY_STATES[type] : undefined;
  const at = seconds(event.created_at);
  if (!status || !at) return undefined;
  const payload = obj(event.payload);
  const subscription = obj(obj(payload.subscription).entity);
  const payment = obj(obj(payload.payment).entity);
  const notes = obj(subscription.notes);
  const change: ProviderChange = {
    // The provider's own fields only: a payment's `notes` are whatever the payer's checkout
    // sent, so they never name the subscription (issue 66 item 9).
    subscriptionId: str(subscription.id) ?? str(payment.subscription_id),
    userId: str(notes.patrikaUserId),
    planId: str(notes.patrikaPlanId),
    razorpayPlanId: str(subscription.plan_id),
    status,
    currentPeriodEnd: seconds(subscription.current_end),
    at,
  };
  const amount = num(payment.amount);
  if (type === 'subscription.charged' && amount !== undefined)
    change.charge = {
      amount,
      currency: str(payment.currency)?.toUpperCase() ?? 'INR',
      reference: str(payment.id) ?? '',
    };
  return change;
}

const STRIPE_STATES: Record<string, SubscriptionState | undefined> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past_due',
  unpaid: 'past_due',
  paused: 'past_due',
  canceled: 'cancelled',
  incomplete_expired: 'cancelled',
};
export const STRIPE_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
];

/** Our ids in a Stripe object's metadata. */
const ours = (object: Json) => {
  const metadata = obj(object.metadata);
  return { userId: str(metadata.patrikaUserId), planId: str(metadata.patrikaPlanId) };
};

/** An invoice's subscription: `parent.subscription_details` since 2025, `subscription` before. */
function invoiceSubscription(invoice: Json) {
  const details = obj(obj(invoice.parent).subscription_details);
  const line = obj((obj(invoice.lines).data as unknown[] | undefined)?.[0]);
  return {
    id: idOf(details.subscription) ?? idOf(invoice.subscription),
    ...ours(details.metadata ? details : obj(invoice.subscription_details)),
    periodEnd: seconds(obj(line.period).end) ?? seconds(invoice.period_end),
  };
}

/** A subscription's period end: on its items since 2025, on itself before. */
const periodEndOf = (subscription: Json) =>
  seconds(obj((obj(subscription.items).data as unknown[] | undefined)?.[0]).current_period_end) ??
  seconds(subscription.current_period_end);

/**
 * What a Checkout Session's event makes of its subscription (issue 66 item 9): a session paid by
 * a delayed method (a bank debit) completes `unpaid`, and only its `async_payment_succeeded`
 * makes a member; `async_payment_failed` makes none. Either links the session to its
 * subscription; no status leaves the subscription as it was (pending).
 */
function checkoutStatus(type: string, session: Json): SubscriptionState | undefined {
  if (type === 'checkout.session.async_payment_succeeded') return 'active';
  if (type === 'checkout.session.async_payment_failed') return undefined;
  return session.payment_status === 'unpaid' ? undefined : 'active';
}

/** A Stripe event (verified by the SDK), or undefined for one Patrika does not follow. */
export function stripeChange(event: { type: string; created: number; data: { object: unknown } }) {
  const object = obj(event.data.object);
  const at = new Date(event.created * 1000);
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed': {
      const { userId, planId } = ours(object);
      return {
        checkoutId: str(object.id),
        subscriptionId: idOf(object.subscription),
        userId: str(object.client_reference_id) ?? userId,
        planId,
        status: checkoutStatus(event.type, object),
        at,
      } satisfies ProviderChange;
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const sub = invoiceSubscription(object);
      const paid = event.type === 'invoice.paid';
      const amount = num(object.amount_paid);
      return {
        subscriptionId: sub.id,
        userId: sub.userId,
        planId: sub.planId,
        status: paid ? 'active' : 'past_due',
        currentPeriodEnd: paid ? sub.periodEnd : undefined,
        at,
        charge:
          paid && amount !== undefined && amount > 0
            ? {
                amount,
                currency: (str(object.currency) ?? 'usd').toUpperCase(),
                reference: str(object.number) ?? str(object.id) ?? '',
              }
            : undefined,
      } satisfies ProviderChange;
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const deleted = event.type === 'customer.subscription.deleted';
      const status = deleted ? 'cancelled' : STRIPE_STATES[str(object.status) ?? ''];
      return {
        subscriptionId: str(object.id),
        ...ours(object),
        status,
        currentPeriodEnd: periodEndOf(object),
        cancelAtPeriodEnd: object.cancel_at_period_end === true,
        at,
      } satisfies ProviderChange;
    }
    default:
      return undefined;
  }
}
