/*
 * Plans and payments (issue 39 item 4, docs/decisions/057), composed from its parts: plans and
 * checkout (payment-plans.ts), the providers' webhooks (payment-webhooks.ts), memberships
 * (memberships.ts) and the members list (member-admin.ts).
 */
import { memberAdmin } from './member-admin';
import { memberships } from './memberships';
import { paymentPlans } from './payment-plans';
import { paymentWebhooks } from './payment-webhooks';
import type { PaymentsDeps } from './payments-deps';

export function createPaymentsService(deps: PaymentsDeps) {
  const { atProvider, ...plans } = paymentPlans(deps);
  return {
    plans,
    webhooks: paymentWebhooks(deps),
    memberships: memberships(deps, atProvider),
    members: memberAdmin(deps),
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
