/*
 * Whole-page cache for readers who are not signed in (ARCHITECTURE.md "Speed by design"): a
 * public page depends only on published data and settings, so it is kept by URL and dropped
 * whenever content changes anywhere (a PostgreSQL NOTIFY reaches every process), when a
 * scheduled article goes live (its job sends that NOTIFY; docs/decisions/016), or after a
 * minute (random suggestions).
 *
 * Each response still gets its own CSP nonce: pages are rendered with a placeholder nonce and
 * the placeholder is replaced per response.
 */
import { LRUCache } from 'lru-cache';
import { PAGE_QUERY_KEYS } from '../../common/paths';
import type { Clock } from '../lib/clock';

export const NONCE_PLACEHOLDER = 'PatrikaNoncePlaceholder0';
export const CONTENT_CHANNEL = 'patrika_content_changed';

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: string;
  storedAt: number;
}

/** The bytes a page takes in memory (its body is kept as a string; count UTF-8, not UTF-16). */
const sizeOf = (page: CachedPage) =>
  Buffer.byteLength(page.body) +
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
    ttl: options.ttlMs ?? 60_000,
    // Time comes from our clock, so tests can move it; read on every check, never cached.
    perf: { now: () => options.clock.now().getTime() - origin },
    ttlResolution: 0,
  });
  /** While false (listening connection lost), nothing is cached: changes may go unheard. */
  let trusted = true;

  return {
    get(key: string): CachedPage | undefined {
      return pages.get(key);
    },
    set(key: string, page: Omit<CachedPage, 'storedAt'>) {
      if (!trusted) return;
      pages.set(key, { ...page, storedAt: options.clock.now().getTime() });
    },
    clear() {
      pages.clear();
    },
    /** Content changed somewhere: forget everything. */
    invalidate() {
      pages.clear();
    },
    /** Notifications may be missed: forget everything and stop caching until `trust()`. */
    distrust() {
      trusted = false;
      pages.clear();
    },
    trust() {
      trusted = true;
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

/** React Router's lazy route discovery (`/__manifest?paths=…&version=…`). */
const MANIFEST_PATH = '/__manifest';

/** Paths whose pages never go into the cache: they depend on who asks. */
const PRIVATE_PREFIXES = ['/admin', '/profile', '/login', '/signup', '/logout', '/preview'];

/** A page that says it must not be stored (a preview) is never kept, whatever its path. */
export const forbidsStoring = (headers: Headers) =>
  /\b(no-store|private)\b/i.test(headers.get('cache-control') ?? '');

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
  // React Router's route discovery answers for the paths in its query: not a page.
  if (path === MANIFEST_PATH) return false;
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
