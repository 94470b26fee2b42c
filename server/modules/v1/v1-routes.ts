import { SERVER_SEGMENTS } from '../../../common/paths';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  V1_PREFIX,
  V1ArticlePageSchema,
  V1ArticleParamsSchema,
  V1ArticleSchema,
  V1ArticlesQuerySchema,
  V1DeletedQuerySchema,
  V1DeletedSchema,
  V1HomeSchema,
} from '../../../common/schemas/v1';
import { errorResponses } from '../../lib/errors';
import type { createOEmbed } from './oembed';
import type { V1Service } from './v1-service';

/** A strong validator of an answer's bytes. */
const etagOf = (bytes: string | Buffer) =>
  `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;

const matches = (header: string | undefined, etag: string) =>
  header !== undefined &&
  header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });

/**
 * An ETag on every answer of the read API, and 304 to a client that has it: an app's sync
 * asks often and mostly finds nothing new. Public, the same for every app: a key only raises
 * the rate limit (plugins/api-keys.ts). Clients revalidate each time (`no-cache`).
 */
function registerValidators(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = etagOf(payload);
    reply.header('etag', etag);
    reply.header('cache-control', 'no-cache');
    if (!matches(request.headers['if-none-match'], etag)) return payload;
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    return '';
  });
}

/** The read API an app syncs from, version 1 (issue 41 item 2). */
export function v1Routes(v1: V1Service) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    registerValidators(fastify);
    const tags = ['v1'];
    // Public; an app's key (X-Api-Key) raises its rate limit.
    const security: Record<string, string[]>[] = [{}, { apiKey: [] }];
    const notModified = {
      304: z.null().describe('Not modified: the If-None-Match ETag names the current answer'),
    };
    app.get(
      `${V1_PREFIX}/articles`,
      {
        schema: {
          tags,
          summary:
            'Version 1: published articles, whole, in the order they last changed for readers (oldest first); updatedSince = the last changedAt seen reads on. Filters by category, tag and author slug, and language; a slug that names nothing selects nothing. ETag and 304',
          security,
          querystring: V1ArticlesQuerySchema,
          response: { 200: V1ArticlePageSchema, ...notModified, ...errorResponses() },
        },
      },
      async (request) => v1.articles(request.query),
    );
    app.get(
      `${V1_PREFIX}/articles/:idOrSlug`,
      {
        schema: {
          tags,
          summary: 'Version 1: one published article by id or slug. ETag and 304',
          security,
          params: V1ArticleParamsSchema,
          response: {
            200: V1ArticleSchema,
            ...notModified,
            ...errorResponses('article.not_found'),
          },
        },
      },
      async (request) => v1.article(request.params.idOrSlug),
    );
    app.get(
      `${V1_PREFIX}/deleted`,
      {
        schema: {
          tags,
          summary:
            'Version 1: ids of articles unpublished or deleted after `since` (and not public now), for an app to drop; `until` is the next since. Kept 30 days (keptSince). ETag and 304',
          security,
          querystring: V1DeletedQuerySchema,
          response: { 200: V1DeletedSchema, ...notModified, ...errorResponses() },
        },
      },
      async (request) => v1.deleted(request.query.since),
    );
    app.get(
      `${V1_PREFIX}/home`,
      {
        schema: {
          tags,
          summary:
            'Version 1: the home page’s sections as readers see them (Latest, then each home section’s category), and the live blogs running now. ETag and 304',
          security,
          response: { 200: V1HomeSchema, ...notModified, ...errorResponses() },
        },
      },
      async () => v1.home(),
    );
  };
}

/** A bound in pixels: absent is undefined, anything but a whole number above 0 is null. */
function pixels(value: string | undefined): number | undefined | null {
  if (value === undefined || value === '') return undefined;
  return /^[1-9][0-9]{0,4}$/.test(value) ? Number(value) : null;
}

/**
 * `GET /oembed?url=&format=json` (issue 41 item 5): a `rich` card for an article's address;
 * 404 for any other address, 501 for a format other than JSON (the oEmbed specification's
 * answers). Outside /api/: other sites find it through the article page's link.
 */
export function oembedRoutes(card: ReturnType<typeof createOEmbed>) {
  return async function (app: FastifyInstance) {
    app.get<{
      Querystring: { url?: string; format?: string; maxwidth?: string; maxheight?: string };
    }>(`/${SERVER_SEGMENTS.oembed}`, { schema: { hide: true } }, async (request, reply) => {
      const { url, format } = request.query;
      if (format !== undefined && format !== 'json')
        return reply.code(501).type('text/plain; charset=utf-8').send('Only format=json.');
      const maxwidth = pixels(request.query.maxwidth);
      const maxheight = pixels(request.query.maxheight);
      if (maxwidth === null || maxheight === null)
        return reply
          .code(400)
          .type('text/plain; charset=utf-8')
          .send('maxwidth and maxheight are whole numbers of pixels.');
      const answer = typeof url === 'string' ? await card(url, { maxwidth, maxheight }) : undefined;
      if (!answer) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      reply.header('cache-control', 'public, max-age=300');
      return answer;
    });
  };
}
