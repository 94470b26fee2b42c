import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema } from '../../../common/schemas/common';
import {
  CheckoutInputSchema,
  CheckoutSchema,
  ComplimentaryInputSchema,
  MemberSchema,
  MembershipSchema,
  MembersQuerySchema,
  MembersSummarySchema,
  PlanInputSchema,
  PlanSchema,
  PlansOnOfferSchema,
  UserIdParamsSchema,
} from '../../../common/schemas/payments';
import { errorResponses, JSON_BODY, SIGNED_IN } from '../../lib/errors';
import { membersCsv } from './member-admin';
import type { PaymentsService } from './payments-service';

/** The most a provider's event may weigh. */
const WEBHOOK_BODY_MAX = 512 * 1024;
const WebhookAnswerSchema = z.object({
  received: z.literal(true),
  /** `applied`, `replayed` (seen before), `stale` (older than the newest applied) or `ignored`. */
  outcome: z.enum(['applied', 'replayed', 'stale', 'ignored']),
});

/**
 * The providers' webhooks: their bodies stay the bytes that came (the signatures are over
 * them), so this scope parses nothing.
 */
function webhookRoutes(payments: PaymentsService) {
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
            'Razorpay’s events (subscription.activated, .charged, .halted, .cancelled, payment.failed), signed in X-Razorpay-Signature (hex HMAC-SHA256 of the raw body with RAZORPAY_WEBHOOK_SECRET); each event id (X-Razorpay-Event-Id) is applied once, an older event than the newest applied changes nothing',
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
            'Stripe’s events (checkout.session.completed, invoice.paid, invoice.payment_failed, customer.subscription.updated, .deleted), verified by the SDK from Stripe-Signature and STRIPE_WEBHOOK_SECRET; each event id is applied once, an older event than the newest applied changes nothing',
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

/** Plans, checkout, a reader's membership, the members list (issue 39 item 4). */
export function paymentsRoutes(payments: PaymentsService) {
  return async function (fastify: FastifyInstance) {
    await fastify.register(webhookRoutes(payments));
    const app = typed(fastify);
    registerPlanRoutes(app, payments);
    registerMembershipRoutes(app, payments);
    registerMemberRoutes(app, payments);
  };
}

type App = ReturnType<typeof typed>;
const typed = (fastify: FastifyInstance) => fastify.withTypeProvider<ZodTypeProvider>();

function registerPlanRoutes(app: App, payments: PaymentsService) {
  const security = [{ bearer: [] }];
  const ADMINS = [...SIGNED_IN, 'plan.forbidden'] as const;
  const PLAN_INPUT = [
    'plan.name_required',
    'plan.name_too_long',
    'plan.interval_invalid',
    'plan.amount_invalid',
    'plan.currency_invalid',
    'plan.trial_days_invalid',
    'plan.access_invalid',
    'plan.active_invalid',
  ] as const;
  app.post(
    '/api/plans',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Make a plan (administrators): amount in the currency’s smallest unit (paise for INR), month or year, what it opens (members or paid stories)',
        security,
        body: PlanInputSchema,
        response: {
          201: PlanSchema,
          ...errorResponses(...ADMINS, ...JSON_BODY, ...PLAN_INPUT),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await payments.plans.create(await request.actor(), request.body)),
  );
  app.put(
    '/api/plans/:id',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Change a plan (administrators); members keep paying what they pay, new checkouts pay the new price',
        security,
        params: IdParamsSchema,
        body: PlanInputSchema,
        response: {
          200: PlanSchema,
          ...errorResponses(...ADMINS, ...JSON_BODY, ...PLAN_INPUT, 'plan.not_found'),
        },
      },
    },
    async (request) =>
      payments.plans.update(await request.actor(), request.params.id, request.body),
  );
  app.get(
    '/api/plans',
    {
      schema: {
        tags: ['payments'],
        summary: 'The plans on offer, and the providers a reader may pay through here',
        security: [],
        response: { 200: PlansOnOfferSchema, ...errorResponses() },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return payments.plans.onOffer();
    },
  );
  app.get(
    '/api/plans/admin-plans',
    {
      schema: {
        tags: ['payments'],
        summary: 'Every plan, on offer or not (administrators)',
        security,
        response: { 200: z.array(PlanSchema), ...errorResponses(...ADMINS) },
      },
    },
    async (request) => payments.plans.all(await request.actor()),
  );
}

function registerMembershipRoutes(app: App, payments: PaymentsService) {
  const tags = ['payments'];
  const security = [{ bearer: [] }];
  app.post(
    '/api/subscriptions/checkout',
    {
      schema: {
        tags,
        summary:
          'Start paying for a plan (signed in): Razorpay answers the subscription id and key id for its Checkout script (cards, UPI AutoPay), Stripe a Checkout Session’s url',
        security,
        body: CheckoutInputSchema,
        response: {
          200: CheckoutSchema,
          ...errorResponses(
            ...SIGNED_IN,
            ...JSON_BODY,
            'plan.id_invalid',
            'payment.provider_invalid',
            'plan.not_found',
            'plan.inactive',
            'payment.provider_unavailable',
            'payment.provider_unreachable',
          ),
        },
      },
    },
    async (request) => payments.plans.checkout(await request.actor(), request.body),
  );
  app.get(
    '/api/me/membership',
    {
      schema: {
        tags,
        summary: 'My membership: its plan, status, the end of the period paid for, its provider',
        security,
        response: { 200: MembershipSchema, ...errorResponses(...SIGNED_IN) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return payments.memberships.mine(await request.actor());
    },
  );
  app.post(
    '/api/me/membership/cancel',
    {
      schema: {
        tags,
        summary:
          'Cancel my membership at the end of the period paid for, through its provider (a complimentary one ends now)',
        security,
        response: {
          200: MembershipSchema,
          ...errorResponses(
            ...SIGNED_IN,
            'membership.none',
            'payment.provider_unavailable',
            'payment.provider_unreachable',
          ),
        },
      },
    },
    async (request) => payments.memberships.cancel(await request.actor()),
  );
}

function registerMemberRoutes(app: App, payments: PaymentsService) {
  const tags = ['payments'];
  const security = [{ bearer: [] }];
  const ADMINS = [...SIGNED_IN, 'member.forbidden'] as const;
  app.get(
    '/api/members',
    {
      schema: {
        tags,
        summary:
          'Members (administrators), newest first, filtered by status and plan; as CSV with format=csv',
        security,
        querystring: MembersQuerySchema,
        response: {
          200: z
            .array(MemberSchema)
            .or(z.string().meta({ description: 'text/csv with format=csv' })),
          ...errorResponses(...ADMINS, 'member.status_invalid', 'plan.id_invalid'),
        },
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      const members = await payments.members.members(await request.actor(), filter);
      reply.header('cache-control', 'no-store');
      if (format === 'json') return members;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="members.csv"')
        .send(membersCsv(members));
    },
  );
  app.get(
    '/api/members/summary',
    {
      schema: {
        tags,
        summary:
          'The dashboard’s figures (administrators): active members, trials, those behind on payment, complimentary ones, monthly recurring revenue by currency',
        security,
        response: { 200: MembersSummarySchema, ...errorResponses(...ADMINS) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return payments.members.summary(await request.actor());
    },
  );
  registerComplimentaryRoute(app, payments);
}

function registerComplimentaryRoute(app: App, payments: PaymentsService) {
  const ADMINS = [...SIGNED_IN, 'member.forbidden'] as const;
  app.post(
    '/api/members/:userId/complimentary',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Give a person a complimentary membership (administrators): of a plan or none, until a time or until ended',
        security: [{ bearer: [] }],
        params: UserIdParamsSchema,
        body: ComplimentaryInputSchema,
        response: {
          201: MembershipSchema,
          ...errorResponses(
            ...ADMINS,
            ...JSON_BODY,
            'plan.id_invalid',
            'member.until_invalid',
            'member.user_not_found',
            'plan.not_found',
          ),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await payments.members.giveComplimentary(
            await request.actor(),
            request.params.userId,
            request.body,
          ),
        ),
  );
}
