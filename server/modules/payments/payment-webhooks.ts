/*
 * The providers' webhooks (issue 39 item 4, docs/decisions/057). A body whose signature does not
 * verify (the SDKs' own checks, over the raw bytes) answers 400 and changes nothing. Each event
 * is applied once: its id is recorded in the same transaction as its change, so a replay (the
 * providers send again until they hear 2xx) answers 200 and changes nothing. Events may come in
 * any order: a subscription keeps the provider's time of the newest event applied, and an older
 * event than that changes nothing, so the newest state stands. Each change records
 * `member.updated` in the same transaction; a charge sends a receipt after it committed.
 */
import { createHash } from 'node:crypto';
import type { Provider } from '../../../common/schemas/payments';
import type { Db } from '../../../db/client';
import type { RecordEvents } from '../../events/outbox';
import { badRequest } from '../../lib/errors';
import { razorpayChange, stripeChange, type Charge, type ProviderChange } from './payment-events';
import { receiptMail } from './payment-mail';
import type { PaymentsDeps } from './payments-deps';
import {
  claimEvent,
  findPlan,
  flagEvent,
  payerOf,
  pendingOf,
  planByRazorpayId,
  subscriptionOf,
  subscriptionOfCheckout,
  insertSubscription,
  updateSubscription,
  type SubscriptionRow,
} from './payments-repository';

/** What applying an event came to (the answer's body, and the log). */
export type WebhookOutcome = 'applied' | 'replayed' | 'stale' | 'ignored' | 'flagged';

/** Why a charge was held rather than applied. */
export type ChargeFlag = 'payment.amount_mismatch' | 'payment.currency_mismatch';

interface Applied {
  outcome: WebhookOutcome;
  flag?: ChargeFlag;
  receipt?: { userId: string; planId: string | null; charge: Charge; until: Date | null };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The row an event is about: by subscription id, by checkout, or a reader's open checkout. */
async function rowFor(
  tx: Db,
  provider: Provider,
  change: ProviderChange,
): Promise<SubscriptionRow | undefined> {
  const byId = change.subscriptionId && (await subscriptionOf(tx, provider, change.subscriptionId));
  if (byId) return byId;
  const byCheckout = change.checkoutId && (await subscriptionOfCheckout(tx, change.checkoutId));
  if (byCheckout) return byCheckout;
  if (!change.userId || !UUID.test(change.userId) || !change.subscriptionId) return undefined;
  // A subscription event before its checkout's: the reader's open checkout, else a new row.
  const pending = await pendingOf(tx, change.userId, provider);
  if (pending) return pending;
  if (!(await payerOf(tx, change.userId))) return undefined;
  const planId = await planOf(tx, change);
  return insertSubscription(tx, {
    userId: change.userId,
    planId,
    source: provider,
    providerSubscriptionId: change.subscriptionId,
    status: 'pending',
  });
}

async function planOf(tx: Db, change: ProviderChange): Promise<string | null> {
  if (change.planId && UUID.test(change.planId) && (await findPlan(tx, change.planId)))
    return change.planId;
  if (change.razorpayPlanId) return (await planByRazorpayId(tx, change.razorpayPlanId))?.id ?? null;
  return null;
}

/**
 * Why a charge does not match what the subscription was sold at (issue 66 item 9): the price
 * agreed at checkout, else its plan's now; undefined when it matches or there is nothing to
 * match against.
 */
async function chargeMismatch(
  tx: Db,
  row: SubscriptionRow,
  charge: Charge,
): Promise<ChargeFlag | undefined> {
  const plan = row.amount === null && row.planId ? await findPlan(tx, row.planId) : undefined;
  const amount = row.amount ?? plan?.amount;
  const currency = row.currency ?? plan?.currency;
  if (amount === undefined || currency === undefined) return undefined;
  if (charge.currency.toUpperCase() !== currency.toUpperCase()) return 'payment.currency_mismatch';
  if (charge.amount !== amount) return 'payment.amount_mismatch';
  return undefined;
}

/** Applies `change` to its subscription unless an event as new or newer already was. */
async function applyChange(
  tx: Db,
  record: RecordEvents,
  event: { provider: Provider; id: string },
  change: ProviderChange,
  now: Date,
): Promise<Applied> {
  const { provider } = event;
  const row = await rowFor(tx, provider, change);
  if (!row) return { outcome: 'ignored' };
  if (row.stateAt && change.at < row.stateAt) return { outcome: 'stale' };
  const flag = change.charge && (await chargeMismatch(tx, row, change.charge));
  if (flag) {
    // Recorded and shown to administrators (GET /api/members), not applied: the membership
    // stays as it was until someone looks (a coupon or a price changed at the provider's end).
    await flagEvent(tx, provider, event.id, flag);
    await updateSubscription(tx, row.id, { flag, flaggedAt: now, updatedAt: now });
    return { outcome: 'flagged', flag };
  }
  const next = await updateSubscription(tx, row.id, {
    ...(change.charge ? { flag: null, flaggedAt: null } : {}),
    ...(change.subscriptionId ? { providerSubscriptionId: change.subscriptionId } : {}),
    ...(change.status ? { status: change.status } : {}),
    ...(change.currentPeriodEnd ? { currentPeriodEnd: change.currentPeriodEnd } : {}),
    ...(change.cancelAtPeriodEnd !== undefined
      ? { cancelAtPeriodEnd: change.cancelAtPeriodEnd }
      : {}),
    stateAt: change.at,
    updatedAt: now,
  });
  record({
    type: 'member.updated',
    subject: { kind: 'user', id: next.userId },
    data: { status: next.status, planId: next.planId, provider },
  });
  const receipt = change.charge && {
    userId: next.userId,
    planId: next.planId,
    charge: change.charge,
    until: next.currentPeriodEnd,
  };
  return { outcome: 'applied', receipt };
}

export function paymentWebhooks(deps: PaymentsDeps) {
  const { db, clock, outbox, providers, mail, log } = deps;

  /** The receipt of a charge, off the request's path. */
  const sendReceipt = async (provider: Provider, receipt: NonNullable<Applied['receipt']>) => {
    if (!mail.mailer.enabled) return;
    const payer = await payerOf(db, receipt.userId);
    if (!payer) return;
    const plan = receipt.planId ? await findPlan(db, receipt.planId) : undefined;
    mail.mailer.sendLater(
      receiptMail(await mail.site(), payer, {
        plan: plan?.name ?? '',
        charge: receipt.charge,
        until: receipt.until,
        provider,
      }),
    );
  };

  /** Records the event's id and applies it, in one transaction; the receipt after commit. */
  const apply = async (
    provider: Provider,
    eventId: string,
    type: string,
    change: ProviderChange | undefined,
  ): Promise<WebhookOutcome> => {
    const applied = await outbox.transaction(async (tx, record): Promise<Applied> => {
      if (!(await claimEvent(tx, provider, eventId, type))) return { outcome: 'replayed' };
      if (!change) return { outcome: 'ignored' };
      return applyChange(tx, record, { provider, id: eventId }, change, clock.now());
    });
    if (applied.receipt)
      await sendReceipt(provider, applied.receipt).catch((error: unknown) =>
        log?.error({ err: error }, 'a membership receipt could not be prepared'),
      );
    if (applied.flag)
      log?.error(
        { provider, event: type, eventId, flag: applied.flag },
        'a charge did not match its plan: held for an administrator',
      );
    else log?.info({ provider, event: type, outcome: applied.outcome }, 'a payment event came');
    return applied.outcome;
  };

  return {
    /** `X-Razorpay-Signature`: hex HMAC-SHA256 of the raw body with the webhook secret. */
    async razorpay(raw: Buffer, signature: string | undefined, eventId: string | undefined) {
      const razorpay = providers.razorpay;
      const secret = razorpay?.webhookSecret;
      if (!razorpay || !secret || !signature || !(await razorpay.verify(raw, signature, secret)))
        throw badRequest('payment.signature_invalid');
      const event = parse(raw);
      if (typeof event?.event !== 'string') throw badRequest('payment.event_invalid');
      // Razorpay names each event in X-Razorpay-Event-Id; the body's digest stands in without it.
      const id = eventId ?? createHash('sha256').update(raw).digest('hex');
      return apply('razorpay', id, event.event, razorpayChange(event));
    },

    /** `Stripe-Signature`, verified by the SDK's `webhooks.constructEvent`. */
    async stripe(raw: Buffer, signature: string | undefined) {
      const stripe = providers.stripe;
      const secret = stripe?.webhookSecret;
      if (!stripe || !secret || !signature) throw badRequest('payment.signature_invalid');
      let event;
      try {
        event = await stripe.verify(raw, signature, secret);
      } catch {
        throw badRequest('payment.signature_invalid');
      }
      if (typeof event.id !== 'string' || typeof event.created !== 'number')
        throw badRequest('payment.event_invalid');
      return apply('stripe', event.id, event.type, stripeChange(event));
    },
  };
}

function parse(raw: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(raw.toString('utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
