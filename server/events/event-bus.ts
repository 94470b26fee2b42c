/*
 * Reading events after commit (DECISIONS.md §22, README.md beside this file). Two kinds of
 * reader:
 * - `everyProcess`: each process reads every event from the moment it started, in order, from a
 *   position it keeps in memory (its page cache, which is in memory too and starts empty);
 * - `once`: a consumer that must act once across all processes (a purge, a mail) keeps its
 *   position in `event_consumers` (event-consumers.ts).
 * A process reads when it has written events itself (`catchUp`, before its write answers),
 * when PostgreSQL wakes it (NOTIFY, sent at each commit that wrote events), and every
 * POLL_MS whatever happens, so a lost notice costs at most a second.
 */
import { AsyncResource } from 'node:async_hooks';
import type { Db } from '../../db/client';
import type { Clock } from '../lib/clock';
import { BATCH, createConsumers } from './event-consumers';
import { eventsAfter, latestEventId, subjectsSince, type StoredEvent } from './events-repository';
import type { Log } from '../lib/log';

export type { StoredEvent } from './events-repository';
export { LEASE_MS, RetryLater } from './event-consumers';

/** Every process reads at least this often, notices or not. */
export const POLL_MS = 1_000;

type Handler = (events: StoredEvent[]) => void | Promise<void>;

/**
 * The events a process read last (at most BATCH), every one after `since`: its `once` consumers
 * take what they have not read from here instead of asking the table again.
 */
function heldEvents() {
  let recent: StoredEvent[] = [];
  let since: number | undefined;
  return {
    /** Where the process began reading (the first batch follows it). */
    from(position: number) {
      since ??= position;
    },
    /** A batch read after the ones before it, kept whole with them while they fit. */
    add(batch: StoredEvent[]) {
      const dropped = Math.max(0, recent.length + batch.length - BATCH);
      if (dropped > 0) {
        since = recent[dropped - 1]!.id;
        recent = recent.slice(dropped);
      }
      recent = recent.concat(batch);
    },
    /** Every event after `after` that the process has read, or undefined when some is not held. */
    after(after: number): StoredEvent[] | undefined {
      if (since === undefined || after < since) return undefined;
      return recent.filter((event) => event.id > after);
    },
  };
}

/** Hands a batch to every process-wide reader, in order; one reader's failure is its own. */
async function hand(readers: { name: string; handle: Handler }[], batch: StoredEvent[], log?: Log) {
  for (const reader of readers) {
    try {
      await reader.handle(batch);
    } catch (error) {
      log?.error({ err: error, reader: reader.name }, 'an event reader failed');
    }
  }
}

export function createEventBus(deps: { db: Db; clock: Clock; processId: string; log?: Log }) {
  const { db } = deps;
  const readers: { name: string; handle: Handler }[] = [];
  /** This process's position for `everyProcess` readers; set by `start`. */
  let position: number | undefined;
  const held = heldEvents();
  let reading: Promise<void> = Promise.resolve();
  let queued: Promise<void> | undefined;
  let failing = false;
  let stopped = false;
  const consumers = createConsumers({ ...deps, seen: () => position, heldAfter: held.after });

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
      await hand(readers, batch, deps.log);
      held.add(batch);
      position = batch.at(-1)!.id;
      if (batch.length < BATCH) break;
    }
    consumers.read();
  };

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

  return {
    /** `handle` gets every event in every process, in order, from the moment it started. */
    everyProcess(name: string, handle: Handler) {
      readers.push({ name, handle });
    },
    /** `handle` gets every event once across all processes, in order (at least once). */
    once: consumers.add,
    catchUp,
    pending: consumers.pending,
    /**
     * Wakes the readers (a NOTIFY came, or the poll's timer). Bound to the context the bus was
     * made in (boot): a wake heard inside a request (the embedded engine delivers a commit's
     * NOTIFY at once) must not run the consumers in that request's async scope, such as the
     * fediverse's guarded `fetch` (fediverse-fetch.ts), which would refuse a purge to a front
     * cache on this machine.
     */
    wake: AsyncResource.bind(() => void catchUp()),
    /**
     * Begins reading: from the newest event for this process's readers (its page cache is
     * empty), from their own positions for the consumers.
     */
    async start() {
      position ??= await latestEventId(db);
      held.from(position);
      await consumers.start();
    },
    /** Polls every POLL_MS until the returned stop() (which waits for consumers in hand). */
    poll(pollMs = POLL_MS): () => Promise<void> {
      const timer = setInterval(() => {
        void catchUp();
        consumers.tick();
      }, pollMs);
      timer.unref();
      return async () => {
        stopped = true;
        clearInterval(timer);
        await Promise.all([reading, consumers.stop()]);
      };
    },
    /** Waits until every consumer has read what is there now (tests, closing). */
    async settled() {
      await catchUp();
      await consumers.settled();
    },
    /** The subjects of events of `types` after `since`, each once, oldest first (events-repository.ts). */
    subjectsSince: (opts: { types: readonly string[]; since: Date; limit: number }) =>
      subjectsSince(db, opts),
    /** Why events are not being read as they should (`/api/health`). */
    degradedReasons: (): string[] => (failing ? ['events cannot be read from the database'] : []),
  };
}
export type EventBus = ReturnType<typeof createEventBus>;
