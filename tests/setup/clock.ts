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
