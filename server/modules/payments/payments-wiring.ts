/*
 * The payments module wired (server/platform-wiring.ts calls it once): the providers
 * PAYMENTS_* configure.
 */
import type { Config } from '../../env';
import { createPaymentProviders } from './payment-providers';
import { createPaymentsService } from './payments-service';

/** Plans and payments through Razorpay and Stripe (issue 39 item 4, docs/decisions/057). */
export function paymentsOf(
  config: Pick<Config, 'payments' | 'publicUrl'>,
  deps: Omit<Parameters<typeof createPaymentsService>[0], 'providers'>,
) {
  return createPaymentsService({
    ...deps,
    providers: createPaymentProviders(config.payments, config.publicUrl),
  });
}
