/*
 * Payment events an attacker or a provider's odd case could turn into a membership (issue 66
 * item 9, docs/decisions/057): a Stripe checkout completed unpaid, a Razorpay payment whose
 * payer-set notes name someone else's subscription, and a charge that is not the plan's price.
 * Signed as the providers sign them (tests/setup/payment-providers.ts).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSubscriptions, paymentEvents } from '../../../db/schema/payments';
import { auth, createAdmin, createUser, type TestUser } from '../../factories';
import {
  providerEnv,
  razorpaySubscriptionPayload,
  razorpayWebhook,
  startPaymentProviders,
  stripeWebhook,
  type PaymentProvidersServer,
} from '../../setup/payment-providers';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let providers: PaymentProvidersServer;
let admin: TestUser;
let plan: { _id: string };

beforeAll(async () => {
  providers = await startPaymentProviders();
  t = await createTestApp(providerEnv(providers));
  admin = await createAdmin(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/plans',
    headers: auth(admin),
    payload: {
      name: 'Monthly',
      interval: 'month',
      amount: 19900,
      currency: 'INR',
      access: 'members',
      active: true,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  plan = res.json() as { _id: string };
});
afterAll(async () => {
  await t.close();
  await providers.close();
});

const db = () => t.app.services.database.db;
const rows = (userId: string) =>
  db().select().from(memberSubscriptions).where(eq(memberSubscriptions.userId, userId));

async function checkout(user: TestUser, provider: 'razorpay' | 'stripe') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/subscriptions/checkout',
    headers: auth(user),
    payload: { planId: plan._id, provider },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { subscriptionId?: string };
}

async function status(user: TestUser) {
  const res = await t.app.inject({ url: '/api/me/membership', headers: auth(user) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { status: string }).status;
}

async function post(provider: 'razorpay' | 'stripe', hook: { body: string; headers: object }) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/payments/${provider}/webhook`,
    headers: hook.headers as Record<string, string>,
    payload: hook.body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { outcome: string }).outcome;
}

async function member(userId: string) {
  const res = await t.app.inject({ url: '/api/members', headers: auth(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { userId: string; status: string; flag: unknown }[]).find(
    (m) => m.userId === userId,
  );
}

describe('Stripe: a checkout completed unpaid', () => {
  const session = (id: string, reader: TestUser, extra: Record<string, unknown>) => ({
    id,
    object: 'checkout.session',
    mode: 'subscription',
    subscription: `sub_${id}`,
    client_reference_id: reader._id,
    metadata: { patrikaUserId: reader._id, patrikaPlanId: plan._id },
    ...extra,
  });

  it('makes no member until its async_payment_succeeded; async_payment_failed makes none', async () => {
    const at = Math.floor(Date.now() / 1000);
    const reader = await createUser(t.app, 'reader');
    await checkout(reader, 'stripe');
    const [row] = await rows(reader._id);
    const unpaid = session(row!.checkoutId!, reader, { payment_status: 'unpaid' });
    await post('stripe', stripeWebhook('checkout.session.completed', unpaid, { created: at }));
    expect(await status(reader)).toBe('none');
    const paid = { ...unpaid, payment_status: 'paid' };
    await post(
      'stripe',
      stripeWebhook('checkout.session.async_payment_succeeded', paid, { created: at + 1 }),
    );
    expect(await status(reader)).toBe('active');

    const other = await createUser(t.app, 'reader');
    await checkout(other, 'stripe');
    const [open] = await rows(other._id);
    const owed = session(open!.checkoutId!, other, { payment_status: 'unpaid' });
    await post('stripe', stripeWebhook('checkout.session.completed', owed, { created: at }));
    await post(
      'stripe',
      stripeWebhook('checkout.session.async_payment_failed', owed, { created: at + 1 }),
    );
    expect(await status(other)).toBe('none');
  });
});

describe('Razorpay: a payment finds its subscription by the provider’s id only', () => {
  it('a failed payment whose payer-set notes name another reader’s subscription changes nothing', async () => {
    const victim = await createUser(t.app, 'reader');
    const { subscriptionId } = await checkout(victim, 'razorpay');
    const at = Math.floor(Date.now() / 1000);
    const activated = razorpayWebhook(
      'subscription.activated',
      razorpaySubscriptionPayload(subscriptionId!, victim._id, plan._id),
      { createdAt: at },
    );
    expect(await post('razorpay', activated)).toBe('applied');
    const before = await rows(victim._id);
    // The attacker's own payment (Checkout's `notes` are the payer's to set) names the victim's.
    const failed = razorpayWebhook(
      'payment.failed',
      {
        payment: {
          entity: {
            id: 'pay_attacker',
            entity: 'payment',
            amount: 100,
            currency: 'INR',
            status: 'failed',
            notes: { subscription_id: subscriptionId },
          },
        },
      },
      { createdAt: at + 5 },
    );
    expect(await post('razorpay', failed)).toBe('ignored');
    expect(await status(victim)).toBe('active');
    expect(await rows(victim._id)).toEqual(before);
  });
});

describe('a charge that is not the plan’s price', () => {
  it('Razorpay: a charge of another amount is recorded, flagged for administrators, not applied', async () => {
    const reader = await createUser(t.app, 'reader');
    const { subscriptionId } = await checkout(reader, 'razorpay');
    const charged = razorpayWebhook('subscription.charged', {
      ...razorpaySubscriptionPayload(subscriptionId!, reader._id, plan._id),
      payment: { entity: { id: 'pay_cheap', amount: 100, currency: 'INR', status: 'captured' } },
    });
    expect(await post('razorpay', charged)).toBe('flagged');
    expect(await status(reader)).toBe('none');
    const [event] = await db()
      .select()
      .from(paymentEvents)
      .where(
        and(
          eq(paymentEvents.provider, 'razorpay'),
          eq(paymentEvents.eventId, charged.headers['x-razorpay-event-id']),
        ),
      );
    expect(event).toMatchObject({ type: 'subscription.charged', flag: 'payment.amount_mismatch' });
    expect(await member(reader._id)).toMatchObject({
      status: 'none',
      flag: { code: 'payment.amount_mismatch' },
    });
    const csv = await t.app.inject({ url: '/api/members?format=csv', headers: auth(admin) });
    expect(csv.body).toContain('payment.amount_mismatch');
  });

  it('Stripe: a paid invoice in another currency is flagged and leaves the membership as it was', async () => {
    const reader = await createUser(t.app, 'reader');
    await checkout(reader, 'stripe');
    const [row] = await rows(reader._id);
    const at = Math.floor(Date.now() / 1000);
    const completed = stripeWebhook(
      'checkout.session.completed',
      {
        id: row!.checkoutId,
        object: 'checkout.session',
        subscription: 'sub_currency',
        client_reference_id: reader._id,
        payment_status: 'paid',
      },
      { created: at },
    );
    expect(await post('stripe', completed)).toBe('applied');
    const invoice = (currency: string, amount: number, end: number) => ({
      id: `in_${currency}`,
      object: 'invoice',
      amount_paid: amount,
      currency,
      parent: { subscription_details: { subscription: 'sub_currency', metadata: {} } },
      lines: { data: [{ period: { end } }] },
    });
    const far = at + 400 * 86_400;
    const usd = stripeWebhook('invoice.paid', invoice('usd', 19900, far), { created: at + 1 });
    expect(await post('stripe', usd)).toBe('flagged');
    const [after] = await rows(reader._id);
    expect(after!.currentPeriodEnd).toBeNull();
    expect(await member(reader._id)).toMatchObject({
      status: 'active',
      flag: { code: 'payment.currency_mismatch' },
    });
    // The plan's own price applies, and clears the flag.
    const inr = stripeWebhook('invoice.paid', invoice('inr', 19900, at + 30 * 86_400), {
      created: at + 2,
    });
    expect(await post('stripe', inr)).toBe('applied');
    expect(await member(reader._id)).toMatchObject({ status: 'active', flag: null });
  });
});
