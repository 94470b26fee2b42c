/*
 * The bytes of kept answers for readers who are not signed in (docs/decisions/025, 029): a
 * public page depends only on published data and settings, so it is kept by URL, once, as the
 * bytes it is sent with (gzip and brotli, with its strong ETag), in the page store
 * (lib/page-store.ts) with the tags of what it shows. Here: validators, encodings, and which
 * requests and answers may be kept.
 *
 * A kept page is the same for everyone: reading pages carry no per-response CSP nonce, and a
 * render that asked for one is never kept.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { splicedGzip } from './spliced-gzip';
import { brotliCompress, brotliCompressSync, constants as zlib, gunzipSync, gzip } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { hasOwnPages } from '../plugins/auth';
import { KEPT } from './kept-answers';
import type { KeptAnswer } from './page-store';

/**
 * What an anonymous reading page tells caches: browsers check again every time (a 304 costs
 * nothing); a shared cache in front (Varnish, a CDN) may keep it `sharedSeconds` and serve it
 * stale while it fetches a fresh copy, or for a day while Patrika cannot answer. With a purge
 * configured (CDN_PURGE), a change reaches the front cache at once, so it may keep a page long.
 */
export const publicCacheControl = (sharedSeconds: number) =>
  `public, max-age=0, s-maxage=${sharedSeconds}, stale-while-revalidate=60, stale-if-error=86400`;

/** The shared cache lifetime without a purge: a changed page shows there within a minute. */
export const PUBLIC_PAGE_CACHE_CONTROL = publicCacheControl(KEPT.page.freshMs / 1000);

/** The encodings a page is kept in; identity is made from gzip for the rare client without. */
export type Encoding = 'br' | 'gzip' | 'identity';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** A strong ETag of `bytes`: 128 bits of their SHA-256, quoted. */
export function etagOf(bytes: Buffer | string): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;
}

/**
 * The ETag of one encoding of a representation: each encoding is different bytes, so each has
 * its own strong tag (`"…-br"`, `"…-gz"`), as Apache does.
 */
export function encodedEtag(etag: string, encoding: Encoding): string {
  if (encoding === 'identity') return etag;
  return `${etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"`;
}

/**
 * Whether an If-None-Match header names this representation (RFC 9110 §13.1.2: weak
 * comparison). A tag of another encoding of the same bytes matches too: the client holds the
 * same page, decoded. `*` matches when the server "has a current representation" as it
 * evaluates the condition, which is before it performs the GET (§13.2.1): an answer it `held`
 * (a kept page); one made for this very request (a page never sent, a whole answer made each
 * time) did not exist yet, so the GET is performed and answered 200 (issue 44 item 12).
 */
export function noneMatchHits(
  header: string | string[] | undefined,
  etag: string,
  opts: { held?: boolean } = {},
): boolean {
  if (header === undefined) return false;
  const base = etag.slice(1, -1);
  for (const raw of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const tag = raw.trim().replace(/^W\//, '');
    if (tag === '*') {
      if (opts.held) return true;
      continue;
    }
    if (!tag.startsWith('"') || !tag.endsWith('"')) continue;
    const inner = tag.slice(1, -1).replace(/-(br|gz)$/, '');
    if (inner === base) return true;
  }
  return false;
}

/**
 * The encoding to send for an Accept-Encoding header: brotli, else gzip, else identity. A
 * coding refused with `q=0` is never chosen; `*` counts for the ones not named.
 */
export function chooseEncoding(header: string | string[] | undefined): Encoding {
  if (!header) return 'identity';
  const q = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const weight = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    q.set(name.trim(), weight === undefined ? 1 : Number(weight));
  }
  const weight = (coding: string) => q.get(coding) ?? q.get('*') ?? 0;
  const br = weight('br');
  const gz = Math.max(weight('gzip'), weight('x-gzip'));
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return 'identity';
}

/** Brotli at quality 5: a few ms for a page, paid once per render, and far smaller than gzip. */
const BROTLI = { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } };

/**
 * Encodings of an answer made for one request: brotli at quality 4, as @fastify/compress is set
 * up, and gzip at level 4: each is paid by one reader, so cheaper settings than a cached page's,
 * which is encoded once for many (encodePage).
 */
const BROTLI_ONCE = { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP_ONCE = { level: 4 };

/** Text worth compressing; images (PNG icons) are compressed already. */
export const COMPRESSIBLE =
  /^(?:text\/|application\/(?:[\w.+-]*\+)?(?:xml|json)\b|image\/svg\+xml)/i;
/** Below this, compression saves less than it costs (the same as @fastify/compress). */
export const COMPRESS_THRESHOLD = 1024;

/** Up to this size an answer is compressed on the request's own thread (see encodeOnce). */
const SYNC_ENCODE_MAX = 256 * 1024;

/**
 * Whole bytes encoded once for one answer, in one call (not @fastify/compress's stream of
 * chunks, each its own write). A page-sized answer is compressed right here: handing it to
 * libuv's thread pool and waking the thread costs more than compressing it, and the request
 * waits for it either way. A large one (a sitemap) goes to the pool, so the process keeps
 * answering others meanwhile.
 */
export async function encodeOnce(
  bytes: Buffer,
  encoding: Exclude<Encoding, 'identity'>,
): Promise<Buffer> {
  if (bytes.length <= SYNC_ENCODE_MAX)
    return encoding === 'br'
      ? brotliCompressSync(bytes, BROTLI_ONCE)
      : splicedGzip(bytes, GZIP_ONCE.level);
  return encoding === 'br' ? brotliAsync(bytes, BROTLI_ONCE) : gzipAsync(bytes, GZIP_ONCE);
}

/** A page's bytes, encoded once each way, with their validator. */
export async function encodePage(
  page: { status: number; headers: [string, string][] },
  body: Buffer,
): Promise<KeptAnswer> {
  const [gz, br] = await Promise.all([gzipAsync(body, { level: 6 }), brotliAsync(body, BROTLI)]);
  return { ...page, etag: etagOf(body), gzip: gz, br };
}

/** The bytes of `page` in `encoding` (identity is decoded from gzip, for old clients). */
export function bytesOf(page: KeptAnswer, encoding: Encoding): Buffer {
  if (encoding === 'br') return page.br;
  if (encoding === 'gzip') return page.gzip;
  return gunzipSync(page.gzip);
}

/**
 * Paths whose pages never go into the cache: they depend on who asks (or carry a one-time link's
 * token). docs/deploy/varnish.vcl passes the same paths with their cookies.
 */
export const PRIVATE_PREFIXES = [
  '/admin',
  '/profile',
  '/login',
  '/signup',
  '/logout',
  '/preview',
  '/auth',
  '/newsletters/confirm',
  '/newsletters/manage',
];

/** A page that says it must not be stored (a preview) is never kept, whatever its path. */
export const forbidsStoring = (cacheControl: string | null | undefined) =>
  /\b(no-store|private)\b/i.test(cacheControl ?? '');

/**
 * Only successful HTML documents are kept: never a redirect, an error page, React Router's
 * data requests (`.data`, `text/x-script`) or its route discovery (`/__manifest`, JSON, which
 * answers for the paths in its query).
 */
export function isStorable(response: {
  status: number;
  contentType: string | null | undefined;
  cacheControl: string | null | undefined;
}): boolean {
  return (
    response.status === 200 &&
    /^text\/html\b/i.test(response.contentType ?? '') &&
    !forbidsStoring(response.cacheControl)
  );
}

/**
 * Only GET/HEAD requests for public pages by readers without a staff session are cached (a
 * reader's own session reads the shared pages, which render for nobody: issue 37 item 1).
 * Whether a request has a staff session is read from the same parsed cookies the rest of the
 * request uses (`hasOwnPages`: the Authorization header, the cookie as @fastify/cookie parsed
 * it), never from a spelling of the Cookie header: a cookie written `patrika_token =…` signs a
 * request in, so its page is its own (issue 44 item 1).
 */
export function isCacheable(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (hasOwnPages(request)) return false;
  const path = request.url.split('?')[0] ?? '';
  return !PRIVATE_PREFIXES.some(
    (p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}.`),
  );
}
