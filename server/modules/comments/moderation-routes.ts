import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { COMMENTS_API } from '../../../common/paths';
import { IdParamsSchema } from '../../../common/schemas/common';
import {
  CommentStatusAnswerSchema,
  CommentStatusInputSchema,
  CommentsModerateSchema,
  ModeratedSchema,
  QueuePageSchema,
  QueueQuerySchema,
} from '../../../common/schemas/comments';
import { errorResponses, JSON_BODY, SIGNED_IN } from '../../lib/errors';
import type { CommentsModeration } from './comments-moderation';

const tags = ['comments'];
const security = [{ bearer: [] }];
const MODERATORS = [...SIGNED_IN, 'auth.role_required'] as const;

/** The moderators' calls (issue 42 item 2): the queue, one comment's status, bulk changes. */
export function moderationRoutes(moderation: CommentsModeration) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      COMMENTS_API,
      {
        schema: {
          tags,
          summary:
            'The moderation queue: comments of a status, oldest first (moderators, editors, administrators)',
          description:
            'Each comment with its story, its reader and why it was held (`reason`). `status` defaults to `pending`; `article` narrows to one story.',
          security,
          querystring: QueueQuerySchema,
          response: { 200: QueuePageSchema, ...errorResponses(...MODERATORS) },
        },
      },
      async (request) => moderation.queue(await request.actor(), request.query),
    );
    app.put(
      `${COMMENTS_API}/:id/status`,
      {
        schema: {
          tags,
          summary:
            'Approve, hold, refuse or mark a comment as spam (moderators, editors, administrators)',
          security,
          params: IdParamsSchema,
          body: CommentStatusInputSchema,
          response: {
            200: CommentStatusAnswerSchema,
            ...errorResponses(...MODERATORS, ...JSON_BODY, 'comment.not_found'),
          },
        },
      },
      async (request) =>
        moderation.setStatus(await request.actor(), request.params.id, request.body.status),
    );
    app.post(
      `${COMMENTS_API}/moderate`,
      {
        schema: {
          tags,
          summary: 'Set the status of many comments at once (moderators, editors, administrators)',
          description: 'Answers how many changed; ids that name no comment are passed over.',
          security,
          body: CommentsModerateSchema,
          response: { 200: ModeratedSchema, ...errorResponses(...MODERATORS, ...JSON_BODY) },
        },
      },
      async (request) =>
        moderation.moderate(await request.actor(), request.body.ids, request.body.status),
    );
  };
}
