import type { Clock } from '../../server/lib/clock';

/**
 * A clock that follows real time, moved by an offset a test sets: `shift(ms)` to be `ms` from
 * now (negative for the past), `shift(0)` to come back.
 */
export function shiftedClock(): { clock: Clock; shift(ms: number): void } {
  let offsetMs = 0;
  return {
    clock: { now: () => new Date(Date.now() + offsetMs) },
    shift(ms) {
      offsetMs = ms;
    },
  };
}

/**
 * Now, to the second, or an hour earlier when now is within an hour of a UTC midnight: a test
 * that moves a clock standing still by half an hour stays on one UTC day, whose salt names the
 * readers of analytics and views (server/modules/analytics/analytics-beacons.ts). At the turn of
 * the day the salt changes, so a reader is a new reader: a view just before midnight and one
 * just after count twice, by design (docs/decisions/051-first-party-analytics.md).
 */
export function startOfAStillClock(): number {
  const now = Math.floor(Date.now() / 1000) * 1000;
  const hour = 3600_000;
  const intoDay = now % (24 * hour);
  return intoDay > 23 * hour ? now - hour : now;
}
