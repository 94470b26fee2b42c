/*
 * A reader pays for a plan in the browser (issue 39 item 4), on a site of its own with both
 * providers' keys, whose SDKs talk to a local server that answers as each provider's documented
 * API does (tests/setup/payment-providers.ts: the providers cannot be reached from here, as
 * README says). What only the provider's own pages would do is stood in for at their addresses:
 * Stripe's Checkout page (the reader is sent there) and Razorpay's Checkout script (loaded from
 * checkout.razorpay.com and opened on the page), whose payment handler brings the reader to
 * their page. The membership begins when Razorpay's webhook, signed with the webhook secret,
 * says so.
 */
import {
  providerEnv,
  razorpaySubscriptionPayload,
  razorpayWebhook,
  RAZORPAY_KEY_ID,
  startPaymentProviders,
  type PaymentProvidersServer,
} from '../setup/payment-providers';
import { test as base, expect, hydrated, openSignedIn, startOwnSite } from './fixtures';

const test = base.extend<object, { providers: PaymentProvidersServer }>({
  providers: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startPaymentProviders();
      try {
        await use(server);
      } finally {
        await server.close();
      }
    },
    { scope: 'worker' },
  ],
  // This file's site has the providers' keys; the others' sites have none.
  site: [
    async ({ providers }, use) => {
      const own = await startOwnSite(providerEnv(providers));
      try {
        await use(own.url);
      } finally {
        await own.stop();
      }
    },
    { scope: 'worker', timeout: 300_000 },
  ],
});

/** What the stand-in of Razorpay's Checkout was opened with. */
interface OpenedCheckout {
  key: string;
  subscription_id: string;
  name: string;
}

test('a reader subscribes through Stripe’s Checkout or Razorpay’s, and becomes a member', async ({
  page,
  make,
  site,
  providers,
}) => {
  const name = `Monthly ${Date.now().toString(36)}`;
  const plan = await make.plan({ name });
  const reader = await make.account({ label: 'checkout-reader' });
  await page.route('https://checkout.stripe.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Stripe Checkout</title><h1>Stripe Checkout</h1>',
    }),
  );
  await page.route('https://checkout.razorpay.com/v1/checkout.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.Razorpay = function (options) { this.options = options; };
        window.Razorpay.prototype.open = function () { window.__opened = this.options; };`,
    }),
  );

  // Stripe: the server makes a Checkout Session for this reader and plan; the reader goes there.
  await openSignedIn(page, reader, '/plans');
  await hydrated(page);
  const card = page.getByRole('region', { name });
  await card.getByRole('button', { name: 'Subscribe with Stripe' }).click();
  await expect(page).toHaveURL(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
  const session = providers.requests.find(
    (r) => r.provider === 'stripe' && r.path === '/v1/checkout/sessions',
  );
  expect(session?.body).toMatchObject({
    mode: 'subscription',
    client_reference_id: reader._id,
    'metadata[patrikaUserId]': reader._id,
    'metadata[patrikaPlanId]': plan._id,
  });

  // Razorpay: its Checkout opens on the page with the key id and the subscription just made.
  await page.goto('/plans');
  await hydrated(page);
  await card.getByRole('button', { name: 'Subscribe with Razorpay' }).click();
  const opened = await page
    .waitForFunction(() => (window as unknown as { __opened?: object }).__opened)
    .then((handle) => handle.jsonValue() as Promise<OpenedCheckout>);
  const made = providers.requests.filter(
    (r) => r.provider === 'razorpay' && r.path === '/v1/subscriptions',
  );
  expect(made).toHaveLength(1);
  expect(made[0]!.body).toMatchObject({ notes: { patrikaUserId: reader._id } });
  expect(opened).toMatchObject({ key: RAZORPAY_KEY_ID, name });
  expect(opened.subscription_id).toMatch(/^sub_/);

  // Paid: Razorpay calls the page's handler, which brings the reader to their page; the
  // membership is the webhook's to begin.
  await page.evaluate(() =>
    (window as unknown as { __opened: { handler(r: object): void } }).__opened.handler({
      razorpay_payment_id: 'pay_checkout',
      razorpay_subscription_id: 'sub_checkout',
      razorpay_signature: 'checked by the webhook, not here',
    }),
  );
  await expect(page).toHaveURL(/\/profile$/);
  const hook = razorpayWebhook(
    'subscription.activated',
    razorpaySubscriptionPayload(opened.subscription_id, reader._id, plan._id),
  );
  const delivered = await fetch(new URL('/api/payments/razorpay/webhook', site), {
    method: 'POST',
    headers: hook.headers,
    body: hook.body,
  });
  expect(delivered.status).toBe(200);
  await page.reload();
  const membership = page.getByRole('region', { name: 'Membership' });
  await expect(membership.getByText(name)).toBeVisible();
  await expect(membership.getByText('Active')).toBeVisible();
});
