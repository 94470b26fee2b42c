/*
 * Sending a kept answer (server/caching/page-cache.ts): its bytes in the encoding asked for,
 * its validator and 304s, and what it tells shared caches.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isClassPage } from './class-pages';
import {
  bytesOf,
  chooseEncoding,
  encodedEtag,
  noneMatchHits,
  publicCacheControl,
} from './http-caching';
import type { KeptAnswer } from './page-store';

/**
 * How an answer came: `hit` (kept, fresh), `stale` (kept, being refreshed), `coalesced` (it
 * waited for another reader's render of the same page), `miss` (rendered for this reader),
 * `refresh` (rendered off the readers' path to replace a stale one).
 */
export type CacheState = 'hit' | 'stale' | 'coalesced' | 'miss' | 'refresh';

/**
 * What an answer that may show what has since changed tells shared caches: keep it a second,
 * then serve it only while fetching it again. A front cache purged on each change (CDN_PURGE)
 * keeps pages a day, and may fetch one again before this process has refreshed it: it must not
 * keep the old text that long. (Not 0: Varnish never serves an object kept 0 s, even in grace.)
 */
export const NOT_FRESH_CACHE_CONTROL = publicCacheControl(1);

/**
 * What a kept answer shows ends at `endsAt` (a story's comment form, issue 42 item 6): no shared
 * cache is told to keep it past then, purged or not (a shorter lifetime it already has stays).
 */
function endSharedLife(reply: FastifyReply, endsAt: number, now: number) {
  const said = /s-maxage=(\d+)/.exec(String(reply.getHeader('cache-control') ?? ''));
  const left = Math.max(1, Math.floor((endsAt - now) / 1000));
  if (said && Number(said[1]) > left) reply.header('cache-control', publicCacheControl(left));
}

/**
 * Answers `request` with a kept answer; `fresh` is false for one that may show what has since
 * changed (served stale, or rendered while a change to what it shows was made).
 */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: KeptAnswer,
  state: CacheState,
  fresh = state !== 'stale',
  now = Date.now(),
): FastifyReply {
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  const etag = encodedEtag(page.etag, encoding);
  reply.headers(Object.fromEntries(page.headers));
  if (!fresh && !isClassPage(page)) reply.header('cache-control', NOT_FRESH_CACHE_CONTROL);
  else if (page.endsAt !== undefined && !isClassPage(page)) endSharedLife(reply, page.endsAt, now);
  reply.header('vary', 'Accept-Encoding');
  reply.header('etag', etag);
  reply.header('x-page-cache', state);
  // Held before this request: a kept answer, fresh or stale (If-None-Match: *).
  const held = state === 'hit' || state === 'stale';
  if (noneMatchHits(request.headers['if-none-match'], page.etag, { held })) {
    reply.removeHeader('content-type');
    return reply.status(304).send();
  }
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.status(page.status).send(bytesOf(page, encoding));
}
