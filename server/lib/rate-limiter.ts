import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema/site';
import type { Clock } from './clock';

export interface RateWindow {
  count: number;
  resetAt: Date;
}

/**
 * Fixed-window counters kept in the database, so every process on one PostgreSQL counts the
 * same attempts (STYLE.md §6). One atomic upsert per hit.
 */
export function createRateLimiter(db: Db, clock: Clock) {
  let hits = 0;
  return {
    /** Counts one event under `key`; answers the window's count including it. */
    async hit(key: string, windowMs: number): Promise<RateWindow> {
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
      // Now and then, forget windows that ended long ago.
      if (++hits % 500 === 0) {
        await db
          .delete(rateLimits)
          .where(lt(rateLimits.resetAt, new Date(now.getTime() - 24 * 3600_000)));
      }
      return row as RateWindow;
    },

    /** The current window's count under `key` without counting anything. */
    async peek(key: string): Promise<RateWindow | undefined> {
      const [row] = await db
        .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, clock.now())));
      return row;
    },

    async reset(key: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
