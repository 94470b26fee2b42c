/*
 * Opening a provider's checkout for a plan (issue 39 item 4, docs/decisions/057): the server
 * makes the provider's subscription (POST /api/subscriptions/checkout) and answers what its
 * checkout needs. Stripe: its Checkout Session's page, where the reader is sent. Razorpay: its
 * Checkout script opened on this page with the subscription's id and the key id (cards, and UPI
 * AutoPay mandates); the membership begins when Razorpay's webhook says so.
 */
import type { Checkout, Plan } from '../../../common/schemas/payments';
import { PAGE_SEGMENTS } from '../../../common/paths';

const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

type RazorpayCheckout = new (options: Record<string, unknown>) => { open(): void };

function razorpayScript(): Promise<RazorpayCheckout> {
  const loaded = (window as { Razorpay?: RazorpayCheckout }).Razorpay;
  if (loaded) return Promise.resolve(loaded);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_SCRIPT;
    script.async = true;
    script.onload = () => {
      const made = (window as { Razorpay?: RazorpayCheckout }).Razorpay;
      if (made) resolve(made);
      else reject(new Error('Razorpay Checkout did not load'));
    };
    script.onerror = () => reject(new Error('Razorpay Checkout did not load'));
    document.head.append(script);
  });
}

/** Starts paying for `plan` through `provider`; rejects when the server or provider refuses. */
export async function startCheckout(plan: Plan, provider: Checkout['provider']): Promise<void> {
  const res = await fetch('/api/subscriptions/checkout', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ planId: plan._id, provider }),
  });
  if (!res.ok) throw new Error(`checkout answered ${res.status}`);
  const checkout = (await res.json()) as Checkout;
  if (checkout.provider === 'stripe') {
    window.location.assign(checkout.url);
    return;
  }
  const Razorpay = await razorpayScript();
  new Razorpay({
    key: checkout.keyId,
    subscription_id: checkout.subscriptionId,
    name: plan.name,
    // Paid: the membership is the webhook's to begin; the reader's page says how it stands.
    handler: () => window.location.assign(`/${PAGE_SEGMENTS.profile}`),
  }).open();
}
