import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CacheTags } from '../../../common/cache-tags';
import { liveFeedPath } from '../../../common/paths';
import { IdParamsSchema, MessageSchema } from '../../../common/schemas/common';
import {
  LiveEntryInputSchema,
  LiveEntryParamsSchema,
  LiveEntrySchema,
  LiveEntryUpdateSchema,
  LiveFeedSchema,
  LiveQuerySchema,
} from '../../../common/schemas/live';
import { errorResponses, JSON_BODY, notFound } from '../../lib/errors';
import { etagOf, noneMatchHits } from '../../caching/http-caching';
import { KEPT } from '../../caching/kept-answers';
import { wholeAnswers, type PageCache } from '../../caching/page-cache';

import { EDITABLE } from '../articles/article-refusals';
import type { LiveService } from './live-service';

/**
 * What a shared cache may do with a public blog's JSON: keep it a few seconds. Every open page
 * asks again every 10–15 s, so a front cache answers most of them; a change purges it by tag.
 */
export const LIVE_FEED_CACHE_CONTROL = 'public, max-age=5, s-maxage=5';
const JSON_TYPE = 'application/json; charset=utf-8';

const tags = ['live'];
/** The route of every live call: liveFeedPath with its parameter. */
const LIVE_FEED = liveFeedPath(':id');
const security = [{ bearer: [] }];

/** Live blogs' entries (issue 25 item 1). */
export function liveRoutes(live: LiveService, pages?: PageCache) {
  return async function (app: FastifyInstance) {
    await app.register(liveFeedRoute(live, pages));
    await app.register(liveWriteRoutes(live));
  };
}

/** The JSON every open page polls: kept like a page while the blog is public. */
function liveFeedRoute(live: LiveService, pages?: PageCache) {
  const keep = wholeAnswers(pages, KEPT.liveFeed);
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      LIVE_FEED,
      {
        schema: {
          tags,
          summary: 'A live blog’s entries, newest first (public while the article is published)',
          description:
            'With `since`, only entries written, changed or removed after that time (removed ones with `deleted: true`). Answers carry an ETag; `If-None-Match` gets 304.',
          security: [],
          params: IdParamsSchema,
          querystring: LiveQuerySchema,
          response: {
            200: LiveFeedSchema,
            304: z.null().describe('Not modified: the If-None-Match tag names the current answer'),
            ...errorResponses('article.not_found'),
          },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const since = request.query.since ? new Date(request.query.since) : undefined;
        const found = await live.feed(await request.actor(), id, since);
        if (!found) throw notFound('article.not_found');
        const body = JSON.stringify(found.feed);
        if (found.shared) {
          const headers: [string, string][] = [
            ['content-type', JSON_TYPE],
            ['cache-control', LIVE_FEED_CACHE_CONTROL],
          ];
          // Kept like a page, with the tags a change of its entries or its article drops.
          return keep(request, reply, headers, async () => ({
            body,
            tags: [CacheTags.liveFeed(id), CacheTags.article(id)],
          }));
        }
        // Before it is published only its writers read it: nobody else may keep it.
        const etag = etagOf(body);
        reply.header('cache-control', 'private, no-cache').header('etag', etag);
        if (noneMatchHits(request.headers['if-none-match'], etag))
          return reply.code(304).send(null);
        return reply.send(found.feed);
      },
    );
  };
}

/** Writing entries: the blog's author, editors and administrators. */
function liveWriteRoutes(live: LiveService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      LIVE_FEED,
      {
        schema: {
          tags,
          summary: 'Add an entry to a live blog (its author, editors and administrators)',
          security,
          params: IdParamsSchema,
          body: LiveEntryInputSchema,
          response: {
            201: LiveEntrySchema,
            ...errorResponses(
              ...EDITABLE,
              ...JSON_BODY,
              'live.not_live',
              'article.description_too_slow',
            ),
          },
        },
      },
      async (request, reply) => {
        const entry = await live.add(await request.actor(), request.params.id, request.body);
        return reply.code(201).send(entry);
      },
    );
    app.put(
      `${LIVE_FEED}/:entryId`,
      {
        schema: {
          tags,
          summary: 'Change a live-blog entry: its text, pinned or key event',
          security,
          params: LiveEntryParamsSchema,
          body: LiveEntryUpdateSchema,
          response: {
            200: LiveEntrySchema,
            ...errorResponses(
              ...EDITABLE,
              ...JSON_BODY,
              'live.entry_not_found',
              'article.description_too_slow',
            ),
          },
        },
      },
      async (request) =>
        live.update(await request.actor(), request.params.id, request.params.entryId, request.body),
    );
    app.delete(
      `${LIVE_FEED}/:entryId`,
      {
        schema: {
          tags,
          summary: 'Remove a live-blog entry',
          security,
          params: LiveEntryParamsSchema,
          response: {
            200: MessageSchema,
            ...errorResponses(...EDITABLE, 'live.entry_not_found'),
          },
        },
      },
      async (request) => {
        await live.remove(await request.actor(), request.params.id, request.params.entryId);
        return { message: 'The update was removed.' };
      },
    );
  };
}
