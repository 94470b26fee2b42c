import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { articleCommentsPath, COMMENTS_API } from '../../../common/paths';
import { IdParamsSchema, MessageSchema } from '../../../common/schemas/common';
import {
  CommentInputSchema,
  CommentPostedSchema,
  CommentsPageSchema,
  CommentsQuerySchema,
  CommentUpdateSchema,
} from '../../../common/schemas/comments';
import { etagOf, noneMatchHits } from '../../caching/http-caching';
import { errorResponses, JSON_BODY, SIGNED_IN } from '../../lib/errors';
import type { CommentsService } from './comments-service';
import { moderationRoutes } from './moderation-routes';
import { banListRoutes, notificationRoutes, safetyRoutes } from './safety-routes';

const tags = ['comments'];
const security = [{ bearer: [] }];
/** What stops a reader's comment, new or changed (issue 42 item 1). */
const WRITE_RULES = [
  ...SIGNED_IN,
  ...JSON_BODY,
  'article.not_found',
  'comment.closed',
  'comment.unconfirmed',
  'comment.banned',
] as const;

/**
 * Readers' comments (issue 42 item 1). The list is the same for everyone: it answers with an
 * ETag and may be kept, but is asked again each time (a comment approved shows at once).
 */
export function commentsRoutes(comments: CommentsService) {
  return async function (app: FastifyInstance) {
    await app.register(commentsReadRoutes(comments));
    await app.register(commentsWriteRoutes(comments));
    await app.register(moderationRoutes(comments.moderation));
    await app.register(safetyRoutes(comments.safety));
    await app.register(banListRoutes(comments.safety));
    await app.register(notificationRoutes(comments.safety));
  };
}

function commentsReadRoutes(comments: CommentsService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      articleCommentsPath(':id'),
      {
        schema: {
          tags,
          summary: 'A published story’s approved comments, replies nested one level',
          description:
            'Top-level comments by page (20 a page), oldest or newest first, each with its approved replies oldest first. Answers carry an ETag; `If-None-Match` gets 304.',
          security: [],
          params: IdParamsSchema,
          querystring: CommentsQuerySchema,
          response: {
            200: CommentsPageSchema,
            304: z.null().describe('Not modified: the If-None-Match tag names the current answer'),
            ...errorResponses('article.not_found'),
          },
        },
      },
      async (request, reply) => {
        const page = await comments.list(request.params.id, request.query);
        const etag = etagOf(JSON.stringify(page));
        reply.header('cache-control', 'public, no-cache').header('etag', etag);
        if (noneMatchHits(request.headers['if-none-match'], etag))
          return reply.code(304).send(null);
        return reply.send(page);
      },
    );
  };
}

/** A reader's own comments: post, change, delete (editors and administrators delete any). */
function commentsWriteRoutes(comments: CommentsService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      articleCommentsPath(':id'),
      {
        schema: {
          tags,
          summary: 'Comment on a published story (signed-in readers with a confirmed address)',
          description:
            'Answers the comment’s id and whether it is shown (`approved`) or waits for a moderator (`pending`). More than 5 comments a minute from one reader answer 429.',
          security,
          params: IdParamsSchema,
          body: CommentInputSchema,
          response: {
            201: CommentPostedSchema,
            ...errorResponses(...WRITE_RULES, 'comment.parent_invalid', 'comment.too_fast'),
          },
        },
      },
      async (request, reply) => {
        const posted = await comments.post(await request.actor(), request.params.id, request.body);
        return reply.code(201).send(posted);
      },
    );
    app.put(
      `${COMMENTS_API}/:id`,
      {
        schema: {
          tags,
          summary: 'Change one’s own comment, in its first 15 minutes',
          description: 'The changed text passes the same rules as a new comment (it may be held).',
          security,
          params: IdParamsSchema,
          body: CommentUpdateSchema,
          response: {
            200: CommentPostedSchema,
            ...errorResponses(
              ...WRITE_RULES,
              'comment.not_found',
              'comment.not_yours',
              'comment.edit_window',
            ),
          },
        },
      },
      async (request) => comments.edit(await request.actor(), request.params.id, request.body),
    );
    app.delete(
      `${COMMENTS_API}/:id`,
      {
        schema: {
          tags,
          summary:
            'Delete a comment and its replies (its reader, or a moderator, editor or administrator)',
          security,
          params: IdParamsSchema,
          response: {
            200: MessageSchema,
            ...errorResponses(...SIGNED_IN, 'comment.not_found', 'comment.not_yours'),
          },
        },
      },
      async (request) => {
        await comments.remove(await request.actor(), request.params.id);
        return { message: 'The comment was deleted.' };
      },
    );
  };
}
