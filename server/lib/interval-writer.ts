/**
 * What gathers in one process's memory and is written in batches (DECISIONS.md §16): the counted
 * views (server/modules/views/view-counter.ts) and the analytics beacons (server/modules/
 * analytics/event-batcher.ts) each keep their own gathering; this is the loop they share.
 *
 * - A change asks for `schedule()`: a timer writes what has gathered at most `intervalMs` later,
 *   so a busy minute costs a few writes per interval instead of one per view.
 * - One batch is written at a time; `flush()` waits for the one being written, then writes the
 *   rest.
 * - A batch that could not be written is given back to wait for the next try (logged by the
 *   caller's `giveBack`), and a timer is set for it.
 * - After `close()` there is no next interval: a late change is written at once (`closed`),
 *   and closing writes what is left. A process killed outright loses at most one interval.
 * - The timer never keeps a process alive on its own.
 */
export function createIntervalWriter<Batch>(deps: {
  intervalMs: number;
  /** Takes what has gathered, leaving nothing; undefined when nothing has. */
  take(): Batch | undefined;
  write(batch: Batch): Promise<void>;
  /** A batch that failed, back among what gathers since (and the caller logs why). */
  giveBack(batch: Batch, error: unknown): void;
  /** Before each flush: the caller logs what it refused since the last. */
  beforeFlush?(): void;
}) {
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  let closed = false;

  const schedule = () => {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, deps.intervalMs);
    timer.unref();
  };

  async function flush(): Promise<void> {
    while (writing) await writing;
    deps.beforeFlush?.();
    const batch = deps.take();
    if (batch === undefined) return;
    writing = deps
      .write(batch)
      .catch((error: unknown) => {
        deps.giveBack(batch, error);
        schedule();
      })
      .finally(() => {
        writing = undefined;
      });
    await writing;
  }

  return {
    /** A change came: written within the interval, or at once once closed. */
    changed(): void {
      if (closed) void flush();
      else schedule();
    },
    flush,
    /** Stops the timer and writes what is left. */
    async close(): Promise<void> {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await flush();
    },
  };
}
