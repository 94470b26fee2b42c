/*
 * HTTP caching (issue 11 items 4 and 5, docs/decisions/025): validators, 304s and the page
 * cache's hits.
 *
 * - A cached page is answered here, in an onRequest hook, before any route runs: its stored
 *   brotli or gzip bytes as Accept-Encoding says, with their ETag, or 304 to a matching
 *   If-None-Match. No React, no web Response, no compression.
 * - Every other GET answered whole from a Fastify route (feeds, sitemaps, robots.txt, icons,
 *   the OpenSearch description) gets a strong ETag from its bytes and the same 304; its text
 *   is compressed here, so the tag names the bytes sent.
 * Media answer their own validators (modules/media/media-routes.ts); the API has none.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_SEGMENTS } from '../../common/paths';
import {
  bytesOf,
  chooseEncoding,
  COMPRESS_THRESHOLD,
  COMPRESSIBLE,
  encodeOnce,
  encodePage,
  encodedEtag,
  etagOf,
  forbidsStoring,
  hasSharedParts,
  isCacheable,
  noneMatchHits,
  pageCacheKey,
  type CachedPage,
  type PageCache,
} from '../lib/page-cache';

/** Answers `request` with a cached page (state `hit`, or `miss` right after its render). */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  state: 'hit' | 'miss',
): FastifyReply {
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  const etag = encodedEtag(page.etag, encoding);
  reply.headers(Object.fromEntries(page.headers));
  reply.header('vary', 'Accept-Encoding');
  reply.header('etag', etag);
  reply.header('x-page-cache', state);
  if (noneMatchHits(request.headers['if-none-match'], page.etag)) {
    reply.removeHeader('content-type');
    return reply.status(304).send();
  }
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.status(page.status).send(bytesOf(page, encoding));
}

/** Serves hits of the page cache before any route: nothing else runs for them. */
export function registerPageCacheHits(
  app: FastifyInstance,
  options: { pages: PageCache; cookieName: string },
) {
  app.addHook('onRequest', async (request, reply) => {
    if (!isCacheable(request, options.cookieName)) return;
    const page = options.pages.get(pageCacheKey(request.url));
    if (page) return sendPage(request, reply, page, 'hit');
  });
}

/**
 * Whole answers that are the same for everyone and costly to make (sitemaps, feeds), kept in
 * the page cache as the bytes they are sent with, like a page (docs/decisions/027, "Memory"):
 * a hit is served by the onRequest hook above; a miss makes the answer once, however many
 * requests ask for it at the same time, and keeps it `ttlMs` or until content changes (the page
 * cache's invalidation). Without a cache (tests of the routes alone) the answer is sent as made.
 */
export function wholeAnswers(pages: PageCache | undefined, ttlMs: number) {
  /** Answers being made, by generation and key: concurrent misses wait for the same one. */
  const making = new Map<string, Promise<Omit<CachedPage, 'storedAt'>>>();
  return async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    headers: [string, string][],
    make: () => Promise<string | Buffer>,
  ): Promise<FastifyReply> {
    if (!pages) return reply.headers(Object.fromEntries(headers)).send(await make());
    const key = pageCacheKey(request.url);
    const hit = pages.get(key);
    if (hit) return sendPage(request, reply, hit, 'hit');
    // An answer begun before a change is not shared with requests that arrive after it.
    const since = pages.generation;
    const slot = `${since} ${key}`;
    let pending = making.get(slot);
    if (!pending) {
      pending = (async () => {
        const made = await make();
        const body = Buffer.isBuffer(made) ? made : Buffer.from(made);
        const page = await encodePage({ status: 200, headers }, body);
        pages.set(key, page, since, ttlMs);
        return page;
      })().finally(() => making.delete(slot));
      making.set(slot, pending);
    }
    return sendPage(request, reply, { ...(await pending), storedAt: 0 }, 'miss');
  };
}

/**
 * Strong validators and 304s for whole answers of Fastify routes (feeds, sitemaps, robots.txt,
 * icons) and of reading pages rendered whole, and their compression in one call (a signed-in
 * reader's page, which no cache may keep, is compressed the same way, without a validator: a
 * third less CPU than @fastify/compress's stream of chunks, docs/decisions/027). Registered
 * before @fastify/compress's per-route hook, which then finds the answer encoded and leaves it
 * alone.
 */
export function registerConditionalAnswers(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (reply.statusCode !== 200 || reply.hasHeader('etag')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (request.url.startsWith(`/${SERVER_SEGMENTS.api}/`)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    const bytes = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
    const stored = !forbidsStoring(reply.getHeader('cache-control') as string | undefined);
    const text = COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''));
    if (text) reply.header('vary', 'Accept-Encoding');
    // A reading page's gzip splices in its stylesheet compressed once: a fifth of brotli's CPU,
    // and no bigger. Any other answer gets brotli when it may.
    const encoding =
      text && bytes.length >= COMPRESS_THRESHOLD
        ? chooseEncoding(request.headers['accept-encoding'], hasSharedParts(bytes) ? 'gzip' : 'br')
        : 'identity';
    if (stored) {
      const etag = etagOf(bytes);
      reply.header('etag', encodedEtag(etag, encoding));
      if (noneMatchHits(request.headers['if-none-match'], etag)) {
        reply.status(304);
        reply.removeHeader('content-type');
        reply.removeHeader('content-length');
        return '';
      }
    }
    if (encoding === 'identity') return bytes;
    const encoded = await encodeOnce(bytes, encoding);
    reply.header('content-encoding', encoding);
    reply.header('content-length', encoded.length);
    return encoded;
  });
}
