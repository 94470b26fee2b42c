import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
  type LiveFeed,
} from '../../../common/schemas/live';
import { errorResponses, JSON_BODY, notFound } from '../../lib/errors';
import { etagOf, noneMatchHits } from '../../caching/http-caching';
import { KEPT } from '../../caching/kept-answers';
import type { PageCache } from '../../caching/page-cache';
import { wholeAnswers } from '../../caching/whole-answers';
import { CLASS_PAGE_CACHE_CONTROL } from '../../caching/class-pages';
import type { AccessClass } from '../../../common/article-access';

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

/**
 * Who is asking the blog's JSON (issue 66 item 1): the reader's entitlement class, the same one
 * the page cache keys the answer by (server/http.ts), and the story a gift link in the address
 * opens now, if any.
 */
export interface LiveReaders {
  classOf(request: FastifyRequest): Promise<AccessClass>;
  giftOpens(url: string): Promise<string | undefined>;
}

const NOBODY: LiveReaders = { classOf: async () => 'none', giftOpens: async () => undefined };

/**
 * Election blocks in the entries (issue 69 item 4): the texts with each block filled in as the
 * story's page fills them, in the story's language, with the tags of what they show. The
 * composition root hands the elections' reads in (common/election-embeds.ts); this module
 * reads no other.
 */
export interface LiveBlocks {
  fill(texts: readonly string[], language: string): Promise<{ texts: string[]; tags: string[] }>;
}

const NO_BLOCKS: LiveBlocks = { fill: async (texts) => ({ texts: [...texts], tags: [] }) };

/** Live blogs' entries (issue 25 item 1). */
export function liveRoutes(
  live: LiveService,
  pages?: PageCache,
  readers: LiveReaders = NOBODY,
  blocks: LiveBlocks = NO_BLOCKS,
) {
  return async function (app: FastifyInstance) {
    await app.register(liveFeedRoute(live, readers, pages, blocks));
    await app.register(liveWriteRoutes(live));
  };
}

/** An answer no shared cache may keep, with its validator (a 304 when it is unchanged). */
function sendOwn(request: FastifyRequest, reply: FastifyReply, body: string, control: string) {
  const etag = etagOf(body);
  reply.header('cache-control', control).header('etag', etag);
  if (noneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
  return reply.type(JSON_TYPE).send(body);
}

/**
 * The JSON every open page polls: kept like a page while the blog is public, per entitlement
 * class as the story's page is (issue 66 item 1): a members' blog's entries follow its body, so
 * the anonymous answer (the one shared caches keep) has none, and a class that reads it whole
 * gets an answer marked for no shared cache. A gift link's reader (its token in the address, as
 * on the page) gets the entries in an answer nothing keeps.
 */
function liveFeedRoute(
  live: LiveService,
  readers: LiveReaders,
  pages: PageCache | undefined,
  blocks: LiveBlocks,
) {
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
        const gift = (await readers.giftOpens(request.url)) === id;
        const reader = gift ? 'paid' : await readers.classOf(request);
        const found = await live.feed(await request.actor(), id, { since, reader });
        if (!found) throw notFound('article.not_found');
        // The reading page's poll asks for its entries as the page shows them: a block with the
        // figures of the moment, not its link. The kept answer keeps the tags of what they show,
        // so a desk's save refreshes it as it refreshes the story's page (docs/decisions/077).
        const { feed, tags: shown } =
          request.query.blocks === 'filled'
            ? await filledFeed(found.feed, found.language, blocks)
            : { feed: found.feed, tags: [] };
        const body = JSON.stringify(feed);
        // A gift link's answer is its reader's own, as its page is (issue 39 item 5).
        if (gift) return sendOwn(request, reply, body, 'private, no-store');
        // Before it is published only its writers read it: nobody else may keep it. Nor is an
        // answer kept that the page cache did not key by its class (a staff session's).
        const classed = pages?.classOf(request) !== undefined;
        if (!found.shared || (pages && !classed))
          return sendOwn(request, reply, body, 'private, no-cache');
        const headers: [string, string][] = [
          ['content-type', JSON_TYPE],
          ['cache-control', reader === 'none' ? LIVE_FEED_CACHE_CONTROL : CLASS_PAGE_CACHE_CONTROL],
        ];
        // Kept like a page, with the tags a change of its entries or its article drops.
        return keep(request, reply, headers, async () => ({
          body,
          tags: [CacheTags.liveFeed(id), CacheTags.article(id), ...shown],
        }));
      },
    );
  };
}

/** The feed with its entries' election blocks filled in, and the tags of what they show. */
async function filledFeed(feed: LiveFeed, language: string, blocks: LiveBlocks) {
  const { texts, tags } = await blocks.fill(
    feed.entries.map((e) => e.body),
    language,
  );
  const entries = feed.entries.map((e, i) => ({ ...e, body: texts[i] ?? e.body }));
  return { feed: { ...feed, entries }, tags };
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
