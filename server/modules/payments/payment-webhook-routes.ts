/*
 * The providers' signed webhooks (issue 39 item 4, docs/decisions/057):
 * `POST /api/payments/razorpay/webhook` and `POST /api/payments/stripe/webhook`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, JSON_BODY } from '../../lib/errors';
import type { PaymentsService } from './payments-service';

/** The most a provider's event may weigh. */
const WEBHOOK_BODY_MAX = 512 * 1024;
const WebhookAnswerSchema = z.object({
  received: z.literal(true),
  /**
   * `applied`, `replayed` (seen before), `stale` (older than the newest applied), `ignored`, or
   * `flagged` (a charge whose amount or currency is not the plan's: recorded, shown to
   * administrators, not applied).
   */
  outcome: z.enum(['applied', 'replayed', 'stale', 'ignored', 'flagged']),
});

/**
 * The providers' webhooks: their bodies stay the bytes that came (the signatures are over
 * them), so this scope parses nothing.
 */
export function paymentWebhookRoutes(payments: PaymentsService) {
  return async function (scope: FastifyInstance) {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_MAX },
      (_request, body, done) => done(null, body),
    );
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['payments'];
    const raw = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));
    const header = (value: string | string[] | undefined) =>
      typeof value === 'string' && value.length > 0 ? value : undefined;
    const response = {
      200: WebhookAnswerSchema,
      ...errorResponses(...JSON_BODY, 'payment.signature_invalid', 'payment.event_invalid'),
    };
    app.post(
      '/api/payments/razorpay/webhook',
      {
        schema: {
          tags,
          summary:
            'Razorpay’s events (subscription.activated, .charged, .halted, .cancelled, payment.failed), signed in X-Razorpay-Signature (hex HMAC-SHA256 of the raw body with RAZORPAY_WEBHOOK_SECRET); each event id (X-Razorpay-Event-Id) is applied once, an older event than the newest applied changes nothing; a subscription is found by Razorpay’s subscription id, never by a payment’s notes; a charge whose amount or currency is not the plan’s is flagged, not applied',
          // Signed by the provider, not a session.
          security: [],
          response,
        },
      },
      async (request) => ({
        received: true as const,
        outcome: await payments.webhooks.razorpay(
          raw(request.body),
          header(request.headers['x-razorpay-signature']),
          header(request.headers['x-razorpay-event-id']),
        ),
      }),
    );
    app.post(
      '/api/payments/stripe/webhook',
      {
        schema: {
          tags,
          summary:
            'Stripe’s events (checkout.session.completed, .async_payment_succeeded, .async_payment_failed, invoice.paid, invoice.payment_failed, customer.subscription.updated, .deleted), verified by the SDK from Stripe-Signature and STRIPE_WEBHOOK_SECRET; each event id is applied once, an older event than the newest applied changes nothing; a session completed unpaid makes a member only at its async_payment_succeeded; a charge whose amount or currency is not the plan’s is flagged, not applied',
          // Signed by the provider, not a session.
          security: [],
          response,
        },
      },
      async (request) => ({
        received: true as const,
        outcome: await payments.webhooks.stripe(
          raw(request.body),
          header(request.headers['stripe-signature']),
        ),
      }),
    );
  };
}
