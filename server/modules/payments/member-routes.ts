/*
 * The administrators' members routes (issue 39 item 4): the list (JSON or CSV), the dashboard's
 * figures, and giving and ending a complimentary membership.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ComplimentaryInputSchema,
  MemberSchema,
  MembershipSchema,
  MembersQuerySchema,
  MembersSummarySchema,
  UserIdParamsSchema,
} from '../../../common/schemas/payments';
import { errorResponses, JSON_BODY, SIGNED_IN } from '../../lib/errors';
import { membersCsv } from './member-admin';
import type { PaymentsService } from './payments-service';

type App = ReturnType<typeof typed>;
const typed = (fastify: FastifyInstance) => fastify.withTypeProvider<ZodTypeProvider>();

export function memberRoutes(payments: PaymentsService) {
  return async function (fastify: FastifyInstance) {
    registerMemberRoutes(typed(fastify), payments);
  };
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
  app.delete(
    '/api/members/:userId/complimentary',
    {
      schema: {
        tags: ['payments'],
        summary:
          'End a person’s complimentary membership now (administrators); a paid one is theirs to cancel',
        security: [{ bearer: [] }],
        params: UserIdParamsSchema,
        response: {
          200: MembershipSchema,
          ...errorResponses(...ADMINS, 'member.complimentary_none'),
        },
      },
    },
    async (request) =>
      payments.members.endComplimentary(await request.actor(), request.params.userId),
  );
}
