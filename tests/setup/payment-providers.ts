/*
 * Razorpay and Stripe cannot be reached from this machine (docs/decisions/057): this local
 * server answers the calls Patrika's SDKs make as each provider's documented API does, and keeps
 * every request so a test can read what the SDK sent (notes, metadata, the reader's id).
 *
 * - Razorpay (https://razorpay.com/docs/api/payments/subscriptions/): HTTP Basic auth with the
 *   key id and secret, JSON bodies; `POST /v1/plans`, `POST /v1/subscriptions`,
 *   `POST /v1/subscriptions/{id}/cancel`; errors as `{ error: { code, description } }`.
 * - Stripe (https://docs.stripe.com/api): `Authorization: Bearer sk_…`, form-encoded bodies
 *   with bracketed keys (`metadata[patrikaUserId]`); `POST /v1/checkout/sessions`,
 *   `POST /v1/subscriptions/{id}`, `GET /v1/subscriptions/{id}`; errors as
 *   `{ error: { type, message } }`.
 *
 * It also signs webhooks as each provider does: Razorpay's `X-Razorpay-Signature` is the hex
 * HMAC-SHA256 of the raw body with the webhook secret; Stripe's header comes from the SDK's own
 * `stripe.webhooks.generateTestHeaderString`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const RAZORPAY_KEY_ID = 'rzp_test_patrika';
export const RAZORPAY_KEY_SECRET = 'razorpay-key-secret';
export const RAZORPAY_WEBHOOK_SECRET = 'razorpay-webhook-secret';
export const STRIPE_SECRET_KEY = 'sk_test_patrika';
export const STRIPE_WEBHOOK_SECRET = 'whsec_patrika_test_secret';

export interface ProviderRequest {
  provider: 'razorpay' | 'stripe';
  method: string;
  path: string;
  /** Razorpay's JSON body, or Stripe's form fields by their bracketed keys. */
  body: Record<string, unknown>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Razorpay's answers: plans and subscriptions as its API describes them. */
function razorpay(
  req: IncomingMessage,
  path: string,
  body: Record<string, unknown>,
  res: ServerResponse,
) {
  const basic = `Basic ${Buffer.from(`${RAZORPAY_KEY_ID}:${RAZORPAY_KEY_SECRET}`).toString('base64')}`;
  if (req.headers.authorization !== basic)
    return send(res, 401, {
      error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' },
    });
  if (req.method === 'POST' && path === '/v1/plans')
    return send(res, 200, {
      id: id('plan'),
      entity: 'plan',
      interval: body.interval,
      period: body.period,
      item: { id: id('item'), active: true, ...(body.item as object) },
      notes: body.notes ?? [],
      created_at: now(),
    });
  if (req.method === 'POST' && path === '/v1/subscriptions')
    return send(res, 200, {
      id: id('sub'),
      entity: 'subscription',
      plan_id: body.plan_id,
      status: 'created',
      total_count: body.total_count,
      paid_count: 0,
      customer_notify: body.customer_notify === 1,
      notes: body.notes ?? [],
      start_at: body.start_at ?? null,
      short_url: 'https://rzp.io/i/patrika',
      created_at: now(),
    });
  const cancel = /^\/v1\/subscriptions\/(sub_[A-Za-z0-9]+)\/cancel$/.exec(path);
  if (req.method === 'POST' && cancel)
    return send(res, 200, {
      id: cancel[1],
      entity: 'subscription',
      // Cancelled at the cycle's end: active until then (Razorpay's documented answer).
      status: body.cancel_at_cycle_end === 1 ? 'active' : 'cancelled',
      ended_at: null,
    });
  return send(res, 400, {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description: 'The requested URL was not found on the server.',
    },
  });
}

/** Stripe's answers: Checkout Sessions and subscriptions as its API describes them. */
function stripe(
  req: IncomingMessage,
  path: string,
  form: Record<string, unknown>,
  res: ServerResponse,
) {
  if (req.headers.authorization !== `Bearer ${STRIPE_SECRET_KEY}`)
    return send(res, 401, {
      error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
    });
  if (req.method === 'POST' && path === '/v1/checkout/sessions') {
    const session = id('cs_test');
    return send(res, 200, {
      id: session,
      object: 'checkout.session',
      mode: form.mode,
      status: 'open',
      client_reference_id: form.client_reference_id ?? null,
      customer_email: form.customer_email ?? null,
      metadata: {
        patrikaUserId: form['metadata[patrikaUserId]'],
        patrikaPlanId: form['metadata[patrikaPlanId]'],
      },
      subscription: null,
      success_url: form.success_url,
      cancel_url: form.cancel_url,
      url: `https://checkout.stripe.com/c/pay/${session}`,
      created: now(),
    });
  }
  const sub = /^\/v1\/subscriptions\/(sub_[A-Za-z0-9]+)$/.exec(path);
  if (sub && (req.method === 'POST' || req.method === 'GET'))
    return send(res, 200, {
      id: sub[1],
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: form.cancel_at_period_end === 'true',
      items: { object: 'list', data: [{ current_period_end: now() + 30 * 86_400 }] },
      metadata: {},
    });
  return send(res, 404, {
    error: {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${req.method}: ${path})`,
    },
  });
}

export interface PaymentProvidersServer {
  /** RAZORPAY_API_URL and STRIPE_API_URL: both providers answer here. */
  url: string;
  requests: ProviderRequest[];
  /** The next `n` calls answer 500 (a provider having a bad moment). */
  failNext(n?: number): void;
  close(): Promise<void>;
}

export async function startPaymentProviders(): Promise<PaymentProvidersServer> {
  const requests: ProviderRequest[] = [];
  let failing = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      // Stripe's SDK names its API version in every request; Razorpay's sends JSON.
      const isStripe = req.headers['stripe-version'] !== undefined;
      const body: Record<string, unknown> = isStripe
        ? Object.fromEntries(new URLSearchParams(text))
        : text
          ? (JSON.parse(text) as Record<string, unknown>)
          : {};
      const provider = isStripe ? 'stripe' : 'razorpay';
      requests.push({ provider, method: req.method ?? 'GET', path, body });
      if (failing > 0) {
        failing--;
        return send(res, 500, { error: { code: 'SERVER_ERROR', description: 'Try again' } });
      }
      if (isStripe) stripe(req, path, body, res);
      else razorpay(req, path, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(n = 1) {
      failing = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The environment that points Patrika's SDKs at `server`, with every key set. */
export const providerEnv = (server: PaymentProvidersServer) => ({
  RAZORPAY_KEY_ID,
  RAZORPAY_KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET,
  RAZORPAY_API_URL: server.url,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
  STRIPE_API_URL: server.url,
});

/**
 * A Razorpay subscription entity as its webhooks carry it (`payload` of `subscription.*`):
 * active for 30 days from now, naming Patrika's reader and plan in its notes.
 */
export const razorpaySubscriptionPayload = (
  id: string,
  userId: string,
  planId: string,
  extra: Record<string, unknown> = {},
) => ({
  subscription: {
    entity: {
      id,
      entity: 'subscription',
      plan_id: 'plan_x',
      status: 'active',
      current_start: now(),
      current_end: now() + 30 * 86_400,
      notes: { patrikaUserId: userId, patrikaPlanId: planId },
      ...extra,
    },
  },
});

/** A Razorpay webhook as Razorpay sends it: the body, its signature and its event id. */
export function razorpayWebhook(
  event: string,
  payload: Record<string, unknown>,
  opts: { createdAt?: number; eventId?: string; secret?: string } = {},
) {
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_patrika',
    event,
    contains: Object.keys(payload),
    payload,
    created_at: opts.createdAt ?? now(),
  });
  const signature = createHmac('sha256', opts.secret ?? RAZORPAY_WEBHOOK_SECRET)
    .update(body)
    .digest('hex');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature,
      'x-razorpay-event-id': opts.eventId ?? id('evt'),
    },
  };
}

/** A Stripe event as Stripe sends it, signed by the SDK's own test helper. */
export function stripeWebhook(
  type: string,
  object: Record<string, unknown>,
  opts: { created?: number; eventId?: string; secret?: string } = {},
) {
  const body = JSON.stringify({
    id: opts.eventId ?? id('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: opts.created ?? now(),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
  const signature = new Stripe(STRIPE_SECRET_KEY).webhooks.generateTestHeaderString({
    payload: body,
    secret: opts.secret ?? STRIPE_WEBHOOK_SECRET,
  });
  return {
    body,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
  };
}
