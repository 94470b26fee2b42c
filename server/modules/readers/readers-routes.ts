/* A reader's own calls (issue 37 items 2 and 6): GET /api/me, follows, the feed, saved stories. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ArticleIdParamsSchema,
  FollowingAnswerSchema,
  FollowsAnswerSchema,
  ReaderCitySchema,
  FollowsSchema,
  ReaderFeedSchema,
  ReaderPageQuerySchema,
  ReaderStateSchema,
  SavedAnswerSchema,
} from '../../../common/schemas/readers';
import { errorResponses, JSON_BODY, SIGNED_IN } from '../../lib/errors';
import type { ReadersService } from './readers-service';

const tags = ['readers'];
const security = [{ bearer: [] }];

export function readersRoutes(readers: ReadersService) {
  return async function (app: FastifyInstance) {
    await app.register(followRoutes(readers));
    await app.register(followingRoutes(readers));
    await app.register(savedRoutes(readers));
  };
}

/** Who is signed in and what they follow, and the feed of it. */
function followRoutes(readers: ReadersService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/me',
      {
        schema: {
          tags,
          summary:
            'Who is signed in, what they follow and which stories they saved: the Follow and Save buttons’ state, read after a shared page loads',
          security,
          response: { 200: ReaderStateSchema, ...errorResponses('auth.signed_out') },
        },
      },
      async (request) => readers.state(await request.actor()),
    );

    app.put(
      '/api/me',
      {
        schema: {
          tags,
          summary:
            'Set the signed-in reader’s city (an edition’s id or slug; null forgets it), so it follows them to another browser',
          security,
          body: ReaderCitySchema,
          response: {
            200: ReaderCitySchema,
            ...errorResponses(...JSON_BODY, ...SIGNED_IN, 'edition.unknown'),
          },
        },
      },
      async (request) => readers.setCity(await request.actor(), request.body.edition),
    );

    app.get(
      '/api/me/follows',
      {
        schema: {
          tags,
          summary: 'The categories (ids), tags (slugs) and authors (ids) the reader follows',
          security,
          response: { 200: FollowsAnswerSchema, ...errorResponses('auth.signed_out') },
        },
      },
      async (request) => readers.follows(await request.actor()),
    );

    app.put(
      '/api/me/follows',
      {
        schema: {
          tags,
          summary: 'Replace what the reader follows',
          security,
          body: FollowsSchema,
          response: { 200: FollowsAnswerSchema, ...errorResponses(...JSON_BODY, ...SIGNED_IN) },
        },
      },
      async (request) => readers.setFollows(await request.actor(), request.body),
    );

    app.get(
      '/api/me/feed',
      {
        schema: {
          tags,
          summary: 'One page of the published stories the reader follows, newest first',
          security,
          querystring: ReaderPageQuerySchema,
          response: { 200: ReaderFeedSchema, ...errorResponses('auth.signed_out') },
        },
      },
      async (request) => readers.feed(await request.actor(), request.query.page),
    );
  };
}

/** What the reader follows, named, for /profile's Unfollow list (issue 72 item 1). */
function followingRoutes(readers: ReadersService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/me/following',
      {
        schema: {
          tags,
          summary:
            'What the reader follows, by kind (category, tag, author), each with its name and page, for their Unfollow list',
          security,
          response: { 200: FollowingAnswerSchema, ...errorResponses('auth.signed_out') },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return readers.following(await request.actor());
      },
    );
  };
}

/** The stories a reader saved. */
function savedRoutes(readers: ReadersService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/me/saved',
      {
        schema: {
          tags,
          summary: 'One page of the stories the reader saved, newest saved first',
          security,
          querystring: ReaderPageQuerySchema,
          response: { 200: ReaderFeedSchema, ...errorResponses('auth.signed_out') },
        },
      },
      async (request) => readers.saved(await request.actor(), request.query.page),
    );

    app.put(
      '/api/me/saved/:articleId',
      {
        schema: {
          tags,
          summary: 'Save a published story',
          security,
          params: ArticleIdParamsSchema,
          response: {
            200: SavedAnswerSchema,
            ...errorResponses(...SIGNED_IN, 'article.not_published', 'article.not_found'),
          },
        },
      },
      async (request) => readers.save(await request.actor(), request.params.articleId),
    );

    app.delete(
      '/api/me/saved/:articleId',
      {
        schema: {
          tags,
          summary: 'Forget a saved story',
          security,
          params: ArticleIdParamsSchema,
          response: { 200: SavedAnswerSchema, ...errorResponses(...SIGNED_IN) },
        },
      },
      async (request) => readers.unsave(await request.actor(), request.params.articleId),
    );
  };
}
