/*
 * Reading events after commit (DECISIONS.md §22, README.md beside this file). Two kinds of
 * reader:
 * - `everyProcess`: each process reads every event from the moment it started, in order, from a
 *   position it keeps in memory (its page cache, which is in memory too and starts empty);
 * - `once`: a consumer that must act once across all processes (a purge, a mail) keeps its
 *   position in `event_consumers`; whichever live process holds its lease reads on from there,
 *   and a process that dies holding it leaves it to another when the lease runs out (at least
 *   once: consumers are idempotent).
 * A process reads when it has written events itself (`catchUp`, before its write answers),
 * when PostgreSQL wakes it (NOTIFY, sent at each commit that wrote events), and every
 * POLL_MS whatever happens, so a lost notice costs at most a second.
 */
import type { Db } from '../../db/client';
import type { Clock } from '../lib/clock';
import {
  advanceConsumer,
  ensureConsumer,
  eventsAfter,
  extendLease,
  latestEventId,
  leaseConsumer,
  releaseConsumer,
  type StoredEvent,
} from './events-repository';

export type { StoredEvent } from './events-repository';

/** Every process reads at least this often, notices or not. */
export const POLL_MS = 1_000;
/** A consumer's lease; renewed while it works, so only a dead process lets it run out. */
export const LEASE_MS = 10_000;
/** Events read at a time. */
const BATCH = 500;
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

type Handler = (events: StoredEvent[]) => void | Promise<void>;

interface OnceConsumer {
  name: string;
  handle: (events: StoredEvent[]) => Promise<void>;
  /** How long to let events gather before reading (a burst of saves goes as one batch). */
  settleMs: number;
  /** The position last seen in the table (any process may have moved it since). */
  known: number | undefined;
  notBefore: number;
  /** When to try its lease again though no new event came (its holder may have died). */
  checkAt: number;
  running: Promise<void> | undefined;
  again: boolean;
}

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

export function createEventBus(deps: { db: Db; clock: Clock; processId: string; log?: Log }) {
  const { db, clock } = deps;
  const everyProcess: { name: string; handle: Handler }[] = [];
  const consumers: OnceConsumer[] = [];
  /** This process's position for `everyProcess` readers; set by `start`. */
  let position: number | undefined;
  let reading: Promise<void> = Promise.resolve();
  let queued: Promise<void> | undefined;
  let failing = false;
  let stopped = false;

  /** Reads what came after `position` and hands it to every process-wide reader, in order. */
  const readOnce = async () => {
    if (position === undefined || stopped) return;
    for (;;) {
      let batch: StoredEvent[];
      try {
        batch = await eventsAfter(db, position, BATCH);
      } catch (error) {
        if (!failing) deps.log?.error({ err: error }, 'events cannot be read; trying again');
        failing = true;
        return;
      }
      if (failing) deps.log?.info({}, 'events are read again');
      failing = false;
      if (batch.length === 0) break;
      for (const reader of everyProcess) {
        try {
          await reader.handle(batch);
        } catch (error) {
          deps.log?.error({ err: error, reader: reader.name }, 'an event reader failed');
        }
      }
      position = batch.at(-1)!.id;
      if (batch.length < BATCH) break;
    }
    for (const consumer of consumers) if (hasWork(consumer)) runSoon(consumer);
  };

  const hasWork = (c: OnceConsumer) =>
    c.known === undefined || (position !== undefined && position > c.known);
  /**
   * Whether to try `c` now: not running, past its backoff, and either with events it has not
   * read or due to ask for its lease again (its holder may have died).
   */
  const due = (c: OnceConsumer, now: number) =>
    !c.running && now >= c.notBefore && (hasWork(c) || now >= c.checkAt);

  /**
   * Reads now, after any read in hand (whose query may have begun before the caller's commit):
   * resolves once every event committed before the call has reached this process's readers.
   */
  const catchUp = (): Promise<void> => {
    queued ??= reading.then(() => {
      queued = undefined;
      reading = readOnce();
      return reading;
    });
    return queued;
  };

  const runSoon = (c: OnceConsumer) => {
    if (c.running) {
      c.again = true;
      return;
    }
    if (clock.now().getTime() < c.notBefore) return;
    c.running = (async () => {
      if (c.settleMs > 0) await new Promise((r) => setTimeout(r, c.settleMs).unref());
      do {
        c.again = false;
        await runConsumer(c);
      } while (c.again && !stopped && clock.now().getTime() >= c.notBefore);
    })()
      .catch((error: unknown) => deps.log?.error({ err: error, consumer: c.name }, 'consumer'))
      .finally(() => (c.running = undefined));
  };

  const leaseFor = (c: OnceConsumer) => ({
    name: c.name,
    by: deps.processId,
    until: new Date(clock.now().getTime() + LEASE_MS),
  });

  /** Holds `c`'s lease and hands it what is new, batch by batch, until it has read it all. */
  const runConsumer = async (c: OnceConsumer) => {
    if (stopped) return;
    const now = clock.now();
    const leased = await leaseConsumer(db, { ...leaseFor(c), now });
    c.checkAt = now.getTime() + LEASE_MS;
    // Held by another process (which reads what this one has seen), or waiting after a failure.
    if (!leased) {
      c.known = Math.max(c.known ?? 0, position ?? 0);
      return;
    }
    let at = leased.position;
    c.known = at;
    const heartbeat = setInterval(() => {
      extendLease(db, leaseFor(c)).catch(() => {});
    }, LEASE_MS / 3);
    heartbeat.unref();
    try {
      for (;;) {
        const batch = await eventsAfter(db, at, BATCH);
        if (batch.length === 0) break;
        await c.handle(batch);
        at = batch.at(-1)!.id;
        if (!(await advanceConsumer(db, leaseFor(c), at))) return;
        c.known = at;
      }
      c.notBefore = 0;
      await releaseConsumer(db, leaseFor(c));
    } catch (error) {
      const waitMs = backoff(leased.failures + 1, error);
      c.notBefore = clock.now().getTime() + waitMs;
      deps.log?.error(
        { err: error, consumer: c.name, attempt: leased.failures + 1, retryInMs: waitMs },
        'an event consumer failed; it is tried again',
      );
      await releaseConsumer(db, leaseFor(c), {
        retryAt: new Date(c.notBefore),
        error: (error as Error).message ?? String(error),
      }).catch(() => {});
    } finally {
      clearInterval(heartbeat);
    }
  };

  return {
    /** `handle` gets every event in every process, in order, from the moment it started. */
    everyProcess(name: string, handle: Handler) {
      everyProcess.push({ name, handle });
    },
    /** `handle` gets every event once across all processes, in order (at least once). */
    once(
      name: string,
      handle: (events: StoredEvent[]) => Promise<void>,
      opts: { settleMs?: number } = {},
    ) {
      consumers.push({
        name,
        handle,
        settleMs: opts.settleMs ?? 0,
        known: undefined,
        notBefore: 0,
        checkAt: 0,
        running: undefined,
        again: false,
      });
    },
    catchUp,
    /** Events this process has seen that consumer `name` has not read yet (as last known). */
    pending(name: string): number {
      const c = consumers.find((one) => one.name === name);
      if (!c || position === undefined || c.known === undefined) return 0;
      return Math.max(0, position - c.known);
    },
    /** Wakes the readers (a NOTIFY came, or the poll's timer). */
    wake: () => void catchUp(),
    /**
     * Begins reading: from the newest event for this process's readers (its page cache is
     * empty), from their own positions for the consumers.
     */
    async start() {
      position ??= await latestEventId(db);
      for (const c of consumers) await ensureConsumer(db, c.name);
    },
    /** Polls every POLL_MS until the returned stop() (which waits for consumers in hand). */
    poll(pollMs = POLL_MS): () => Promise<void> {
      const timer = setInterval(() => {
        void catchUp();
        const now = clock.now().getTime();
        for (const c of consumers) if (due(c, now)) runSoon(c);
      }, pollMs);
      timer.unref();
      return async () => {
        stopped = true;
        clearInterval(timer);
        await Promise.all([reading, ...consumers.map((c) => c.running)]);
      };
    },
    /** Waits until every consumer has read what is there now (tests, closing). */
    async settled() {
      await catchUp();
      for (const c of consumers) {
        await c.running;
        if (due(c, clock.now().getTime())) {
          runSoon(c);
          await c.running;
        }
      }
    },
    /** Why events are not being read as they should (`/api/health`). */
    degradedReasons: (): string[] => (failing ? ['events cannot be read from the database'] : []),
  };
}
export type EventBus = ReturnType<typeof createEventBus>;

/** Capped exponential backoff, or longer when the consumer was asked to wait. */
function backoff(failures: number, error: unknown): number {
  const doubled = Math.min(RETRY_MAX_MS, 500 * 2 ** (failures - 1));
  const asked = error instanceof RetryLater ? (error.afterMs ?? 0) : 0;
  return Math.max(doubled, Math.min(asked, RETRY_ASKED_MAX_MS));
}
