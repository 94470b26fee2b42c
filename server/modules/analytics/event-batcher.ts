import { createIntervalWriter } from '../../lib/interval-writer';
import type { ErrorLog } from '../../lib/log';

/** How long a beacon may wait in memory before it is written: "now" is at most this behind. */
export const EVENTS_FLUSH_MS = 5_000;
/** Beacons one process holds at most while they cannot be written; beyond, they are dropped. */
export const MAX_PENDING_EVENTS = 200_000;

/**
 * Raw beacons in this process's memory, written in batches (as the views are,
 * server/modules/views/view-counter.ts): one multi-row insert per interval instead of one per
 * beacon, so 2,000 beacons a second cost a few statements; the loop is server/lib/interval-writer.ts.
 * A batch that fails waits for the next; closing writes what is left; a process killed outright
 * loses one interval's beacons.
 */
export function createEventBatcher<T>(deps: {
  write(rows: T[]): Promise<void>;
  log?: ErrorLog | undefined;
  intervalMs?: number;
}) {
  let pending: T[] = [];
  let dropped = 0;

  const writer = createIntervalWriter<T[]>({
    intervalMs: deps.intervalMs ?? EVENTS_FLUSH_MS,
    beforeFlush() {
      if (dropped === 0) return;
      deps.log?.error({ events: dropped }, 'analytics events dropped: too many were waiting');
      dropped = 0;
    },
    take() {
      if (pending.length === 0) return undefined;
      const batch = pending;
      pending = [];
      return batch;
    },
    write: deps.write,
    giveBack(batch, error) {
      pending = [...batch, ...pending].slice(0, MAX_PENDING_EVENTS);
      deps.log?.error({ err: error, events: batch.length }, 'writing analytics events failed');
    },
  });

  return {
    add(row: T): void {
      if (pending.length >= MAX_PENDING_EVENTS) {
        dropped++;
        return;
      }
      pending.push(row);
      writer.changed();
    },
    flush: writer.flush,
    pending: () => pending.length,
    close: writer.close,
  };
}
