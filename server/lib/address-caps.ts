import { hash, randomBytes } from 'node:crypto';
import type { Clock } from './clock';

/** Keys one set of caps holds at most in a window: a flood of addresses stays bounded. */
export const ADDRESS_CAPS_MAX_KEYS = 200_000;

/**
 * Per-address counts of reader beacons in fixed windows, in this process's memory only (issue 66
 * item 11): how many views one address sent in ten minutes, how many impressions of one ad in an
 * hour. Nothing is written and no database is asked, so a beacon stays as cheap as it was. An
 * address is never kept as such: each key is a hash with a random salt that lives in this
 * process and changes with the UTC day (checked as each window begins), and every window starts
 * from nothing.
 *
 * The counts are per process: behind a load balancer spreading one address over N processes, a
 * cap lets through at most N times its number (what a count kept in the database would save,
 * at a round trip per beacon). A fixed window lets a burst straddling its edge reach twice the
 * cap for a moment; both are acceptable for counts that only decide what a beacon is worth.
 */
export function createAddressCaps(opts: { clock: Clock; windowMs: number; maxKeys?: number }) {
  const maxKeys = opts.maxKeys ?? ADDRESS_CAPS_MAX_KEYS;
  let salt = { day: '', value: '' };
  let window = -1;
  let counts = new Map<string, number>();

  /** Starts a new window (and a new salt with each UTC day) when `now` is past this one. */
  const windowAt = (now: number) => {
    const current = Math.floor(now / opts.windowMs);
    if (current === window) return;
    [window, counts] = [current, new Map()];
    const day = new Date(now).toISOString().slice(0, 10);
    if (salt.day !== day) salt = { day, value: randomBytes(32).toString('base64') };
  };

  /** Counts one more under `key` (a salted hash, and what it is counted against). */
  const count = (key: string): number => {
    const seen = counts.get(key);
    if (seen === undefined && counts.size >= maxKeys) return 1;
    const n = (seen ?? 0) + 1;
    counts.set(key, n);
    return n;
  };

  return {
    /**
     * One more for `parts` (an address, and what it is counted against) in this window; answers
     * the count with this one. When the window already holds `maxKeys` others, answers 1: a
     * flood of addresses is many addresses, which no cap per address is for.
     */
    hit(parts: readonly string[]): number {
      windowAt(opts.clock.now().getTime());
      // One native call a key (`hash`, not a Hash object's four): thousands a second on counting day.
      return count(hash('sha256', salt.value + parts.join('\n'), 'base64url'));
    },

    /**
     * The caps of one address for several things at once, its salted hash made once:
     * `of(address).hit()` counts one more for the address, `hit(scope)` for the address and
     * `scope` (the address's own count is its hash alone: no string made for it).
     */
    of(address: string) {
      windowAt(opts.clock.now().getTime());
      const key = hash('sha256', `${salt.value}${address}`, 'base64url');
      return { hit: (scope?: string) => count(scope === undefined ? key : `${key}\n${scope}`) };
    },
  };
}
export type AddressCaps = ReturnType<typeof createAddressCaps>;
