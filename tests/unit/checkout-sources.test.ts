/*
 * Razorpay Checkout's hosts join the Content-Security-Policy on the plans page alone, and only
 * while Razorpay has its keys (issue 39 item 4).
 */
import { describe, expect, it } from 'vitest';
import { checkoutSources, mergeSources } from '../../server/modules/payments/checkout-sources';
import { contentSecurityPolicy } from '../../server/plugins/security';

describe('checkoutSources', () => {
  it('adds Razorpay Checkout to the plans page while Razorpay is set up', () => {
    for (const url of ['/plans', '/plans?x=1', '/plans.data']) {
      const policy = contentSecurityPolicy('n', checkoutSources(url, true));
      expect(policy, url).toMatch(/script-src [^;]*https:\/\/checkout\.razorpay\.com/);
      expect(policy, url).toMatch(/frame-src [^;]*https:\/\/api\.razorpay\.com/);
    }
  });

  it('adds nothing elsewhere, or without Razorpay', () => {
    expect(checkoutSources('/plans', false)).toBeUndefined();
    for (const url of ['/', '/plansx', '/city/plans', '/profile'])
      expect(checkoutSources(url, true), url).toBeUndefined();
  });

  it('merges with an ad provider’s sources', () => {
    const merged = mergeSources(
      { 'script-src': ['https://ads.example'] },
      checkoutSources('/plans', true),
    );
    expect(merged?.['script-src']).toEqual([
      'https://ads.example',
      'https://checkout.razorpay.com',
    ]);
    expect(mergeSources(undefined, undefined)).toBeUndefined();
  });
});
