/*
 * What Razorpay Checkout needs the Content-Security-Policy to allow (issue 39 item 4): its
 * script, the frames it draws the payment in, the calls it reports to. Added only on the plans
 * page, where a reader opens it (app/features/members/checkout.ts), and only while Razorpay has
 * its keys; every other page keeps Patrika's own policy.
 */
import { PAGE_SEGMENTS } from '../../../common/paths';
import type { ExtraSources } from '../../plugins/security';

const RAZORPAY_CHECKOUT = {
  'script-src': ['https://checkout.razorpay.com'],
  'frame-src': ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  'connect-src': ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
} as const satisfies ExtraSources;

const PLANS_PAGE = new RegExp(`^/${PAGE_SEGMENTS.plans}(?:\\.data)?(?:[?#]|$)`);

/** The sources a page at `url` adds for a provider's checkout, or undefined. */
export function checkoutSources(url: string, razorpayOn: boolean): ExtraSources | undefined {
  return razorpayOn && PLANS_PAGE.test(url) ? RAZORPAY_CHECKOUT : undefined;
}

/** Two sets of extra sources as one (either may be absent). */
export function mergeSources(
  a: ExtraSources | undefined,
  b: ExtraSources | undefined,
): ExtraSources | undefined {
  if (!a || !b) return a ?? b;
  const merged: Record<string, readonly string[]> = {};
  for (const name of new Set([...Object.keys(a), ...Object.keys(b)]))
    merged[name] = [...(a[name] ?? []), ...(b[name] ?? [])];
  return merged;
}
