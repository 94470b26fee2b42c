import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema } from '../../../common/schemas/common';
import {
  CheckoutInputSchema,
  CheckoutSchema,
  MembershipSchema,
  PlanInputSchema,
  PlanSchema,
  PlansOnOfferSchema,
} from '../../../common/schemas/payments';
import { errorResponses, JSON_BODY, SIGNED_IN } from '../../lib/errors';
import { setMemberCookie } from '../../plugins/auth';
import { memberRoutes } from './member-routes';
import { paymentWebhookRoutes } from './payment-webhook-routes';
import type { PaymentsService } from './payments-service';

/** Plans, checkout, a reader's membership, the members list (issue 39 item 4). */
export function paymentsRoutes(payments: PaymentsService, opts = { secureCookies: false }) {
  return async function (fastify: FastifyInstance) {
    await fastify.register(paymentWebhookRoutes(payments));
    const app = typed(fastify);
    registerPlanRoutes(app, payments);
    registerMembershipRoutes(app, payments, opts);
    await fastify.register(memberRoutes(payments));
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

function registerMembershipRoutes(
  app: App,
  payments: PaymentsService,
  opts: { secureCookies: boolean },
) {
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
      const actor = await request.actor();
      const membership = await payments.memberships.mine(actor);
      // The hint that makes this browser's pages its class's (issue 39 item 3).
      const reader = await payments.memberships.accessClassOf(actor);
      setMemberCookie(reply, reader !== 'none', opts.secureCookies);
      return membership;
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
