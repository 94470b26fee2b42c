import type { Clock } from '../../lib/clock';

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

interface Log {
  error(obj: object, msg: string): void;
}

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
  log?: Log | undefined;
  intervalMs?: number;
}) {
  const intervalMs = deps.intervalMs ?? VIEWS_FLUSH_MS;
  let pending: PendingViews = new Map();
  let size = 0;
  let refused = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  let closed = false;

  const schedule = () => {
    if (timer || closed) return;
    // Never keeps a process alive on its own: closing writes what is left.
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, intervalMs);
    timer.unref();
  };

  /** Adds a view unless this reader's view of the article is there already; true if added. */
  const addTo = (articleId: string, reader: string, at: number) => {
    let readers = pending.get(articleId);
    if (!readers) pending.set(articleId, (readers = new Map()));
    if (readers.has(reader)) return false;
    readers.set(reader, at);
    size++;
    return true;
  };

  /** Writes what has gathered, one batch at a time; a failed batch goes back to wait. */
  async function flush(): Promise<void> {
    while (writing) await writing;
    if (refused > 0) {
      deps.log?.error({ views: refused }, 'views refused: too many were waiting to be written');
      refused = 0;
    }
    if (size === 0) return;
    const [batch, views] = [pending, size];
    [pending, size] = [new Map(), 0];
    writing = deps
      .write(batch)
      .catch((error: unknown) => {
        // Views that came since are newer: each reader's earliest view is the one kept.
        for (const [articleId, readers] of batch)
          for (const [reader, at] of readers) {
            const since = pending.get(articleId);
            if (since?.has(reader)) since.set(reader, at);
            else addTo(articleId, reader, at);
          }
        deps.log?.error({ err: error, views }, 'writing views failed; they wait for the next try');
        schedule();
      })
      .finally(() => {
        writing = undefined;
      });
    await writing;
  }

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
      // After closing (a request that finished late) there is no next interval.
      if (closed) void flush();
      else schedule();
      return true;
    },

    /** Writes the views counted so far now (closing, and tests). */
    flush,

    /** Views counted and not written yet. */
    pending: () => size,

    /** Stops the timer and writes what is left; what cannot be written is logged as lost. */
    async close(): Promise<void> {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await flush();
      if (size > 0) deps.log?.error({ views: size }, 'counted views could not be written');
    },
  };
}
export type ViewCounter = ReturnType<typeof createViewCounter>;
