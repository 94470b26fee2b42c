import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ArticleSchema } from '../../../common/schemas/articles';
import {
  ArticleStatusChangeSchema,
  PreviewLinkSchema,
  ReviewQueueSchema,
} from '../../../common/schemas/article-input';
import { IdParamsSchema, MessageSchema } from '../../../common/schemas/common';
import {
  AutosaveInputSchema,
  PRESENCE_HEARTBEAT_MS,
  PRESENCE_WINDOW_MS,
  PresenceSchema,
  RestoreInputSchema,
  RevisionListSchema,
  RevisionParamsSchema,
  RevisionSchema,
  RevisionSummarySchema,
} from '../../../common/schemas/revisions';
import { errorResponses, JSON_BODY } from '../../lib/errors';
import { EDITABLE, UPDATE_REFUSALS } from '../articles/article-refusals';

import { marginNotesRoutes } from './margin-notes-routes';
import type { NewsroomService } from './newsroom-service';

/** The newsroom's calls: status moves, review, previews, revisions, autosave, presence, notes. */
export function newsroomRoutes(newsroom: NewsroomService) {
  return async function (app: FastifyInstance) {
    await app.register(statusRoutes(newsroom));
    await app.register(historyRoutes(newsroom));
    await app.register(draftingRoutes(newsroom));
    await app.register(marginNotesRoutes(newsroom));
  };
}

/** Status moves and the review queue (DECISIONS.md §11). */
function statusRoutes(newsroom: NewsroomService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['articles'];
    const security = [{ bearer: [] }];
    app.post(
      '/api/articles/:id/status',
      {
        schema: {
          tags,
          summary:
            'Submit for review (pending), publish now or schedule (published, optional future publishedAt), or send back to draft with a note. With the setting authorsNeedReview on, an author publishing or scheduling gets 403',
          security,
          params: IdParamsSchema,
          body: ArticleStatusChangeSchema,
          response: {
            200: ArticleSchema,
            ...errorResponses(
              ...EDITABLE,
              ...JSON_BODY,
              'article.time_needs_publish',
              'article.note_needs_draft',
              'article.note_forbidden',
              'article.review_required',
              'article.image_to_publish',
            ),
          },
        },
      },
      async (request) =>
        newsroom.changeStatus(await request.actor(), request.params.id, request.body),
    );

    app.get(
      '/api/articles/review-queue',
      {
        schema: {
          tags,
          summary:
            'The top-bar badge: articles waiting for review (editors and up), or sent back to draft with a note (an author)',
          security,
          response: {
            200: ReviewQueueSchema,
            ...errorResponses('auth.signed_out', 'auth.role_required'),
          },
        },
      },
      async (request) => newsroom.reviewQueue(await request.actor()),
    );

    app.post(
      '/api/articles/:id/preview',
      {
        schema: {
          tags,
          summary:
            'A signed link anyone can open to see the article as readers will, valid 7 days (whoever may change it)',
          security,
          params: IdParamsSchema,
          response: {
            200: PreviewLinkSchema,
            ...errorResponses(...EDITABLE, 'article.preview_forbidden'),
          },
        },
      },
      async (request) => newsroom.previewLink(await request.actor(), request.params.id),
    );
  };
}

/** Revisions and restores (docs/decisions/023). */
function historyRoutes(newsroom: NewsroomService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['articles'];
    const security = [{ bearer: [] }];
    app.get(
      '/api/articles/:id/revisions',
      {
        schema: {
          tags,
          summary:
            "The article's revisions, newest first: every save, status move, restore, and each user's autosave (whoever may change it)",
          security,
          params: IdParamsSchema,
          response: { 200: RevisionListSchema, ...errorResponses(...EDITABLE) },
        },
      },
      async (request) => newsroom.revisions(await request.actor(), request.params.id),
    );

    app.get(
      '/api/articles/:id/revisions/:revisionId',
      {
        schema: {
          tags,
          summary: 'One revision with its full content (whoever may change the article)',
          security,
          params: RevisionParamsSchema,
          response: {
            200: RevisionSchema,
            ...errorResponses(...EDITABLE, 'revision.not_found'),
          },
        },
      },
      async (request) =>
        newsroom.revision(await request.actor(), request.params.id, request.params.revisionId),
    );

    app.post(
      '/api/articles/:id/revisions/:revisionId/restore',
      {
        schema: {
          tags,
          summary:
            "Bring back a revision's content as a new save (recorded as a revision); status and time stay. An older updatedAt than stored is refused with 409",
          security,
          params: RevisionParamsSchema,
          body: RestoreInputSchema,
          response: {
            200: ArticleSchema,
            ...errorResponses(...UPDATE_REFUSALS, 'revision.not_found', 'revision.not_restorable'),
          },
        },
      },
      async (request) =>
        newsroom.restoreRevision(
          await request.actor(),
          request.params.id,
          request.params.revisionId,
          request.body,
        ),
    );
  };
}

/** What an open form sends while the user writes: autosaves and presence. */
function draftingRoutes(newsroom: NewsroomService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['articles'];
    const security = [{ bearer: [] }];
    app.put(
      '/api/articles/:id/autosave',
      {
        schema: {
          tags,
          summary:
            "Keep the form's unsaved text as the user's autosave revision (replaces their previous one); the article itself does not change",
          security,
          params: IdParamsSchema,
          body: AutosaveInputSchema,
          response: { 200: RevisionSummarySchema, ...errorResponses(...EDITABLE, ...JSON_BODY) },
        },
      },
      async (request) => newsroom.autosave(await request.actor(), request.params.id, request.body),
    );

    app.post(
      '/api/articles/:id/presence',
      {
        schema: {
          tags,
          summary: `Heartbeat of an open form (every ${PRESENCE_HEARTBEAT_MS / 1000} s): answers who else has had the article open in the last ${PRESENCE_WINDOW_MS / 1000} seconds`,
          security,
          params: IdParamsSchema,
          response: { 200: PresenceSchema, ...errorResponses(...EDITABLE) },
        },
      },
      async (request) => newsroom.presence(await request.actor(), request.params.id),
    );
    app.delete(
      '/api/articles/:id/presence',
      {
        schema: {
          tags,
          summary: 'The form was closed: the user no longer has the article open',
          security,
          params: IdParamsSchema,
          response: { 200: MessageSchema, ...errorResponses(...EDITABLE) },
        },
      },
      async (request) => newsroom.leave(await request.actor(), request.params.id),
    );
  };
}
