/*
 * Consumers that act once across every process (README.md beside this file): each keeps its
 * position and a lease in `event_consumers`; whichever live process holds the lease reads on
 * from the position, batch by batch, and moves it only once a batch was handled. A process that
 * dies holding a lease leaves it to run out (LEASE_MS, renewed while working); a failure is
 * tried again with capped exponential backoff.
 */
import type { Db } from '../../db/client';
import type { Clock } from '../lib/clock';
import {
  advanceConsumer,
  ensureConsumer,
  eventsAfter,
  extendLease,
  leaseConsumer,
  releaseConsumer,
  type StoredEvent,
} from './events-repository';
import type { Log } from '../lib/log';

/** A consumer's lease; renewed while it works, so only a dead process lets it run out. */
export const LEASE_MS = 10_000;
/** Events read at a time. */
export const BATCH = 500;
/** After a failure a consumer waits 0.5 s, doubled each time, up to this. */
const RETRY_MAX_MS = 30_000;
/** A wait a consumer asks for (a Retry-After) is honoured up to this. */
const RETRY_ASKED_MAX_MS = 10 * 60_000;

/** A consumer's failure that says when to try again. */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly afterMs?: number,
  ) {
    super(message);
  }
}

interface OnceConsumer {
  name: string;
  handle: (events: StoredEvent[]) => Promise<void>;
  /** How long to let events gather before reading (a burst of saves goes as one batch). */
  settleMs: number;
  /** The position last seen in the table (any process may have moved it since). */
  known: number | undefined;
  notBefore: number;
  /**
   * When to try its lease again though no new event came, after it was refused (its holder may
   * have died with events in hand); never while this process read all it has seen itself.
   */
  checkAt: number;
  running: Promise<void> | undefined;
  again: boolean;
}

/** Capped exponential backoff, or longer when the consumer was asked to wait. */
function backoff(failures: number, error: unknown): number {
  const doubled = Math.min(RETRY_MAX_MS, 500 * 2 ** (failures - 1));
  const asked = error instanceof RetryLater ? (error.afterMs ?? 0) : 0;
  return Math.max(doubled, Math.min(asked, RETRY_ASKED_MAX_MS));
}

interface ConsumerRun {
  db: Db;
  clock: Clock;
  processId: string;
  seen: () => number | undefined;
  /**
   * The events after a position up to `seen()`, when this process still holds them all from its
   * own read (event-bus.ts), or undefined: then they are read from the table.
   */
  heldAfter?: (after: number) => StoredEvent[] | undefined;
  log?: Log;
}

const leaseFor = (run: ConsumerRun, c: OnceConsumer) => ({
  name: c.name,
  by: run.processId,
  until: new Date(run.clock.now().getTime() + LEASE_MS),
});

/** After a failure: not before its backoff, here and (through the table) anywhere. */
async function failed(run: ConsumerRun, c: OnceConsumer, failures: number, error: unknown) {
  const waitMs = backoff(failures, error);
  c.notBefore = run.clock.now().getTime() + waitMs;
  run.log?.error(
    { err: error, consumer: c.name, attempt: failures, retryInMs: waitMs },
    'an event consumer failed; it is tried again',
  );
  await releaseConsumer(run.db, leaseFor(run, c), {
    retryAt: new Date(c.notBefore),
    error: (error as Error).message ?? String(error),
  }).catch(() => {});
}

/** Holds `c`'s lease and hands it what is new, batch by batch, until it has read it all. */
async function runConsumer(run: ConsumerRun, c: OnceConsumer) {
  const { db, clock } = run;
  const leased = await leaseConsumer(db, { ...leaseFor(run, c), now: clock.now() });
  const checkLater = () => (c.checkAt = clock.now().getTime() + LEASE_MS);
  // Held by another process (which reads what this one has seen), or waiting after a failure.
  if (!leased) {
    c.known = Math.max(c.known ?? 0, run.seen() ?? 0);
    checkLater();
    return;
  }
  // Held here: nothing to check on until it is refused again (an idle process sends nothing).
  c.checkAt = Infinity;
  let at = (c.known = leased.position);
  const heartbeat = setInterval(() => {
    extendLease(db, leaseFor(run, c)).catch(() => {});
  }, LEASE_MS / 3);
  heartbeat.unref();
  try {
    // What this process has read itself is not asked of the table again. It stops at what the
    // process has seen: an event committed since wakes the process, which runs this again. Its
    // last batch moves the position and lets the lease go in one statement.
    let released = false;
    while (!released) {
      const held = run.heldAfter?.(at);
      const batch = held ?? (await eventsAfter(db, at, BATCH));
      if (batch.length === 0) break;
      await c.handle(batch);
      at = batch.at(-1)!.id;
      released = held !== undefined || batch.length < BATCH;
      if (!(await advanceConsumer(db, leaseFor(run, c), at, { release: released }))) {
        checkLater();
        return;
      }
      c.known = at;
    }
    c.notBefore = 0;
    if (!released) await releaseConsumer(db, leaseFor(run, c));
  } catch (error) {
    await failed(run, c, leased.failures + 1, error);
  } finally {
    clearInterval(heartbeat);
  }
}

/**
 * The once-consumers of one process. `seen()` is how far this process has read (the bus's
 * position): a consumer that has not read that far has work.
 */
export function createConsumers(deps: ConsumerRun) {
  const { db, clock } = deps;
  const consumers: OnceConsumer[] = [];
  let stopped = false;
  const now = () => clock.now().getTime();

  const hasWork = (c: OnceConsumer) => {
    const seen = deps.seen();
    return c.known === undefined || (seen !== undefined && seen > c.known);
  };
  /**
   * Whether to try `c` now: not running, past its backoff, and either with events it has not
   * read or due to ask for its lease again (its holder may have died).
   */
  const due = (c: OnceConsumer, at: number) =>
    !c.running && at >= c.notBefore && (hasWork(c) || at >= c.checkAt);

  const runSoon = (c: OnceConsumer) => {
    if (c.running) {
      c.again = true;
      return;
    }
    if (now() < c.notBefore) return;
    c.running = (async () => {
      if (c.settleMs > 0) await new Promise((r) => setTimeout(r, c.settleMs).unref());
      // Asked again while it ran, it runs again only when its run left something to read (a
      // wake that came during the run, for the events the run took, asks for nothing more).
      do {
        c.again = false;
        if (!stopped) await runConsumer(deps, c);
      } while (c.again && !stopped && now() >= c.notBefore && hasWork(c));
    })()
      .catch((error: unknown) => deps.log?.error({ err: error, consumer: c.name }, 'consumer'))
      .finally(() => (c.running = undefined));
  };

  return {
    add(name: string, handle: OnceConsumer['handle'], opts: { settleMs?: number } = {}) {
      consumers.push({
        ...{ name, handle, settleMs: opts.settleMs ?? 0, known: undefined },
        ...{ notBefore: 0, checkAt: 0, running: undefined, again: false },
      });
    },
    /** Each consumer starts at the newest event the first time any process registers it. */
    async start() {
      for (const c of consumers) await ensureConsumer(db, c.name);
    },
    /** This process read further: consumers behind it start. */
    read() {
      for (const c of consumers) if (hasWork(c)) runSoon(c);
    },
    /** The poll's tick: consumers with work, past a backoff, or due to ask for a lease again. */
    tick() {
      const at = now();
      for (const c of consumers) if (due(c, at)) runSoon(c);
    },
    /** Events this process has seen that consumer `name` has not read yet (as last known). */
    pending(name: string): number {
      const c = consumers.find((one) => one.name === name);
      const seen = deps.seen();
      if (!c || seen === undefined || c.known === undefined) return 0;
      return Math.max(0, seen - c.known);
    },
    /** Waits until every consumer has read what is there now (tests, closing). */
    async settled() {
      for (const c of consumers) {
        await c.running;
        if (due(c, now())) {
          runSoon(c);
          await c.running;
        }
      }
    },
    async stop() {
      stopped = true;
      await Promise.all(consumers.map((c) => c.running));
    },
  };
}
