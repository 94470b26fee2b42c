import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMMENTS_API } from '../../../common/paths';
import { IdParamsSchema } from '../../../common/schemas/common';
import {
  CommentBanInputSchema,
  CommentBanListSchema,
  CommentBanSchema,
  CommentNotificationsSchema,
  CommentReportedSchema,
  CommentReportSchema,
} from '../../../common/schemas/comments';
import { errorResponses, JSON_BODY, SIGNED_IN } from '../../lib/errors';
import type { CommentSafety } from './comment-safety';

const tags = ['comments'];
const security = [{ bearer: [] }];

/** Readers' reports and moderators' bans (issue 42 items 2 and 4). */
export function safetyRoutes(safety: CommentSafety) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      `${COMMENTS_API}/:id/report`,
      {
        schema: {
          tags,
          summary: 'Report a shown comment (signed in, once per reader)',
          description:
            'Three open reports hold the comment for a moderator (status `pending`, reason `reports`); a moderator’s decision settles them.',
          security,
          params: IdParamsSchema,
          body: CommentReportSchema,
          response: {
            200: CommentReportedSchema,
            ...errorResponses(
              ...SIGNED_IN,
              ...JSON_BODY,
              'comment.not_found',
              'comment.already_reported',
            ),
          },
        },
      },
      async (request) => safety.report(await request.actor(), request.params.id, request.body),
    );
    app.post(
      '/api/users/:id/ban',
      {
        schema: {
          tags,
          summary: 'Ban a reader from commenting (moderators, editors, administrators)',
          description:
            'Until `until`, or until lifted when it is left out; a new ban replaces the old. The reader’s comment writes then answer 403 `comment.banned` with `reason`.',
          security,
          params: IdParamsSchema,
          body: CommentBanInputSchema,
          response: {
            200: CommentBanSchema,
            ...errorResponses(
              ...SIGNED_IN,
              ...JSON_BODY,
              'auth.role_required',
              'user.not_found',
              'comment.ban_staff',
            ),
          },
        },
      },
      async (request) => safety.ban(await request.actor(), request.params.id, request.body),
    );
  };
}

/** The moderators' list of bans, and lifting one (issue 42 item 2). */
export function banListRoutes(safety: CommentSafety) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      `${COMMENTS_API}/bans`,
      {
        schema: {
          tags,
          summary: 'Every ban of a reader from commenting, newest first (moderators and up)',
          security,
          response: {
            200: CommentBanListSchema,
            ...errorResponses(...SIGNED_IN, 'auth.role_required'),
          },
        },
      },
      async (request) => safety.bans(await request.actor()),
    );
    app.delete(
      '/api/users/:id/ban',
      {
        schema: {
          tags,
          summary: 'Lift a reader’s ban from commenting (moderators and up)',
          description: 'Answers 204 whether or not the reader was banned.',
          security,
          params: IdParamsSchema,
          response: {
            204: z.null().describe('Lifted'),
            ...errorResponses(...SIGNED_IN, 'auth.role_required'),
          },
        },
      },
      async (request, reply) => {
        await safety.lift(await request.actor(), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}

/** A reader's mail about comments (issue 42 item 4). */
export function notificationRoutes(safety: CommentSafety) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/me/notifications',
      {
        schema: {
          tags,
          summary: 'Whether replies to one’s comments come by mail',
          security,
          response: { 200: CommentNotificationsSchema, ...errorResponses(...SIGNED_IN) },
        },
      },
      async (request) => safety.notifications(await request.actor()),
    );
    app.put(
      '/api/me/notifications',
      {
        schema: {
          tags,
          summary: 'Opt in to (or out of) a mail when someone replies to one’s comment',
          security,
          body: CommentNotificationsSchema,
          response: {
            200: CommentNotificationsSchema,
            ...errorResponses(...SIGNED_IN, ...JSON_BODY),
          },
        },
      },
      async (request) => safety.setNotifications(await request.actor(), request.body),
    );
  };
}
