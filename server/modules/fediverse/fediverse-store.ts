import type {
  KvKey,
  KvStore,
  KvStoreSetOptions,
  MessageQueue,
  MessageQueueEnqueueOptions,
  MessageQueueListenOptions,
} from '@fedify/fedify';
import type { Db } from '../../../db/client';
import type { Clock } from '../../lib/clock';
import type { SecretBox } from '../../lib/secret-box';
import type { JobsService } from '../jobs/jobs-service';
import {
  deleteMessage,
  findMessage,
  insertMessage,
  kvDelete,
  kvGet,
  kvSet,
} from './fediverse-repository';

/*
 * Fedify's state in our database (docs/decisions/054), so that no process holds what another
 * needs (STYLE.md §6): its key–value store in `fediverse_kv`, its message queue in
 * `fediverse_messages` run by our jobs (any process leases a due job; a process that dies
 * holding one leaves it to another). Both engines run these unchanged, which Fedify's own
 * PostgreSQL adapter (`@fedify/postgres`, on the `postgres` driver) could not do for PGlite.
 */

/** The job that hands one queued message to Fedify. */
export const FEDIVERSE_MESSAGE_JOB = 'fediverse-message';

/** Key parts are joined by the unit separator, which no URL or name of Fedify's holds. */
const SEP = '\u001f';
const keyOf = (key: KvKey) => key.join(SEP);

/** Milliseconds of a Temporal duration (Fedify's TTLs and delays are hours, minutes, seconds). */
const msOf = (d: { total(unit: 'millisecond'): number } | undefined) =>
  d ? Math.max(0, d.total('millisecond')) : 0;

/** A value as kept: boxed, since Fedify keeps `null` too (a key it looked for and found none). */
type Boxed = { v: unknown };

export function createKvStore(deps: { db: Db; clock: Clock }): KvStore {
  const { db, clock } = deps;
  return {
    async get<T = unknown>(key: KvKey) {
      const stored = (await kvGet(db, keyOf(key), clock.now())) as Boxed | undefined;
      return stored?.v as T | undefined;
    },
    async set(key: KvKey, value: unknown, options?: KvStoreSetOptions) {
      const ttl = msOf(options?.ttl);
      const expiresAt = options?.ttl ? new Date(clock.now().getTime() + ttl) : null;
      await kvSet(db, keyOf(key), { v: value ?? null } satisfies Boxed, expiresAt);
    },
    async delete(key: KvKey) {
      await kvDelete(db, keyOf(key));
    },
  };
}

/**
 * Fedify's message queue over our jobs table: `enqueue` writes the message and a job due after
 * its delay; the job, run by whichever process leases it, hands the message to Fedify's handler
 * and then drops it. A handler that throws leaves the job to be tried again at the next poll;
 * Fedify retries failed deliveries itself, with backoff, by enqueueing again.
 */
export function createMessageQueue(deps: {
  db: Db;
  clock: Clock;
  jobs: Pick<JobsService, 'handle' | 'schedule'>;
  box: SecretBox | undefined;
  /** Loads Fedify in this process, which then listens: a message came before anything else. */
  wake?: () => Promise<void>;
}): MessageQueue {
  const { db, clock, jobs, box } = deps;
  const seal = (message: unknown) => {
    const text = JSON.stringify(message);
    return box ? box.seal(text) : text;
  };
  const open = (stored: string): unknown => {
    const text = stored.startsWith('{') ? stored : box?.open(stored);
    if (text === undefined) throw new Error('a fediverse message cannot be opened with this key');
    return JSON.parse(text);
  };
  let handler: ((message: unknown) => Promise<void> | void) | undefined;
  jobs.handle(FEDIVERSE_MESSAGE_JOB, async (job) => {
    if (!job.subjectId) return;
    const stored = await findMessage(db, job.subjectId);
    if (stored === undefined) return;
    const message = open(stored);
    if (!handler) await deps.wake?.();
    if (!handler) throw new Error('the fediverse queue is not listening in this process yet');
    await handler(message);
    await deleteMessage(db, job.subjectId);
  });
  const enqueue = async (message: unknown, options?: MessageQueueEnqueueOptions) => {
    const id = await insertMessage(db, seal(message));
    await jobs.schedule({
      key: `${FEDIVERSE_MESSAGE_JOB}:${id}`,
      kind: FEDIVERSE_MESSAGE_JOB,
      subjectId: id,
      runAt: new Date(clock.now().getTime() + msOf(options?.delay)),
    });
  };
  return {
    enqueue,
    async enqueueMany(messages: readonly unknown[], options?: MessageQueueEnqueueOptions) {
      for (const message of messages) await enqueue(message, options);
    },
    listen(
      listener: (message: unknown) => Promise<void> | void,
      options?: MessageQueueListenOptions,
    ) {
      handler = listener;
      // Fedify's contract: the promise settles when listening ends (its signal aborts).
      return new Promise<void>((resolve) => {
        const signal = options?.signal;
        if (!signal) return;
        if (signal.aborted) return resolve();
        signal.addEventListener('abort', () => {
          handler = undefined;
          resolve();
        });
      });
    },
  };
}
