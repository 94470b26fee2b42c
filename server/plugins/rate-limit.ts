/*
 * Rate limits (issue "Structure" §5): @fastify/rate-limit, registered once, counting in the
 * `rate_limits` table so that every process on one PostgreSQL counts the same requests
 * (STYLE.md §6). Routes set their own limits in `config.rateLimit`; every other /api/ call
 * falls under one ceiling per address. Answers past a limit are 429 with our error JSON and
 * the RateLimit-* and Retry-After headers.
 *
 * The routes' own limits (sign-up, reset, uploads, views, push subscriptions: all writes)
 * count in the table at every request. The ceiling counts in memory first and shares its
 * count through the table only once an address nears it (`localFirst`), so a reader's API
 * reads write no row (issue 36 item 8; docs/decisions/006, addendum); so does a route's own
 * limit when the route says `limitInMemoryFirst` (the reader script's beacons).
 */
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { and, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { FastifyContextConfig, FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema/site';
import type { Clock } from '../lib/clock';
import { tooManyRequests } from '../lib/errors';

type IncrResult = { current: number; ttl: number };
type Callback = (error: Error | null, result?: IncrResult) => void;

/** Forget windows that ended a day ago, now and then. */
const SWEEP_EVERY = 500;

/** Fixed-window counters in the database; one atomic upsert per counted request. */
export function createRateLimitCounters(db: Db, clock: Clock) {
  let hits = 0;
  const ttlOf = (resetAt: Date, now: Date) => Math.max(0, resetAt.getTime() - now.getTime());
  /** Adds `n` to the window under `key` in one atomic upsert; answers its count after. */
  const add = async (key: string, n: number, windowMs: number): Promise<IncrResult> => {
    const now = clock.now();
    const resetAt = new Date(now.getTime() + windowMs);
    const [row] = await db
      .insert(rateLimits)
      .values({ key, count: n, resetAt })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${rateLimits.resetAt} <= ${now} THEN ${n}::integer ELSE ${rateLimits.count} + ${n}::integer END`,
          resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= ${now} THEN ${resetAt}::timestamptz ELSE ${rateLimits.resetAt} END`,
        },
      })
      .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
    if (++hits % SWEEP_EVERY === 0) {
      await db
        .delete(rateLimits)
        .where(lt(rateLimits.resetAt, new Date(now.getTime() - 24 * 3600_000)));
    }
    if (!row) throw new Error(`rate limit counter ${key} was not written`);
    return { current: row.count, ttl: ttlOf(row.resetAt, now) };
  };
  return {
    /** Counts one request under `key`; answers the window's count including it. */
    increment: (key: string, windowMs: number): Promise<IncrResult> => add(key, 1, windowMs),

    /** Counts `n` requests at once (those a process counted in memory, `localFirst`). */
    add: (key: string, n: number, windowMs: number): Promise<IncrResult> => add(key, n, windowMs),

    /** The counters' clock: windows counted in memory (`localFirst`) follow it too. */
    now: () => clock.now(),

    /** The current window's count under `key`, counting nothing. */
    async read(key: string): Promise<IncrResult> {
      const now = clock.now();
      const [row] = await db
        .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, now)));
      return row ? { current: row.count, ttl: ttlOf(row.resetAt, now) } : { current: 0, ttl: 0 };
    },

    /** Takes back one counted request (a sign-in that turned out right is not a failure). */
    async refund(key: string): Promise<void> {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(eq(rateLimits.key, key));
    },

    async reset(key: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },

    /**
     * Forgets windows that are over: their keys name readers' addresses, which no table keeps
     * longer than its window (issue 38 item 1; the analytics job calls it).
     */
    async forgetExpired(): Promise<void> {
      await db.delete(rateLimits).where(lte(rateLimits.resetAt, clock.now()));
    },
  };
}
export type RateLimitCounters = ReturnType<typeof createRateLimitCounters>;

/** The ceiling's count goes to the table once one process has counted this share of it. */
export const SHARE_FROM = 1 / 4;
/** Keys counted in memory at most (one a reader's address); past that, new ones go to the table. */
const LOCAL_KEYS_MAX = 100_000;

interface LocalWindow {
  count: number;
  /** When the window ends, in ms: the table's own end once the count is shared. */
  resetAt: number;
  /** Counted in the table from now on in this window. */
  shared: boolean;
}

/**
 * Counts in this process's memory until a key nears its limit, then hands the count to the
 * table and counts there for the rest of the window, where every process sees it (issue 36
 * item 8: a burst of reads writes no row). One process alone holds the limit exactly; with
 * several, each may take up to SHARE_FROM of it unseen before it shares (docs/decisions/006).
 */
export function localFirst(
  counters: RateLimitCounters,
  /** Put before each key in the table (a route's own limit), not in memory. */
  tablePrefix = '',
) {
  const windows = new Map<string, LocalWindow>();
  let sweptAt = -Infinity;
  /** Forgets ended windows, at most once a second: a full map of live ones is not walked per key. */
  const sweep = (now: number) => {
    if (now - sweptAt < 1000) return;
    sweptAt = now;
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  };
  /** The table's answer, its window's end now this one's. */
  const follow = (window: LocalWindow, result: IncrResult, now: number) => {
    window.resetAt = now + result.ttl;
    return result;
  };
  const windowOf = (key: string, windowMs: number, now: number) => {
    const window = windows.get(key);
    if (window && window.resetAt > now) return window;
    if (!window && windows.size >= LOCAL_KEYS_MAX) sweep(now);
    if (!window && windows.size >= LOCAL_KEYS_MAX) return undefined;
    const fresh = { count: 0, resetAt: now + windowMs, shared: false };
    windows.set(key, fresh);
    return fresh;
  };
  const shareFrom = (max: number) => Math.ceil(max * SHARE_FROM);
  return {
    /**
     * Counts one request in memory when this process may count it alone, with no promise (the
     * beacons' lean path); undefined, counting nothing, when `increment` must ask the table.
     */
    incrementHere(key: string, windowMs: number, max: number): IncrResult | undefined {
      const now = counters.now().getTime();
      const window = windowOf(key, windowMs, now);
      if (!window || window.shared || window.count + 1 >= shareFrom(max)) return undefined;
      window.count++;
      return { current: window.count, ttl: window.resetAt - now };
    },
    async increment(key: string, windowMs: number, max: number): Promise<IncrResult> {
      const now = counters.now().getTime();
      const window = windowOf(key, windowMs, now);
      const tableKey = tablePrefix + key;
      if (!window) return counters.increment(tableKey, windowMs);
      if (window.shared) return follow(window, await counters.increment(tableKey, windowMs), now);
      window.count++;
      if (window.count < shareFrom(max))
        return { current: window.count, ttl: window.resetAt - now };
      // Near the limit: from here on every process's count is in the table.
      window.shared = true;
      return follow(window, await counters.add(tableKey, window.count, windowMs), now);
    },
    async read(key: string): Promise<IncrResult> {
      const now = counters.now().getTime();
      const window = windows.get(key);
      if (!window || window.resetAt <= now || window.shared)
        return counters.read(tablePrefix + key);
      return { current: window.count, ttl: window.resetAt - now };
    },
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This route's own limit counts in memory until an address nears it, as the ceiling does:
     * for the reader script's beacons (server/lib/beacon-body.ts, `beaconLimits`), 2,000 a
     * second on election night, where an upsert each was most of the route's cost (issue 38
     * item 7, docs/perf/election-night.md). A limit that guards an account or a mailbox
     * (sign-in, sign-up, resets) counts in the table at every try.
     */
    limitInMemoryFirst?: boolean;
  }
}

const answer = (promise: Promise<IncrResult>, callback: Callback) =>
  promise.then(
    (result) => callback(null, result),
    (error: Error) => callback(error),
  );

/**
 * @fastify/rate-limit's store: the ceiling (the store the plugin makes) counts `localFirst`;
 * each route with a limit of its own gets a child that counts in the table under its prefix.
 */
function storeClass(counters: RateLimitCounters) {
  class TableStore implements FastifyRateLimitStore {
    constructor(protected readonly prefix = '') {}
    incr(key: string, callback: Callback, timeWindow: number) {
      answer(counters.increment(this.prefix + key, timeWindow), callback);
    }
    read(key: string, callback: Callback) {
      answer(counters.read(this.prefix + key), callback);
    }
    child(routeOptions: object) {
      // The plugin passes the route's merged options, with the route under `routeInfo`.
      const route = (
        routeOptions as {
          routeInfo?: { method?: unknown; url?: unknown; config?: FastifyContextConfig };
        }
      ).routeInfo;
      const name = route?.url ? `${String(route.method)} ${String(route.url)}:` : '';
      return route?.config?.limitInMemoryFirst ? new LocalFirstStore(name) : new TableStore(name);
    }
  }
  /** A route's own limit counted as the ceiling is: in memory until an address nears it. */
  class LocalFirstStore extends TableStore {
    private readonly counts = localFirst(counters);
    override incr(key: string, callback: Callback, timeWindow: number, max?: number) {
      answer(this.counts.increment(this.prefix + key, timeWindow, max ?? 1), callback);
    }
    override read(key: string, callback: Callback) {
      answer(this.counts.read(this.prefix + key), callback);
    }
  }
  const ceiling = localFirst(counters);
  return class CeilingStore extends TableStore {
    // The plugin passes its options here, which are no prefix: the ceiling counts bare keys.
    constructor() {
      super('');
    }
    override incr(key: string, callback: Callback, timeWindow: number, max?: number) {
      answer(ceiling.increment(key, timeWindow, max ?? 1), callback);
    }
    override read(key: string, callback: Callback) {
      answer(ceiling.read(key), callback);
    }
  };
}

export interface RateLimitOptions {
  counters: RateLimitCounters;
  /** Requests per minute one address may make to /api/ outside the routes' own limits; 0 = none. */
  apiPerMinute: number;
}

/** Minutes until a window ends, at least 1, for messages. */
export const minutesLeft = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs / 60_000));

export async function registerRateLimits(app: FastifyInstance, options: RateLimitOptions) {
  await app.register(rateLimit, {
    global: options.apiPerMinute > 0,
    max: options.apiPerMinute,
    timeWindow: 60_000,
    store: storeClass(options.counters) as never,
    // The IETF RateLimit-* fields and Retry-After.
    enableDraftSpec: true,
    // Pages, assets and uploads are not API calls; the page cache absorbs readers. A request
    // with an app's key counts against the key's own limit instead (plugins/api-keys.ts).
    allowList: (request) =>
      !request.url.startsWith('/api/') ||
      (request.apiKey !== undefined &&
        (request.routeOptions.config as { rateLimit?: unknown }).rateLimit === undefined),
    errorResponseBuilder: (_request, context) =>
      tooManyRequests('rate_limit.exceeded', { minutes: minutesLeft(context.ttl) }),
  });
}

type Check = Extract<
  Awaited<ReturnType<ReturnType<FastifyInstance['createRateLimit']>>>,
  { isAllowed: false }
>;

/**
 * Sets the RateLimit-* headers of a check made with `app.createRateLimit` and answers whether it
 * is over its limit (then with Retry-After too), for routes that count more than one key.
 */
export function applyCheck(reply: FastifyReply, check: Check): boolean {
  const reset = Math.ceil(check.ttl / 1000);
  reply.header('ratelimit-limit', check.max);
  reply.header('ratelimit-remaining', check.isExceeded ? 0 : check.remaining);
  reply.header('ratelimit-reset', reset);
  if (check.isExceeded) reply.header('retry-after', reset);
  return check.isExceeded;
}
