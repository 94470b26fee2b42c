/*
 * Rate limits (issue "Structure" §5): @fastify/rate-limit, registered once, counting in the
 * `rate_limits` table so that every process on one PostgreSQL counts the same requests
 * (STYLE.md §6). Routes set their own limits in `config.rateLimit`; every other /api/ call
 * falls under one ceiling per address. Answers past a limit are 429 with our error JSON and
 * the RateLimit-* and Retry-After headers.
 */
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
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
  return {
    /** Counts one request under `key`; answers the window's count including it. */
    async increment(key: string, windowMs: number): Promise<IncrResult> {
      const now = clock.now();
      const resetAt = new Date(now.getTime() + windowMs);
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`CASE WHEN ${rateLimits.resetAt} <= ${now} THEN 1 ELSE ${rateLimits.count} + 1 END`,
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
    },

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
  };
}
export type RateLimitCounters = ReturnType<typeof createRateLimitCounters>;

/** @fastify/rate-limit's store over the counters; each route counts under its own prefix. */
function storeClass(counters: RateLimitCounters) {
  return class DbRateLimitStore implements FastifyRateLimitStore {
    constructor(private readonly prefix = '') {}
    incr(key: string, callback: Callback, timeWindow: number) {
      counters.increment(this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }
    read(key: string, callback: Callback) {
      counters.read(this.prefix + key).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }
    child(routeOptions: object) {
      // The plugin passes the route's merged options, with the route under `routeInfo`.
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      const name = route?.url ? `${String(route.method)} ${String(route.url)}:` : '';
      return new DbRateLimitStore(name);
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
    // Pages, assets and uploads are not API calls; the page cache absorbs readers.
    allowList: (request) => !request.url.startsWith('/api/'),
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
