/*
 * The providers through their official SDKs (docs/decisions/057): Razorpay's `razorpay` and
 * Stripe's `stripe`, each made only when its keys are set, each pointed at its configured API
 * address (RAZORPAY_API_URL, STRIPE_API_URL: the tests' local server answers as their APIs do).
 * Nothing here knows the database; the service decides what a call means. Each SDK is loaded at
 * its first call (together about 12 MB of a process that takes no payments).
 */
import type Razorpay from 'razorpay';
import type Stripe from 'stripe';
import type { PaymentsConfig } from '../../env';
import type { Provider } from '../../../common/schemas/payments';

/** What a plan is at a provider: enough to make a Razorpay plan or a Stripe price. */
export interface ProviderPlan {
  id: string;
  name: string;
  interval: 'month' | 'year';
  amount: number;
  currency: string;
  trialDays: number;
}

/** Who pays: their id travels with the provider's subscription so an event finds them. */
export interface Payer {
  id: string;
  email: string;
  name: string;
}

const MAX_SECONDS = 15;

const razorpaySdk = async () => (await import('razorpay')).default;
const stripeSdk = async () => (await import('stripe')).default;

/** A value made at its first use, then kept. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

/**
 * Razorpay's SDK names its API address in its constructor (api.razorpay.com) and offers no
 * option for it; its axios instance's base address is where every call goes, set here.
 */
async function razorpayAt(keyId: string, keySecret: string, apiUrl: string): Promise<Razorpay> {
  const RazorpaySdk = await razorpaySdk();
  const client = new RazorpaySdk({ key_id: keyId, key_secret: keySecret });
  const api = (
    client as unknown as { api: { rq: { defaults: { baseURL: string; timeout: number } } } }
  ).api;
  api.rq.defaults.baseURL = apiUrl;
  api.rq.defaults.timeout = MAX_SECONDS * 1000;
  return client;
}

async function stripeAt(secretKey: string, apiUrl: string): Promise<Stripe> {
  const StripeSdk = await stripeSdk();
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new StripeSdk(secretKey, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    timeout: MAX_SECONDS * 1000,
    maxNetworkRetries: 1,
    appInfo: { name: 'Patrika' },
  });
}

type RazorpayConfig = NonNullable<PaymentsConfig['razorpay']>;
type StripeConfig = NonNullable<PaymentsConfig['stripe']>;

/** Razorpay's calls, its client made at the first. */
function razorpayProvider(rz: RazorpayConfig) {
  const razorpay = once(() => razorpayAt(rz.keyId, rz.keySecret, rz.apiUrl));
  return {
    keyId: rz.keyId,
    webhookSecret: rz.webhookSecret,
    /** A Razorpay plan for ours (its plans never change: a new one when the price does). */
    async makePlan(plan: ProviderPlan): Promise<string> {
      const made = await (
        await razorpay()
      ).plans.create({
        period: plan.interval === 'month' ? 'monthly' : 'yearly',
        interval: 1,
        item: { name: plan.name, amount: plan.amount, currency: plan.currency },
        notes: { patrikaPlanId: plan.id },
      });
      return made.id;
    },
    /** A subscription the reader authorises in Razorpay Checkout (a card or a UPI AutoPay mandate). */
    async subscribe(razorpayPlanId: string, plan: ProviderPlan, payer: Payer, now: Date) {
      const made = await (
        await razorpay()
      ).subscriptions.create({
        plan_id: razorpayPlanId,
        // Razorpay asks how many charges at most: ten years of them.
        total_count: plan.interval === 'month' ? 120 : 10,
        customer_notify: 1,
        ...(plan.trialDays > 0
          ? { start_at: Math.floor(now.getTime() / 1000) + plan.trialDays * 86_400 }
          : {}),
        notes: { patrikaUserId: payer.id, patrikaPlanId: plan.id },
      });
      return made.id;
    },
    /** Cancels at the end of the period paid for. */
    async cancelAtPeriodEnd(subscriptionId: string): Promise<void> {
      await (await razorpay()).subscriptions.cancel(subscriptionId, true);
    },
    /** Whether `signature` is Razorpay's for these bytes (the SDK's check). */
    async verify(raw: Buffer, signature: string, secret: string): Promise<boolean> {
      return (await razorpaySdk()).validateWebhookSignature(
        raw.toString('utf8'),
        signature,
        secret,
      );
    },
  };
}

/** Stripe's calls, its client made at the first. */
function stripeProvider(st: StripeConfig, publicUrl: string) {
  const stripe = once(() => stripeAt(st.secretKey, st.apiUrl));
  return {
    webhookSecret: st.webhookSecret,
    /** A Checkout Session in subscription mode: its page is where the reader pays. */
    async checkout(plan: ProviderPlan, payer: Payer): Promise<{ id: string; url: string }> {
      const metadata = { patrikaUserId: payer.id, patrikaPlanId: plan.id };
      const session = await (
        await stripe()
      ).checkout.sessions.create({
        mode: 'subscription',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: plan.currency.toLowerCase(),
              unit_amount: plan.amount,
              recurring: { interval: plan.interval },
              product_data: { name: plan.name },
            },
          },
        ],
        client_reference_id: payer.id,
        customer_email: payer.email,
        metadata,
        subscription_data: {
          metadata,
          ...(plan.trialDays > 0 ? { trial_period_days: plan.trialDays } : {}),
        },
        success_url: `${publicUrl}/account?membership=welcome`,
        cancel_url: `${publicUrl}/account?membership=cancelled`,
      });
      if (!session.url) throw new Error('Stripe answered a Checkout Session without its url');
      return { id: session.id, url: session.url };
    },
    async cancelAtPeriodEnd(subscriptionId: string): Promise<void> {
      await (await stripe()).subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    },
    /** The event, once the SDK verified its signature; throws otherwise. */
    async verify(raw: Buffer, signature: string, secret: string): Promise<Stripe.Event> {
      return (await stripe()).webhooks.constructEvent(raw, signature, secret);
    },
  };
}

export function createPaymentProviders(config: PaymentsConfig, publicUrl: string) {
  const razorpay = config.razorpay && razorpayProvider(config.razorpay);
  const stripe = config.stripe && stripeProvider(config.stripe, publicUrl);
  return {
    /** The providers a reader may pay through here (their keys are set). */
    offered: (): Provider[] => [
      ...(razorpay ? (['razorpay'] as const) : []),
      ...(stripe ? (['stripe'] as const) : []),
    ],
    razorpay,
    stripe,
  };
}
export type PaymentProviders = ReturnType<typeof createPaymentProviders>;
