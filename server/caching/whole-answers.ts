/*
 * Whole answers beside the kept pages (split from page-cache.ts): sitemaps and feeds kept like a
 * page (`wholeAnswers`), and strong validators, 304s and compression for every other whole
 * answer (`registerConditionalAnswers`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_SEGMENTS } from '../../common/paths';
import {
  chooseEncoding,
  COMPRESS_THRESHOLD,
  COMPRESSIBLE,
  encodeOnce,
  encodedEtag,
  etagOf,
  forbidsStoring,
  noneMatchHits,
} from './http-caching';
import type { KeptKind } from './kept-answers';
import type { PageCache } from './page-cache';

/**
 * Whole answers that are the same for everyone and costly to make (sitemaps, feeds), kept like a
 * page with the tags of what they show: a hit is served by the onRequest hook above; a miss is
 * made once, however many requests ask for it at the same time. Without a cache (tests of the
 * routes alone) the answer is sent as made.
 */
export function wholeAnswers(cache: PageCache | undefined, kind: KeptKind) {
  return async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    headers: [string, string][],
    make: () => Promise<{ body: string | Buffer; tags: readonly string[] }>,
  ): Promise<FastifyReply> {
    const made = await make();
    if (!cache) return reply.headers(Object.fromEntries(headers)).send(made.body);
    const body = Buffer.isBuffer(made.body) ? made.body : Buffer.from(made.body);
    return cache.keep(
      request,
      reply,
      { status: 200, headers, body },
      { tags: made.tags, freshMs: kind.freshMs },
    );
  };
}

/**
 * Strong validators and 304s for whole answers of Fastify routes (feeds, sitemaps, robots.txt,
 * icons) and of reading pages rendered whole, and their compression in one call (a signed-in
 * reader's page, which no cache may keep, is compressed the same way, without a validator).
 * Registered before @fastify/compress's per-route hook, which then finds the answer encoded and
 * leaves it alone.
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
    const encoding =
      text && bytes.length >= COMPRESS_THRESHOLD
        ? chooseEncoding(request.headers['accept-encoding'])
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
