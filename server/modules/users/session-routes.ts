/* Sessions you can see and end (issue 40 item 5, docs/decisions/052). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema } from '../../../common/schemas/common';
import { SessionSchema } from '../../../common/schemas/users';
import { errorResponses, noticeSchema, SIGNED_IN } from '../../lib/errors';
import { type UsersService } from './users-service';
import { ADMINISTRATION, tags } from './users-route-options';

/** The signed-in person's sessions, and an administrator ending someone's. */
export function sessionRoutes(users: UsersService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/me/sessions',
      {
        schema: {
          tags,
          summary: 'The signed-in person’s sessions, the latest seen first; `current` is this one',
          security: [{ bearer: [] }],
          response: { 200: z.array(SessionSchema), ...errorResponses('auth.signed_out') },
        },
      },
      async (request) => users.sessions(await request.actor()),
    );

    app.delete(
      '/api/me/sessions/:id',
      {
        schema: {
          tags,
          summary: 'End one of the signed-in person’s sessions: its token answers 401 from now on',
          security: [{ bearer: [] }],
          params: IdParamsSchema,
          response: {
            200: noticeSchema('session.ended'),
            ...errorResponses(...SIGNED_IN, 'session.not_found'),
          },
        },
      },
      async (request) => users.endSession(await request.actor(), request.params.id),
    );

    app.delete(
      '/api/me/sessions',
      {
        schema: {
          tags,
          summary: 'End every session of the signed-in person but this one',
          security: [{ bearer: [] }],
          response: { 200: noticeSchema('session.others_ended'), ...errorResponses(...SIGNED_IN) },
        },
      },
      async (request) => users.endOtherSessions(await request.actor()),
    );

    app.delete(
      '/api/users/:id/sessions',
      {
        schema: {
          tags,
          summary: 'End every session of a person (administrator)',
          security: [{ bearer: [] }],
          params: IdParamsSchema,
          response: {
            200: noticeSchema('session.ended'),
            ...errorResponses(...ADMINISTRATION, 'user.not_found'),
          },
        },
      },
      async (request) => users.endSessionsOf(await request.actor(), request.params.id),
    );
  };
}
