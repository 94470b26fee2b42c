import type { Db } from '../../../db/client';
import { createAddressCaps } from '../../lib/address-caps';
import type { Clock } from '../../lib/clock';
import { addCounts } from './ads-repository';

/** How often the counts kept in memory are written to their day's rows. */
export const COUNTS_FLUSH_MS = 5_000;

export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * What one address may add to one creative's counts in an hour (issue 66 item 11): a reader
 * sees an ad on a page or two a minute at most and clicks it once or twice; past these, its
 * impressions and clicks still answer (the click still goes to its link) but count nothing.
 * Counted in this process's memory (server/lib/address-caps.ts), never written.
 */
export const IMPRESSIONS_PER_ADDRESS_HOUR = 30;
export const CLICKS_PER_ADDRESS_HOUR = 3;
const CAPS = { impressions: IMPRESSIONS_PER_ADDRESS_HOUR, clicks: CLICKS_PER_ADDRESS_HOUR };

type Counted = { day: string; impressions: number; clicks: number };

/**
 * House ads' impressions and clicks (issue 39 item 1), counted in memory and written per
 * creative and day (UTC) in batches, as the API keys' uses are: a busy page never writes a row
 * per reader. Nothing about the reader is counted: a number per creative and day.
 */
export function createAdCounts(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  let pending = new Map<string, Counted>();
  const perAddress = createAddressCaps({ clock, windowMs: 3600_000 });

  const flush = async () => {
    const batch = pending;
    pending = new Map();
    const byDay = new Map<string, { id: string; impressions: number; clicks: number }[]>();
    for (const [id, c] of batch) byDay.set(c.day, [...(byDay.get(c.day) ?? []), { id, ...c }]);
    for (const [day, counts] of byDay) await addCounts(db, day, counts);
  };

  return {
    /** One more impression or click of creative `id` today, unless `address` gave its hour's. */
    async count(id: string, kind: 'impressions' | 'clicks', address: string) {
      if (perAddress.hit([kind, address, id]) > CAPS[kind]) return;
      const day = utcDay(clock.now());
      if (pending.get(id)?.day !== undefined && pending.get(id)?.day !== day) await flush();
      const now = pending.get(id) ?? { day, impressions: 0, clicks: 0 };
      now[kind]++;
      pending.set(id, now);
    },
    flush,
    /** Writes the counts every COUNTS_FLUSH_MS until the returned stop is called. */
    start(): () => Promise<void> {
      const timer = setInterval(() => void flush().catch(() => undefined), COUNTS_FLUSH_MS);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await flush();
      };
    },
  };
}
