/*
 * Whole-page cache for readers who are not signed in (ARCHITECTURE.md "Speed by design",
 * docs/decisions/025): a public page depends only on published data and settings, so it is kept
 * by URL, once, as the bytes it is sent with: gzip and brotli, with its strong ETag. A hit is
 * answered from those bytes (plugins/page-cache.ts) without React, a web Response or another
 * compression. Everything is dropped whenever content changes anywhere (a PostgreSQL NOTIFY
 * reaches every process), when a scheduled article goes live (its job sends that NOTIFY;
 * docs/decisions/016), or after a minute (random suggestions).
 *
 * A cached page is the same for everyone: reading pages carry no per-response CSP nonce, and a
 * render that asked for one is never kept.
 */
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  constants as zlib,
  crc32,
  deflateRawSync,
  gunzipSync,
  gzip,
  gzipSync,
} from 'node:zlib';
import type { SharedPart } from '../../common/document-bytes';
import { PAGE_QUERY_KEYS } from '../../common/paths';
import type { Clock } from '../lib/clock';

export const CONTENT_CHANNEL = 'patrika_content_changed';

/**
 * The longest a process keeps what it made or read when no change empties it first: every write
 * and every scheduled article going live empties it at once, in every process (CONTENT_CHANNEL),
 * but a restore or a hand edit of the database notifies no one, and random suggestions should
 * change now and then. The three lifetimes of issue 11, named together.
 */
export const KEEP_MS = {
  /** A rendered page; a shared cache in front (nginx, a CDN) may keep it as long (s-maxage). */
  page: 60_000,
  /** A sitemap or a feed, costly to make; crawlers may keep it as long (max-age). */
  sitemap: 300_000,
  /** Settings, category lists and counts every render reads (server/http.ts processReads). */
  read: 60_000,
} as const;

/**
 * What an anonymous reading page tells caches: browsers check again every time (a 304 costs
 * nothing), a shared cache in front (nginx, a CDN) may keep it a minute and serve it stale for
 * ten more while it fetches a fresh copy.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${KEEP_MS.page / 1000}, stale-while-revalidate=600`;

/** The encodings a page is kept in; identity is made from gzip for the rare client without. */
export type Encoding = 'br' | 'gzip' | 'identity';

export interface CachedPage {
  status: number;
  /** The page's own headers, without length and encoding (they depend on the encoding sent). */
  headers: [string, string][];
  /** Strong validator of the page's bytes (before encoding), quoted. */
  etag: string;
  gzip: Buffer;
  br: Buffer;
  storedAt: number;
}

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
 * comparison, `*` matches anything). A tag of another encoding of the same bytes matches too:
 * the client holds the same page, decoded.
 */
export function noneMatchHits(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const base = etag.slice(1, -1);
  for (const raw of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const tag = raw.trim().replace(/^W\//, '');
    if (tag === '*') return true;
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
export function chooseEncoding(
  header: string | string[] | undefined,
  prefer: 'br' | 'gzip' = 'br',
): Encoding {
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
  if (prefer === 'gzip' && gz > 0 && gz >= br) return 'gzip';
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return 'identity';
}

/** Brotli at quality 5: a few ms for a page, paid once per render, and far smaller than gzip. */
const BROTLI = { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } };

/**
 * Encodings of an answer made for one request. Brotli at quality 4, as @fastify/compress is
 * set up; gzip at level 2 (zlib's fast matcher), not 6: compressed whole, a 55 KB article page
 * came out 3% larger at level 4 than at 6 for a third less CPU; spliced around its shared parts
 * (gzipAround), the rest of an article page comes out 1.5% larger at level 2 than at 4 (13.3 KB,
 * not 13.1) for 5–7% less CPU per uncached render under load. A cached page is encoded once
 * for many readers, at the higher settings (encodePage).
 */
const BROTLI_ONCE = { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP_ONCE = { level: 2 };

/** Text worth compressing; images (PNG icons) are compressed already. */
export const COMPRESSIBLE =
  /^(?:text\/|application\/(?:[\w.+-]*\+)?(?:xml|json)\b|image\/svg\+xml)/i;
/** Below this, compression saves less than it costs (the same as @fastify/compress). */
export const COMPRESS_THRESHOLD = 1024;

/** Up to this size an answer is compressed on the request's own thread (see encodeOnce). */
const SYNC_ENCODE_MAX = 256 * 1024;

/**
 * Whole bytes encoded once for one answer, in one call (not @fastify/compress's stream of
 * chunks, each its own write: a whole document costs a third less CPU this way). A page-sized
 * answer (a reading page is 20–70 KB: about a millisecond) is compressed right here: handing it
 * to libuv's thread pool and waking the thread costs more than that on a busy 2-core machine,
 * and the request waits for it either way. A large one (a sitemap) goes to the pool, so the
 * process keeps answering others meanwhile.
 */
export async function encodeOnce(
  bytes: Buffer,
  encoding: Exclude<Encoding, 'identity'>,
): Promise<Buffer> {
  const shared = encoding === 'gzip' ? sharedParts.get(bytes) : undefined;
  const spliced = shared && gzipAround(bytes, shared, GZIP_ONCE.level);
  if (spliced) return spliced;
  if (bytes.length <= SYNC_ENCODE_MAX)
    return encoding === 'br' ? brotliCompressSync(bytes, BROTLI_ONCE) : gzipSync(bytes, GZIP_ONCE);
  return encoding === 'br' ? brotliAsync(bytes, BROTLI_ONCE) : gzipAsync(bytes, GZIP_ONCE);
}

/** A page's bytes, encoded once each way, with their validator. */
export async function encodePage(
  page: { status: number; headers: [string, string][] },
  body: Buffer,
  shared?: readonly SharedPart[],
): Promise<Omit<CachedPage, 'storedAt'>> {
  const spliced = shared && gzipAround(body, shared, 6);
  const [gz, br] = await Promise.all([
    spliced ?? gzipAsync(body, { level: 6 }),
    brotliAsync(body, BROTLI),
  ]);
  return { ...page, etag: etagOf(body), gzip: gz, br };
}

/**
 * Documents whose bytes hold shared parts (common/document-bytes.ts), marked by the server
 * before they are sent (`withSharedParts`), so their gzip can be spliced.
 */
const sharedParts = new WeakMap<Buffer, readonly SharedPart[]>();

/** Marks `bytes` as holding `shared`: gzip of them splices their compressed copies in. */
export function withSharedParts(bytes: Buffer, shared: readonly SharedPart[]): Buffer {
  sharedParts.set(bytes, shared);
  return bytes;
}

/** Whether `bytes` were marked with shared parts: gzip of them costs a fraction of brotli. */
export const hasSharedParts = (bytes: Buffer) => sharedParts.has(bytes);

/** Each shared part's raw deflate, made once, at the best level: ended, not finished. */
const deflatedParts = new WeakMap<Buffer, Buffer>();

function deflatedPart(bytes: Buffer): Buffer {
  let deflated = deflatedParts.get(bytes);
  if (!deflated) {
    deflated = deflateRawSync(bytes, { level: 9, finishFlush: zlib.Z_FULL_FLUSH });
    deflatedParts.set(bytes, deflated);
  }
  return deflated;
}

/** A gzip member's header: deflate, no name, no time, made on Unix (as zlib writes it). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

/**
 * Up to this many bytes between two parts are stored, not deflated: a call to zlib costs
 * 10–20 µs before it compresses anything, more than a few hundred bytes sent as they are.
 */
const STORED_MAX = 512;

/**
 * Raw deflate of bytes between shared parts (or at either end), begun from nothing and ended on
 * a byte boundary; `last` finishes the stream. Short ones are one stored block (RFC 1951 3.2.4:
 * BFINAL, BTYPE 00, then to the byte boundary, LEN and its complement, the bytes).
 */
function deflateBetween(bytes: Buffer, level: number, last: boolean): Buffer {
  if (bytes.length === 0 && !last) return bytes;
  if (bytes.length > STORED_MAX)
    return deflateRawSync(bytes, {
      level,
      ...(last ? {} : { finishFlush: zlib.Z_SYNC_FLUSH }),
    });
  const block = Buffer.allocUnsafe(5 + bytes.length);
  block[0] = last ? 1 : 0;
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}

/**
 * gzip of `bytes` with each shared part's deflate made once and spliced in (RFC 1951, 1952):
 * what comes between the parts is deflated and ended on a byte boundary without finishing;
 * each part's own deflate began from nothing, so it refers to nothing before it; what comes
 * after it begins from nothing too, and the last piece finishes the stream. The trailer's
 * CRC-32 and length are of all the bytes. An article page's gzip costs a fraction of what
 * compressing it whole does, and comes out smaller (the parts are compressed at level 9).
 * Undefined when a part is not where it says.
 */
export function gzipAround(
  bytes: Buffer,
  shared: readonly SharedPart[],
  level: number,
): Buffer | undefined {
  const pieces: Buffer[] = [GZIP_HEADER];
  let from = 0;
  for (const part of shared) {
    const end = part.start + part.bytes.length;
    if (part.start < from || end > bytes.length) return undefined;
    if (!bytes.subarray(part.start, end).equals(part.bytes)) return undefined;
    pieces.push(
      deflateBetween(bytes.subarray(from, part.start), level, false),
      deflatedPart(part.bytes),
    );
    from = end;
  }
  pieces.push(deflateBetween(bytes.subarray(from), level, true));
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(bytes) >>> 0, 0);
  trailer.writeUInt32LE(bytes.length % 2 ** 32, 4);
  pieces.push(trailer);
  return Buffer.concat(pieces);
}

/** The bytes of `page` in `encoding` (identity is decoded from gzip, for old clients). */
export function bytesOf(page: CachedPage, encoding: Encoding): Buffer {
  if (encoding === 'br') return page.br;
  if (encoding === 'gzip') return page.gzip;
  return gunzipSync(page.gzip);
}

/** The bytes a page takes in memory. */
const sizeOf = (page: CachedPage) =>
  page.gzip.length +
  page.br.length +
  page.headers.reduce((n, [name, value]) => n + name.length + value.length, 0);

export function createPageCache(options: {
  clock: Clock;
  maxEntries?: number;
  ttlMs?: number;
  maxBytes?: number;
}) {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  // lru-cache reads time as milliseconds from an origin (a 0 reads as "no time at all").
  const origin = options.clock.now().getTime() - 1;
  const pages = new LRUCache<string, CachedPage>({
    max: options.maxEntries ?? 1000,
    maxSize: maxBytes,
    // One page never takes more than an eighth of the cache.
    maxEntrySize: maxBytes / 8,
    sizeCalculation: sizeOf,
    ttl: options.ttlMs ?? KEEP_MS.page,
    // Time comes from our clock, so tests can move it; read on every check, never cached.
    perf: { now: () => options.clock.now().getTime() - origin },
    ttlResolution: 0,
  });
  /** While false (listening connection lost), nothing is cached: changes may go unheard. */
  let trusted = true;
  /**
   * Bumped by every invalidation: a page rendered before a change must not be stored after it
   * (its render may have read the old content while the change was being made).
   */
  let generation = 0;

  return {
    get(key: string): CachedPage | undefined {
      return pages.get(key);
    },
    /** The generation to hand back to `set` for a render starting now. */
    get generation() {
      return generation;
    },
    /**
     * Keeps `page`, unless content changed since its render began (`since`); `ttlMs` replaces
     * the cache's own time to live for this entry (sitemaps and feeds, which hold no random
     * suggestions, are kept until a change or as long as they tell crawlers to keep them).
     */
    set(key: string, page: Omit<CachedPage, 'storedAt'>, since = generation, ttlMs?: number) {
      if (!trusted || since !== generation) return;
      pages.set(
        key,
        { ...page, storedAt: options.clock.now().getTime() },
        ttlMs === undefined ? undefined : { ttl: ttlMs },
      );
    },
    clear() {
      pages.clear();
    },
    /** Content changed somewhere: forget everything. */
    invalidate() {
      generation++;
      pages.clear();
    },
    /** Notifications may be missed: forget everything and stop caching until `trust()`. */
    distrust() {
      trusted = false;
      generation++;
      pages.clear();
    },
    trust() {
      trusted = true;
    },
    get trusted() {
      return trusted;
    },
    get size() {
      return pages.size;
    },
    /** Bytes the cached pages take. */
    get bytes() {
      return pages.calculatedSize;
    },
  };
}
export type PageCache = ReturnType<typeof createPageCache>;

/** Paths whose pages never go into the cache: they depend on who asks. */
const PRIVATE_PREFIXES = ['/admin', '/profile', '/login', '/signup', '/logout', '/preview'];

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

/** Only anonymous GET/HEAD requests for public pages are cached. */
export function isCacheable(
  request: { method: string; url: string; headers: Record<string, string | string[] | undefined> },
  cookieName: string,
): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.headers.authorization) return false;
  const cookie = request.headers.cookie;
  if (typeof cookie === 'string' && cookie.includes(`${cookieName}=`)) return false;
  const path = request.url.split('?')[0] ?? '';
  return !PRIVATE_PREFIXES.some(
    (p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}.`),
  );
}

/**
 * React Router's `.data` requests name the loaders they want in `_routes`; the answer depends
 * on it as much as on the path.
 */
const KEYED_QUERY_KEYS = [...PAGE_QUERY_KEYS, '_routes'];

/**
 * The cache key of a request: its path plus the query parameters a page reads, in one order.
 * Tracking tags (`?utm_source=…`) and made-up parameters (`?x=1`) meet the cached page, so they
 * can neither split the cache nor force a fresh render.
 */
export function pageCacheKey(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  const kept = new URLSearchParams();
  for (const key of KEYED_QUERY_KEYS)
    for (const value of params.getAll(key)) kept.append(key, value);
  const query = kept.toString();
  return query ? `${url.slice(0, at)}?${query}` : url.slice(0, at);
}
