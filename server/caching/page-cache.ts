/*
 * HTTP caching (docs/decisions/025, 029): kept answers, validators and 304s.
 *
 * - A kept answer is served here, in an onRequest hook, before any route runs: its stored
 *   brotli or gzip bytes as Accept-Encoding says, with their ETag, or 304 to a matching
 *   If-None-Match. A stale one (something it shows changed) is served as it is while one render
 *   in this process refreshes it, off the reader's path; a miss is rendered once, however many
 *   readers ask for it at the same time.
 * Whole answers kept like pages, and validators for the rest: whole-answers.ts.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { CacheChange } from '../../common/cache-tags';
import type { AccessClass } from '../../common/article-access';
import { CLASS_PAGE_CACHE_CONTROL, classKey, classNamed, splitClassKey } from './class-pages';
import { encodePage, isCacheable, PUBLIC_PAGE_CACHE_CONTROL } from './http-caching';
import { internalRequestHeaders } from '../lib/request-log';
import { isKeptPath, pageCacheKey } from './kept-answers';
import type { KeptAnswer, PageStore } from './page-store';
import { RefreshQueue } from './refresh-queue';
import { sendPage } from './send-page';

export { NOT_FRESH_CACHE_CONTROL, sendPage, type CacheState } from './send-page';

/** What a change does to every kept answer; `all` for a change nobody can name by tags. */
export type Change = CacheChange | { all: 'stale' | 'drop' };

/** A render of one key under way in this process, which readers of the key may wait for. */
interface Flight {
  /** The page store's mark when it began (lib/page-store.ts `begin`). */
  since: number;
  refresh: boolean;
  answer: Promise<KeptAnswer | undefined>;
  settle(answer?: KeptAnswer): void;
}

/** At most this many renders refresh stale answers at once (the rest wait their turn). */
const REFRESH_CONCURRENCY = 1;
/** Stale answers no reader asked for in this long are left stale, not rendered again. */
const REFRESH_IF_READ_WITHIN_MS = 5 * 60_000;

/**
 * This process's kept answers on the HTTP side: which readers get what, one render per page at
 * a time, stale answers refreshed in the background. Made with the services (a change reaches
 * it through `changed`); the app gives it its way to render (`renderWith`) when it is built.
 */
export class PageCache {
  /** Marks this process's own refresh requests; never leaves the process. */
  private readonly refreshToken = randomUUID();
  private readonly flights = new Map<string, Flight>();
  private readonly byRequest = new WeakMap<FastifyRequest, Flight>();
  /** Stale keys waiting for their refresh (at most 10,000): a change's own pages first. */
  private readonly queue = new RefreshQueue(10_000);
  /** Answers kept while a change to what they show was made (see NOT_FRESH_CACHE_CONTROL). */
  private readonly unsure = new WeakSet<KeptAnswer>();
  private refreshing = 0;
  private render: ((key: string, headers: Record<string, string>) => Promise<void>) | undefined;
  /** Each request's entitlement class, decided once as it arrives (answer). */
  private readonly classes = new WeakMap<FastifyRequest, AccessClass>();
  private classify: ((request: FastifyRequest) => Promise<AccessClass>) | undefined;
  private passes: ((request: FastifyRequest) => boolean) | undefined;

  constructor(
    readonly store: PageStore,
    private readonly options: {
      /** What kept answers tell shared caches (publicCacheControl). */
      cacheControl?: string;
      now: () => number;
      logError?: (error: unknown, what: string) => void;
    },
  ) {}

  get cacheControl() {
    return this.options.cacheControl ?? PUBLIC_PAGE_CACHE_CONTROL;
  }

  /** How the app renders a key off the readers' path (an internal request). */
  renderWith(render: (key: string, headers: Record<string, string>) => Promise<void>) {
    this.render = render;
  }

  /**
   * How a reader's entitlement class is read (issue 39 item 3): pages differ by class, never by
   * person. Without it every reader is `none`.
   */
  classifyWith(classify: (request: FastifyRequest) => Promise<AccessClass>) {
    this.classify = classify;
  }

  /**
   * Requests whose page is their reader's own though their address is a shared page's (a gift
   * link, issue 39 item 5): rendered for them, never served a kept page. The render says
   * `private, no-store`, so nothing keeps it either.
   */
  passWith(passes: (request: FastifyRequest) => boolean) {
    this.passes = passes;
  }

  /** The class this request's page is kept and made for, once `answer` has decided it. */
  classOf(request: FastifyRequest): AccessClass | undefined {
    return this.classes.get(request);
  }

  /** The key of `request`'s kept answer: its address's, and its reader's class. */
  private keyOf(request: FastifyRequest): string {
    return classKey(pageCacheKey(request.url), this.classes.get(request) ?? 'none');
  }

  /** A change here or in another process: refresh what showed it, drop what must go. */
  changed(change: Change) {
    const stale = this.store.invalidate(change);
    const first = new Set(
      'first' in change && change.first ? this.store.keysTagged(change.first) : [],
    );
    const since = this.options.now() - REFRESH_IF_READ_WITHIN_MS;
    for (const key of stale)
      if ((this.store.readAt(key) ?? 0) >= since) this.refresh(key, first.has(key));
  }

  /** For tests and operators: forget every kept answer in this process. */
  invalidate(change: Change = { all: 'drop' }) {
    this.changed(change);
  }

  /** The onRequest hook: kept answers before any route; one render per missed key. */
  async answer(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    if (!isKeptPath(request.url) || !isCacheable(request)) return;
    if (this.passes?.(request)) return;
    const refresh = request.headers[REFRESH_HEADER] === this.refreshToken;
    // A refresh names the class it renders for; only this process's own refresh is believed.
    const reader = refresh
      ? classNamed(request.headers[CLASS_HEADER])
      : ((await this.classify?.(request)) ?? 'none');
    this.classes.set(request, reader);
    const key = this.keyOf(request);
    if (refresh) {
      this.fly(request, reply, key, true);
      return;
    }
    const found = this.store.get(key);
    if (found) {
      if (found.state === 'stale') this.refresh(key);
      const state = found.state === 'fresh' ? 'hit' : 'stale';
      return sendPage(request, reply, found.answer, state, state === 'hit', this.options.now());
    }
    const flying = this.flights.get(key);
    if (flying) {
      // Bounded: a flight whose request never ends (however that happens) must not hold every
      // later reader of the key; past the bound this reader renders for itself.
      const answer = await Promise.race([flying.answer, waited(FLIGHT_WAIT_MS)]);
      if (answer) {
        const fresh = !this.unsure.has(answer);
        return sendPage(request, reply, answer, 'coalesced', fresh, this.options.now());
      }
    }
    this.fly(request, reply, key, false);
  }

  /**
   * A render's answer to `request`: kept with the tags of what it showed (unless a change
   * dropped it meanwhile), given to the readers who waited for it, and sent.
   */
  async keep(
    request: FastifyRequest,
    reply: FastifyReply,
    made: { status: number; headers: [string, string][]; body: Buffer },
    opts: { tags: readonly string[]; freshMs?: number; endsAt?: number },
  ): Promise<FastifyReply> {
    const flight = this.byRequest.get(request);
    const tags = [...new Set(opts.tags)];
    // An answer that says how caches keep it (a sitemap) keeps its own word; a class's page
    // (a member's) is kept here and by no shared cache.
    const own = made.headers.some(([name]) => name.toLowerCase() === 'cache-control');
    const reader = this.classes.get(request) ?? 'none';
    const control = reader === 'none' ? this.cacheControl : CLASS_PAGE_CACHE_CONTROL;
    const headers: [string, string][] = [
      ...made.headers,
      ...(own ? [] : [['cache-control', control] as [string, string]]),
      ...tagHeaders(tags),
    ];
    const encoded = await encodePage({ status: made.status, headers }, made.body);
    const answer = opts.endsAt === undefined ? encoded : { ...encoded, endsAt: opts.endsAt };
    const key = this.keyOf(request);
    const since = flight?.since ?? this.store.begin();
    const kept = this.store.set(key, answer, {
      tags,
      since,
      freshMs: opts.freshMs,
      endsAt: opts.endsAt,
    });
    // Refused with no change since the render began: not kept, but not outdated either.
    const fresh = kept === 'fresh' || (kept === 'refused' && this.store.begin() === since);
    if (!fresh) this.unsure.add(answer);
    flight?.settle(kept === 'refused' ? undefined : answer);
    if (kept === 'stale') this.refresh(key);
    const state = flight?.refresh ? 'refresh' : 'miss';
    return sendPage(request, reply, answer, state, fresh, this.options.now());
  }

  /**
   * Ends a request's flight that kept nothing (an error, a 404, a redirect). A refresh that
   * found the page gone or moved drops the stale copy; one that failed (the database away)
   * leaves it to be served stale.
   */
  landed(request: FastifyRequest, status: number) {
    const flight = this.byRequest.get(request);
    if (!flight) return;
    flight.settle(undefined);
    if (flight.refresh && GONE.has(status)) this.store.delete(this.keyOf(request));
  }

  private fly(request: FastifyRequest, reply: FastifyReply, key: string, refresh: boolean) {
    let settle!: (answer?: KeptAnswer) => void;
    const answer = new Promise<KeptAnswer | undefined>((resolve) => (settle = resolve));
    const flight: Flight = {
      since: this.store.begin(),
      refresh,
      answer,
      settle: (kept) => {
        if (this.flights.get(key) === flight) this.flights.delete(key);
        settle(kept);
      },
    };
    this.flights.set(key, flight);
    this.byRequest.set(request, flight);
    // However its answer ends (sent, or its client gone mid-way), the flight ends with it.
    reply.raw.once('close', () => flight.settle(undefined));
  }

  /**
   * Asks for `key` to be rendered again off the readers' path, once; `first`, before every key
   * not asked for first (a change's own page, however many pages it made stale before it).
   */
  private refresh(key: string, first = false) {
    if (!this.render || this.flights.has(key)) return;
    if (this.queue.add(key, first)) this.pump();
  }

  private pump() {
    while (this.render && this.refreshing < REFRESH_CONCURRENCY) {
      const key = this.queue.next();
      if (key === undefined) return;
      this.refreshing++;
      const { url, reader } = splitClassKey(key);
      this.render(url, { [REFRESH_HEADER]: this.refreshToken, [CLASS_HEADER]: reader })
        .catch((error: unknown) => this.options.logError?.(error, `refreshing ${key} failed`))
        .finally(() => {
          this.refreshing--;
          this.pump();
        });
    }
  }
}

/** The longest a reader waits for another reader's render of the same key before its own. */
export const FLIGHT_WAIT_MS = 15_000;

/** Undefined after `ms` (a timer that never keeps the process up). */
const waited = (ms: number) => sleep(ms, undefined, { ref: false });

/** Answers that say a kept page is no longer there: a refresh that gets one drops it. */
const GONE = new Set([301, 302, 307, 308, 404, 410]);

/** The header that marks a process's own refresh render (with its token). */
const REFRESH_HEADER = 'x-patrika-refresh';
/** The class a refresh render is for (believed only beside REFRESH_HEADER's token). */
const CLASS_HEADER = 'x-patrika-class';

/**
 * What a kept answer tells front caches it shows: `Cache-Tag` (Cloudflare, comma-separated) and
 * `Surrogate-Key` (Fastly and Varnish's xkey, space-separated).
 */
export function tagHeaders(tags: readonly string[]): [string, string][] {
  if (tags.length === 0) return [];
  return [
    ['cache-tag', tags.join(',')],
    ['surrogate-key', tags.join(' ')],
  ];
}

/**
 * Serves kept answers before any route, and lets a render that kept nothing go. Registered after
 * the cookie parser: whether a request is signed in is read from its parsed session.
 */
export function registerPageCache(app: FastifyInstance, cache: PageCache) {
  app.addHook('onRequest', (request, reply) => cache.answer(request, reply));
  app.addHook('onResponse', async (request, reply) => cache.landed(request, reply.statusCode));
  // A client that went away before its request was whole: its flight ends too.
  app.addHook('onRequestAbort', async (request) => cache.landed(request, 0));
  // Stale answers are re-rendered through the app itself, as a reader's request would be, but
  // no reader asked for them: they write no request line.
  cache.renderWith(async (key, headers) => {
    await app.inject({
      method: 'GET',
      url: key,
      headers: { ...headers, ...internalRequestHeaders(), 'accept-encoding': 'br' },
    });
  });
}
