/*
 * Which answers are kept whole for anonymous readers (DECISIONS.md §16, docs/decisions/029):
 * each kind says which paths it covers, which query parameters its answer depends on (the rest
 * meet the kept answer, so `?utm_source=…` neither splits the cache nor forces a render) and
 * how long it stays fresh when nothing it shows changes. Keeping a new kind of answer is one
 * entry here, and `wholeAnswers(cache, KEPT.thatKind)` in its route (page-cache.ts).
 */
import { LIVE_FEED_PATTERN, PAGE_QUERY_KEYS, SERVER_SEGMENTS } from '../../common/paths';

export interface KeptKind {
  /** The paths it covers (the first kind that matches a path is its kind). */
  path: RegExp;
  /** The query parameters its answer depends on. */
  query: readonly string[];
  /**
   * Fresh this long unless what it shows changes first: a change refreshes it at once in every
   * process, but a restore or a hand edit of the database tells no one, and random suggestions
   * should change now and then. Past it, it is served stale while it is refreshed.
   */
  freshMs: number;
}

/** Where the API, built assets and media live: never kept as pages (files have their own validators). */
const NOT_PAGES = new RegExp(
  `^/(?:${[SERVER_SEGMENTS.api, SERVER_SEGMENTS.assets, SERVER_SEGMENTS.media, SERVER_SEGMENTS.ads].join('|')})/`,
);

export const KEPT = {
  /**
   * A live blog's entries (issue 25 item 1): the one API answer kept, the same for every reader
   * and asked by every open page every few seconds. Its `since` is part of its key, and whether
   * its election blocks are filled in (`blocks`).
   */
  liveFeed: { path: LIVE_FEED_PATTERN, query: ['since', 'blocks'], freshMs: 60_000 },
  /**
   * An edition's top stories for the reader's city strip (issue 65 item 4): the same JSON for
   * every reader, asked after load by every page whose reader chose a city.
   */
  editionTop: {
    path: new RegExp(`^/${SERVER_SEGMENTS.api}/editions/[^/?]+/top(?:\\?|$)`),
    query: [],
    freshMs: 60_000,
  },
  /**
   * An election's tally, seats and contests (issue 69 item 3): the same for every reader,
   * asked by every results page every few seconds on counting day; a saved result refreshes
   * them through the election's tag (CacheTags.election).
   */
  electionResults: {
    path: /^\/api\/elections\/[a-z0-9-]+\/(?:tally|seats)(?:\/[0-9a-f-]+)?(?:\?|$)/,
    query: ['state', 'status', 'q'],
    freshMs: 60_000,
  },
  /** Sitemaps and feeds: costly to make; crawlers may keep them as long (max-age). */
  feeds: { path: /^\/[^?]*\.xml(?:\?|$)/, query: [], freshMs: 300_000 },
  /** ads.txt and app-ads.txt (issue 39 item 1): the settings' text, refreshed by their change. */
  adsTxt: { path: /^\/(?:app-)?ads\.txt(?:\?|$)/, query: [], freshMs: 300_000 },
  /**
   * Rendered pages. React Router's `.data` requests name the loaders they want in `_routes`:
   * the answer depends on it as much as on the path.
   */
  page: {
    path: new RegExp(`^(?!${NOT_PAGES.source.slice(1)})`),
    query: [...PAGE_QUERY_KEYS, '_routes'],
    freshMs: 60_000,
  },
} as const satisfies Record<string, KeptKind>;

const KINDS: readonly KeptKind[] = Object.values(KEPT);

/** The kind of answer kept at `url`, or undefined (the API, assets, media). */
export const keptKindOf = (url: string): KeptKind | undefined =>
  KINDS.find((kind) => kind.path.test(url));

/** Whether a path's answers may be kept at all. */
export const isKeptPath = (url: string): boolean => keptKindOf(url) !== undefined;

/**
 * The cache key of a request: its path plus the query parameters its kind reads, in one order.
 * Tracking tags (`?utm_source=…`) and made-up parameters (`?x=1`) meet the kept answer.
 */
export function pageCacheKey(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  const kept = new URLSearchParams();
  for (const key of keptKindOf(url)?.query ?? [])
    for (const value of params.getAll(key)) kept.append(key, value);
  const query = kept.toString();
  return query ? `${url.slice(0, at)}?${query}` : url.slice(0, at);
}
