/*
 * Plans and payments (issue 39 item 4, docs/decisions/057). Razorpay and Stripe cannot be
 * reached from here: the SDKs talk to a local server answering as their documented APIs do
 * (tests/setup/payment-providers.ts), and webhooks are signed as the providers sign them.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSubscriptions } from '../../../db/schema/payments';
import { events } from '../../../db/schema/events';
import { auth, createAdmin, createUser, type TestUser } from '../../factories';
import {
  providerEnv,
  razorpaySubscriptionPayload,
  razorpayWebhook,
  RAZORPAY_KEY_ID,
  startPaymentProviders,
  stripeWebhook,
  type PaymentProvidersServer,
} from '../../setup/payment-providers';
import { startSmtpServer, type TestSmtpServer } from '../../setup/smtp-server';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { waitUntil } from '../../setup/wait-until';
import { startWebhookReceiver } from '../../setup/webhook-receiver';

let t: TestApp;
let providers: PaymentProvidersServer;
let smtp: TestSmtpServer;
let admin: TestUser;
let monthly: { _id: string };

beforeAll(async () => {
  providers = await startPaymentProviders();
  smtp = await startSmtpServer();
  t = await createTestApp({
    ...providerEnv(providers),
    SMTP_URL: smtp.url,
    WEBHOOKS_ALLOW_PRIVATE: '1',
  });
  admin = await createAdmin(t.app);
  monthly = await makePlan({ name: 'Monthly', interval: 'month', amount: 19900 });
});
afterAll(async () => {
  await t.close();
  await providers.close();
  await smtp.close();
});

const db = () => t.app.services.database.db;

async function makePlan(overrides: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/plans',
    headers: auth(admin),
    payload: {
      name: 'Plan',
      interval: 'month',
      amount: 9900,
      currency: 'INR',
      access: 'members',
      active: true,
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; name: string };
}

async function checkout(user: TestUser, provider: 'razorpay' | 'stripe', planId = monthly._id) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/subscriptions/checkout',
    headers: auth(user),
    payload: { planId, provider },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { provider: string; subscriptionId?: string; keyId?: string; url?: string };
}

async function membership(user: TestUser) {
  const res = await t.app.inject({ url: '/api/me/membership', headers: auth(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    status: string;
    plan: { _id: string } | null;
    provider: string | null;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
  };
}

const rows = (userId: string) =>
  db().select().from(memberSubscriptions).where(eq(memberSubscriptions.userId, userId));

const razorpaySubscription = (id: string, userId: string, extra: Record<string, unknown> = {}) =>
  razorpaySubscriptionPayload(id, userId, monthly._id, extra);

async function postRazorpay(hook: ReturnType<typeof razorpayWebhook>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/webhook',
    headers: hook.headers,
    payload: hook.body,
  });
}
async function postStripe(hook: ReturnType<typeof stripeWebhook>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: hook.headers,
    payload: hook.body,
  });
}

describe('plans', () => {
  it('administrators make plans; anyone sees those on offer and the providers offered', async () => {
    const yearly = await makePlan({ name: 'Yearly', interval: 'year', amount: 199900 });
    const hidden = await makePlan({ name: 'Old', active: false });
    const res = await t.app.inject({ url: '/api/plans' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { plans: { _id: string }[]; providers: string[] };
    expect(body.providers).toEqual(['razorpay', 'stripe']);
    const ids = body.plans.map((p) => p._id);
    expect(ids).toEqual(expect.arrayContaining([monthly._id, yearly._id]));
    expect(ids).not.toContain(hidden._id);
    const all = await t.app.inject({ url: '/api/plans/admin-plans', headers: auth(admin) });
    expect((all.json() as { _id: string }[]).map((p) => p._id)).toContain(hidden._id);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/plans/${hidden._id}`,
      headers: auth(admin),
      payload: {
        name: 'Old, again',
        interval: 'month',
        amount: 4900,
        currency: 'inr',
        access: 'paid',
        active: true,
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Old, again', currency: 'INR', access: 'paid' });
  });

  it('refuses readers and editors, and bad input with codes', async () => {
    for (const role of ['reader', 'editor'] as const) {
      const user = await createUser(t.app, role);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/plans',
        headers: auth(user),
        payload: {
          name: 'X',
          interval: 'month',
          amount: 1,
          currency: 'INR',
          access: 'members',
          active: true,
        },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('plan.forbidden');
    }
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 0 }, 'plan.amount_invalid'],
      [{ amount: 12.5 }, 'plan.amount_invalid'],
      [{ interval: 'week' }, 'plan.interval_invalid'],
      [{ currency: 'rupees' }, 'plan.currency_invalid'],
      [{ access: 'everyone' }, 'plan.access_invalid'],
      [{ trialDays: -1 }, 'plan.trial_days_invalid'],
      [{ name: '' }, 'plan.name_required'],
    ];
    for (const [change, code] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/plans',
        headers: auth(admin),
        payload: {
          name: 'P',
          interval: 'month',
          amount: 100,
          currency: 'INR',
          access: 'members',
          active: true,
          ...change,
        },
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect((res.json().errors as { code: string }[]).map((e) => e.code)).toContain(code);
    }
  });
});

describe('checkout through the SDKs', () => {
  it('Razorpay: a plan made once, a subscription carrying the reader’s id in its notes', async () => {
    const reader = await createUser(t.app, 'reader');
    const plan = await makePlan({ name: 'Razorpay monthly', amount: 29900 });
    const before = providers.requests.length;
    const answer = await checkout(reader, 'razorpay', plan._id);
    expect(answer).toEqual({
      provider: 'razorpay',
      subscriptionId: expect.stringMatching(/^sub_/),
      keyId: RAZORPAY_KEY_ID,
    });
    const sent = providers.requests.slice(before);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/plans',
      'POST /v1/subscriptions',
    ]);
    expect(sent[0]!.body).toMatchObject({
      period: 'monthly',
      interval: 1,
      item: { name: 'Razorpay monthly', amount: 29900, currency: 'INR' },
    });
    expect(sent[1]!.body).toMatchObject({
      notes: { patrikaUserId: reader._id, patrikaPlanId: plan._id },
    });
    // Kept at checkout: the subscription's id finds its reader.
    const [row] = await rows(reader._id);
    expect(row).toMatchObject({ providerSubscriptionId: answer.subscriptionId, status: 'pending' });
    expect((await membership(reader)).status).toBe('none');
    // The Razorpay plan is made once for our plan.
    const again = providers.requests.length;
    await checkout(await createUser(t.app, 'reader'), 'razorpay', plan._id);
    expect(providers.requests.slice(again).map((r) => r.path)).toEqual(['/v1/subscriptions']);
  });

  it('Stripe: a Checkout Session in subscription mode with the reader’s id', async () => {
    const reader = await createUser(t.app, 'reader');
    const before = providers.requests.length;
    const answer = await checkout(reader, 'stripe');
    expect(answer).toEqual({
      provider: 'stripe',
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/),
    });
    const [sent] = providers.requests.slice(before);
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(sent!.body).toMatchObject({
      mode: 'subscription',
      client_reference_id: reader._id,
      'metadata[patrikaUserId]': reader._id,
      'subscription_data[metadata][patrikaUserId]': reader._id,
      'line_items[0][price_data][unit_amount]': '19900',
      'line_items[0][price_data][currency]': 'inr',
      'line_items[0][price_data][recurring][interval]': 'month',
    });
    const [row] = await rows(reader._id);
    expect(row?.checkoutId).toMatch(/^cs_test_/);
  });

  it('refuses the signed out, an unknown or withdrawn plan, and a provider in trouble', async () => {
    const reader = await createUser(t.app, 'reader');
    const post = (
      payload: Record<string, unknown>,
      headers: Record<string, string> = auth(reader),
    ) => t.app.inject({ method: 'POST', url: '/api/subscriptions/checkout', headers, payload });
    expect((await post({ planId: monthly._id, provider: 'stripe' }, {})).statusCode).toBe(401);
    const unknown = await post({
      planId: '00000000-0000-4000-8000-000000000000',
      provider: 'stripe',
    });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'plan.not_found']);
    const bad = await post({ planId: 'nope', provider: 'paypal' });
    expect(bad.statusCode).toBe(400);
    expect((bad.json().errors as { code: string }[]).map((e) => e.code).sort()).toEqual([
      'payment.provider_invalid',
      'plan.id_invalid',
    ]);
    const old = await makePlan({ name: 'Withdrawn', active: false });
    const withdrawn = await post({ planId: old._id, provider: 'razorpay' });
    expect([withdrawn.statusCode, withdrawn.json().code]).toEqual([409, 'plan.inactive']);
    providers.failNext(3);
    const down = await post({ planId: monthly._id, provider: 'stripe' });
    expect([down.statusCode, down.json().code]).toEqual([503, 'payment.provider_unreachable']);
    providers.failNext(0);
    expect(await rows(reader._id)).toEqual([]);
  });

  it('a provider without keys is not offered', async () => {
    const bare = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_only_stripe',
      STRIPE_API_URL: providers.url,
    });
    try {
      const plans = await bare.app.inject({ url: '/api/plans' });
      expect(plans.json().providers).toEqual(['stripe']);
      const owner = await createAdmin(bare.app);
      const made = await bare.app.inject({
        method: 'POST',
        url: '/api/plans',
        headers: auth(owner),
        payload: {
          name: 'M',
          interval: 'month',
          amount: 100,
          currency: 'INR',
          access: 'members',
          active: true,
        },
      });
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/subscriptions/checkout',
        headers: auth(owner),
        payload: { planId: made.json()._id, provider: 'razorpay' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'payment.provider_unavailable',
        params: { provider: 'Razorpay' },
      });
      // No webhook secret: every event is refused.
      const hook = stripeWebhook('invoice.paid', {});
      const refused = await bare.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: hook.headers,
        payload: hook.body,
      });
      expect([refused.statusCode, refused.json().code]).toEqual([400, 'payment.signature_invalid']);
    } finally {
      await bare.close();
    }
  });
});

describe('Razorpay webhooks', () => {
  it('subscription.activated makes the reader a member; the same event again changes nothing', async () => {
    const reader = await createUser(t.app, 'reader');
    const { subscriptionId } = await checkout(reader, 'razorpay');
    const hook = razorpayWebhook(
      'subscription.activated',
      razorpaySubscription(subscriptionId!, reader._id),
    );
    const res = await postRazorpay(hook);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'applied' });
    const now = await membership(reader);
    expect(now).toMatchObject({
      status: 'active',
      provider: 'razorpay',
      plan: { _id: monthly._id },
    });
    expect(now.currentPeriodEnd).not.toBeNull();
    // The change's event, recorded with it.
    const recorded = await db()
      .select()
      .from(events)
      .where(and(eq(events.type, 'member.updated'), eq(events.subjectId, reader._id)));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.data).toMatchObject({ status: 'active', provider: 'razorpay' });

    const before = await rows(reader._id);
    const replay = await postRazorpay(hook);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().outcome).toBe('replayed');
    expect(await rows(reader._id)).toEqual(before);
    expect(await membership(reader)).toEqual(now);
  });

  it('a wrong signature answers 400 and changes nothing', async () => {
    const reader = await createUser(t.app, 'reader');
    const { subscriptionId } = await checkout(reader, 'razorpay');
    const payload = razorpaySubscription(subscriptionId!, reader._id);
    const forged = razorpayWebhook('subscription.activated', payload, { secret: 'not-the-secret' });
    const before = await rows(reader._id);
    const res = await postRazorpay(forged);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('payment.signature_invalid');
    // A body changed after signing.
    const signed = razorpayWebhook('subscription.activated', payload);
    const tampered = await postRazorpay({
      ...signed,
      body: signed.body.replace('"active"', '"halted"'),
    });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/webhook',
      headers: { 'content-type': 'application/json' },
      payload: signed.body,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await rows(reader._id)).toEqual(before);
    expect((await membership(reader)).status).toBe('none');
  });

  it('a charge mails a receipt; events out of order end in the newest one’s state', async () => {
    const reader = await createUser(t.app, 'reader', { name: 'Asha' });
    const { subscriptionId } = await checkout(reader, 'razorpay');
    const sub = razorpaySubscription(subscriptionId!, reader._id);
    const at = Math.floor(Date.now() / 1000);
    const charged = razorpayWebhook(
      'subscription.charged',
      {
        ...sub,
        payment: {
          entity: { id: 'pay_receipt1', amount: 19900, currency: 'INR', status: 'captured' },
        },
      },
      { createdAt: at },
    );
    expect((await postRazorpay(charged)).json().outcome).toBe('applied');
    const [mail] = await smtp.waitFor(reader.email, 1);
    expect(mail!.subject).toContain('receipt');
    expect(mail!.text).toContain('₹199.00');
    expect(mail!.text).toContain('Monthly');
    expect(mail!.text).toContain('pay_receipt1');

    // Halted at +20 s arrives; then a charge made at +10 s arrives late: halted stands.
    const halted = razorpayWebhook('subscription.halted', sub, { createdAt: at + 20 });
    expect((await postRazorpay(halted)).json().outcome).toBe('applied');
    const late = razorpayWebhook('subscription.activated', sub, { createdAt: at + 10 });
    expect((await postRazorpay(late)).json().outcome).toBe('stale');
    expect((await membership(reader)).status).toBe('past_due');
    // Cancelled at +40 s first, activated at +30 s after it: cancelled stands.
    await postRazorpay(razorpayWebhook('subscription.cancelled', sub, { createdAt: at + 40 }));
    await postRazorpay(razorpayWebhook('subscription.activated', sub, { createdAt: at + 30 }));
    expect((await membership(reader)).status).toBe('cancelled');
  });
});

describe('Stripe webhooks', () => {
  it('a completed checkout makes a member; customer.subscription.deleted ends it', async () => {
    const reader = await createUser(t.app, 'reader');
    await checkout(reader, 'stripe');
    const [row] = await rows(reader._id);
    const at = Math.floor(Date.now() / 1000);
    const completed = stripeWebhook(
      'checkout.session.completed',
      {
        id: row!.checkoutId,
        object: 'checkout.session',
        mode: 'subscription',
        subscription: 'sub_stripe1',
        client_reference_id: reader._id,
        metadata: { patrikaUserId: reader._id, patrikaPlanId: monthly._id },
      },
      { created: at },
    );
    const res = await postStripe(completed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().outcome).toBe('applied');
    expect(await membership(reader)).toMatchObject({ status: 'active', provider: 'stripe' });
    expect((await postStripe(completed)).json().outcome).toBe('replayed');

    const paid = stripeWebhook(
      'invoice.paid',
      {
        id: 'in_1',
        object: 'invoice',
        number: 'PATRIKA-0001',
        amount_paid: 19900,
        currency: 'inr',
        parent: { subscription_details: { subscription: 'sub_stripe1', metadata: {} } },
        lines: { data: [{ period: { end: at + 30 * 86_400 } }] },
      },
      { created: at + 1 },
    );
    expect((await postStripe(paid)).json().outcome).toBe('applied');
    const [receipt] = await smtp.waitFor(reader.email, 1);
    expect(receipt!.text).toContain('PATRIKA-0001');
    expect(receipt!.text).toContain('Stripe');

    const deleted = stripeWebhook(
      'customer.subscription.deleted',
      {
        id: 'sub_stripe1',
        object: 'subscription',
        status: 'canceled',
        metadata: { patrikaUserId: reader._id },
      },
      { created: at + 2 },
    );
    expect((await postStripe(deleted)).statusCode).toBe(200);
    expect((await membership(reader)).status).toBe('cancelled');
    // An update made before the deletion, arriving after it, changes nothing.
    const stale = stripeWebhook(
      'customer.subscription.updated',
      { id: 'sub_stripe1', object: 'subscription', status: 'active' },
      { created: at + 1 },
    );
    expect((await postStripe(stale)).json().outcome).toBe('stale');
    expect((await membership(reader)).status).toBe('cancelled');
  });

  it('a signature the SDK does not verify answers 400 and changes nothing', async () => {
    const reader = await createUser(t.app, 'reader');
    const hook = stripeWebhook(
      'customer.subscription.updated',
      { id: 'sub_forged', status: 'active', metadata: { patrikaUserId: reader._id } },
      { secret: 'whsec_someone_else' },
    );
    const res = await postStripe(hook);
    expect([res.statusCode, res.json().code]).toEqual([400, 'payment.signature_invalid']);
    expect(await rows(reader._id)).toEqual([]);
  });

  it('a subscription event before its checkout’s finds the reader by its metadata', async () => {
    const reader = await createUser(t.app, 'reader');
    await checkout(reader, 'stripe');
    const updated = stripeWebhook('customer.subscription.updated', {
      id: 'sub_early',
      object: 'subscription',
      status: 'trialing',
      cancel_at_period_end: false,
      items: { data: [{ current_period_end: Math.floor(Date.now() / 1000) + 86_400 }] },
      metadata: { patrikaUserId: reader._id, patrikaPlanId: monthly._id },
    });
    expect((await postStripe(updated)).json().outcome).toBe('applied');
    expect(await membership(reader)).toMatchObject({
      status: 'trialing',
      plan: { _id: monthly._id },
    });
    expect(await rows(reader._id)).toHaveLength(1);
  });
});

describe('a member cancels', () => {
  it('at the period’s end, through each provider’s SDK', async () => {
    for (const provider of ['razorpay', 'stripe'] as const) {
      const reader = await createUser(t.app, 'reader');
      let subscriptionId = 'sub_cancel1';
      if (provider === 'razorpay') {
        subscriptionId = (await checkout(reader, 'razorpay')).subscriptionId!;
        await postRazorpay(
          razorpayWebhook(
            'subscription.activated',
            razorpaySubscription(subscriptionId, reader._id),
          ),
        );
      } else {
        await postStripe(
          stripeWebhook('customer.subscription.updated', {
            id: subscriptionId,
            status: 'active',
            items: { data: [{ current_period_end: Math.floor(Date.now() / 1000) + 86_400 }] },
            metadata: { patrikaUserId: reader._id },
          }),
        );
      }
      const before = providers.requests.length;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/me/membership/cancel',
        headers: auth(reader),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
      const [sent] = providers.requests.slice(before);
      if (provider === 'razorpay')
        expect(sent).toMatchObject({
          path: `/v1/subscriptions/${subscriptionId}/cancel`,
          body: { cancel_at_cycle_end: 1 },
        });
      else
        expect(sent).toMatchObject({
          path: `/v1/subscriptions/${subscriptionId}`,
          body: { cancel_at_period_end: 'true' },
        });
    }
  });

  it('with no membership: 404', async () => {
    const reader = await createUser(t.app, 'reader');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/membership/cancel',
      headers: auth(reader),
    });
    expect([res.statusCode, res.json().code]).toEqual([404, 'membership.none']);
    const signedOut = await t.app.inject({ url: '/api/me/membership' });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('administrators', () => {
  it('give a complimentary membership, list members (JSON and CSV) and read the figures', async () => {
    const guest = await createUser(t.app, 'reader', { name: 'Guest Columnist' });
    const until = new Date(Date.now() + 90 * 86_400_000).toISOString();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/members/${guest._id}/complimentary`,
      headers: auth(admin),
      payload: { planId: monthly._id, until },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'active', provider: 'complimentary' });
    expect(await membership(guest)).toMatchObject({ status: 'active', provider: 'complimentary' });

    const list = await t.app.inject({
      url: `/api/members?status=active&planId=${monthly._id}`,
      headers: auth(admin),
    });
    expect(list.statusCode, list.body).toBe(200);
    const members = list.json() as { userId: string; status: string }[];
    expect(members.map((m) => m.userId)).toContain(guest._id);
    expect(members.every((m) => m.status === 'active')).toBe(true);
    const cancelled = await t.app.inject({
      url: '/api/members?status=cancelled',
      headers: auth(admin),
    });
    expect((cancelled.json() as { userId: string }[]).map((m) => m.userId)).not.toContain(
      guest._id,
    );

    const csv = await t.app.inject({ url: '/api/members?format=csv', headers: auth(admin) });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\n')[0]).toContain('name,email,status,plan');
    expect(csv.body).toContain('Guest Columnist');

    const summary = await t.app.inject({ url: '/api/members/summary', headers: auth(admin) });
    expect(summary.statusCode).toBe(200);
    const figures = summary.json() as {
      activeMembers: number;
      complimentary: number;
      monthlyRecurringRevenue: { currency: string; amount: number }[];
    };
    expect(figures.activeMembers).toBeGreaterThan(1);
    expect(figures.complimentary).toBeGreaterThanOrEqual(1);
    // Paying members of the ₹199 monthly plan (the earlier tests'), none of them complimentary.
    const inr = figures.monthlyRecurringRevenue.find((m) => m.currency === 'INR');
    expect(inr?.amount).toBeGreaterThan(0);
    expect(inr!.amount % 100).toBe(0);
  });

  it('refuse everyone else, and bad input with codes', async () => {
    const reader = await createUser(t.app, 'reader');
    const editor = await createUser(t.app, 'editor');
    for (const user of [reader, editor]) {
      for (const url of ['/api/members', '/api/members/summary']) {
        const res = await t.app.inject({ url, headers: auth(user) });
        expect([res.statusCode, res.json().code]).toEqual([403, 'member.forbidden']);
      }
      const give = await t.app.inject({
        method: 'POST',
        url: `/api/members/${reader._id}/complimentary`,
        headers: auth(user),
        payload: {},
      });
      expect(give.statusCode).toBe(403);
    }
    expect(await rows(reader._id)).toEqual([]);
    const badStatus = await t.app.inject({ url: '/api/members?status=gold', headers: auth(admin) });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().errors[0].code).toBe('member.status_invalid');
    const past = await t.app.inject({
      method: 'POST',
      url: `/api/members/${reader._id}/complimentary`,
      headers: auth(admin),
      payload: { until: '2020-01-01T00:00:00Z' },
    });
    expect([past.statusCode, past.json().code]).toEqual([400, 'member.until_invalid']);
    const nobody = await t.app.inject({
      method: 'POST',
      url: '/api/members/00000000-0000-4000-8000-000000000000/complimentary',
      headers: auth(admin),
      payload: {},
    });
    expect([nobody.statusCode, nobody.json().code]).toEqual([404, 'member.user_not_found']);
  });

  it('may have member.updated sent to a webhook', async () => {
    let secret = '';
    const receiver = await startWebhookReceiver(() => secret);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: auth(admin),
        payload: { url: receiver.url, events: ['member.updated'] },
      });
      expect(res.statusCode, res.body).toBe(201);
      secret = res.json().secret;
      const member = await createUser(t.app, 'reader');
      const given = await t.app.inject({
        method: 'POST',
        url: `/api/members/${member._id}/complimentary`,
        headers: auth(admin),
        payload: {},
      });
      expect(given.statusCode).toBe(201);
      await waitUntil(() => receiver.received.some((r) => r.body.data.id === member._id), {
        timeoutMs: 10_000,
        message: 'member.updated did not reach the webhook',
      });
      const delivery = receiver.received.find((r) => r.body.data.id === member._id)!;
      expect(delivery.verified).toBe(true);
      expect(delivery.body).toMatchObject({
        type: 'member.updated',
        data: { status: 'active', provider: 'complimentary' },
      });
    } finally {
      await receiver.stop();
    }
  });
});
