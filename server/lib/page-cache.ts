/*
 * Whole-page cache for readers who are not signed in (ARCHITECTURE.md "Speed by design"): a
 * public page depends only on published data and settings, so it is kept by URL and dropped
 * whenever content changes anywhere (a PostgreSQL NOTIFY reaches every process) or after a
 * minute (scheduled articles, random suggestions).
 *
 * Each response still gets its own CSP nonce: pages are rendered with a placeholder nonce and
 * the placeholder is replaced per response.
 */
import type { Clock } from '../lib/clock';

export const NONCE_PLACEHOLDER = 'PatrikaNoncePlaceholder0';
export const CONTENT_CHANNEL = 'patrika_content_changed';

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: string;
  storedAt: number;
}

export function createPageCache(options: {
  clock: Clock;
  maxEntries?: number;
  ttlMs?: number;
  maxBytes?: number;
}) {
  const maxEntries = options.maxEntries ?? 1000;
  const ttlMs = options.ttlMs ?? 60_000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const pages = new Map<string, CachedPage>();
  let bytes = 0;
  /** While false (listening connection lost), nothing is cached: changes may go unheard. */
  let trusted = true;

  const drop = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    bytes -= page.body.length;
    pages.delete(key);
  };

  return {
    get(key: string): CachedPage | undefined {
      const page = pages.get(key);
      if (!page) return undefined;
      if (options.clock.now().getTime() - page.storedAt > ttlMs) {
        drop(key);
        return undefined;
      }
      // Most recently used last, so the oldest is dropped first.
      pages.delete(key);
      pages.set(key, page);
      return page;
    },
    set(key: string, page: Omit<CachedPage, 'storedAt'>) {
      if (!trusted || page.body.length > maxBytes / 8) return;
      drop(key);
      pages.set(key, { ...page, storedAt: options.clock.now().getTime() });
      bytes += page.body.length;
      while (pages.size > maxEntries || bytes > maxBytes) {
        const oldest = pages.keys().next().value;
        if (oldest === undefined) break;
        drop(oldest);
      }
    },
    clear() {
      pages.clear();
      bytes = 0;
    },
    /** Content changed somewhere: forget everything. */
    invalidate() {
      this.clear();
    },
    /** Notifications may be missed: forget everything and stop caching until `trust()`. */
    distrust() {
      trusted = false;
      this.clear();
    },
    trust() {
      trusted = true;
    },
    get size() {
      return pages.size;
    },
  };
}
export type PageCache = ReturnType<typeof createPageCache>;

/** Paths whose pages never go into the cache: they depend on who asks. */
const PRIVATE_PREFIXES = ['/admin', '/profile', '/login', '/signup', '/logout'];

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
