import type { Clock } from '../../lib/clock';
import { createIntervalWriter } from '../../lib/interval-writer';
import type { ErrorLog } from '../../lib/log';

/** How long a counted view may wait in memory before it is written (issue 23 item 4). */
export const VIEWS_FLUSH_MS = 5_000;
/** A reader's views of one article count once in this long (README "Reading"). */
export const SAME_VIEW_MS = 30 * 60_000;
/**
 * Views one process holds at most while they cannot be written (the database is away): beyond
 * this, views are refused (logged) rather than held in memory without end.
 */
export const MAX_PENDING_VIEWS = 100_000;

/** Views not written yet: per article, per reader, when the view came (ms since the epoch). */
export type PendingViews = Map<string, Map<string, number>>;

/**
 * This process's counted views, in memory, written in batches (DECISIONS.md §16): a view adds
 * an entry here, and a timer writes what has gathered at most every `intervalMs` with one
 * `write` per batch, so a much-read story costs a few writes every interval instead of several
 * for every view. The batch names each reader, so the write can count each reader once in
 * SAME_VIEW_MS across every process on the database.
 *
 * A batch that could not be written is kept and tried again with the next (logged); closing
 * writes what is left. A process killed outright (kill -9) loses what it had not written yet:
 * at most one interval's views.
 */
export function createViewCounter(deps: {
  clock: Clock;
  write(batch: PendingViews): Promise<void>;
  log?: ErrorLog | undefined;
  intervalMs?: number;
}) {
  let pending: PendingViews = new Map();
  let size = 0;
  let refused = 0;

  /** Adds a view unless this reader's view of the article is there already; true if added. */
  const addTo = (articleId: string, reader: string, at: number) => {
    let readers = pending.get(articleId);
    if (!readers) pending.set(articleId, (readers = new Map()));
    if (readers.has(reader)) return false;
    readers.set(reader, at);
    size++;
    return true;
  };

  const writer = createIntervalWriter<{ batch: PendingViews; views: number }>({
    intervalMs: deps.intervalMs ?? VIEWS_FLUSH_MS,
    beforeFlush() {
      if (refused === 0) return;
      deps.log?.error({ views: refused }, 'views refused: too many were waiting to be written');
      refused = 0;
    },
    take() {
      if (size === 0) return undefined;
      const taken = { batch: pending, views: size };
      [pending, size] = [new Map(), 0];
      return taken;
    },
    write: ({ batch }) => deps.write(batch),
    giveBack({ batch, views }, error) {
      // Views that came since are newer: each reader's earliest view is the one kept.
      for (const [articleId, readers] of batch)
        for (const [reader, at] of readers) {
          const since = pending.get(articleId);
          if (since?.has(reader)) since.set(reader, at);
          else addTo(articleId, reader, at);
        }
      deps.log?.error({ err: error, views }, 'writing views failed; they wait for the next try');
    },
  });

  return {
    /** Whether this reader's view of the article is among those not written yet. */
    has: (articleId: string, reader: string) => pending.get(articleId)?.has(reader) ?? false,

    /**
     * One view of `articleId` by `reader`, now. False when this reader's view of it is waiting
     * already, or too many views are (MAX_PENDING_VIEWS).
     */
    add(articleId: string, reader: string): boolean {
      if (size >= MAX_PENDING_VIEWS) {
        refused++;
        return false;
      }
      if (!addTo(articleId, reader, deps.clock.now().getTime())) return false;
      // After closing (a request that finished late) there is no next interval: written at once.
      writer.changed();
      return true;
    },

    /** Writes the views counted so far now (closing, and tests). */
    flush: writer.flush,

    /** Views counted and not written yet. */
    pending: () => size,

    /** Stops the timer and writes what is left; what cannot be written is logged as lost. */
    async close(): Promise<void> {
      await writer.close();
      if (size > 0) deps.log?.error({ views: size }, 'counted views could not be written');
    },
  };
}
export type ViewCounter = ReturnType<typeof createViewCounter>;
