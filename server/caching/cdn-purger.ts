/*
 * The front cache's purger (cdn-purge.ts says what it sends and why): an event consumer that
 * gathers a busy moment's changes into a batch, sends it in the target's format, and retries
 * with capped backoff while the front cache cannot be reached.
 */
import { shownUrl } from '../../common/shown-url';
import type { EventCache } from '../../db/schema/events';
import { RetryLater, type EventBus, type StoredEvent } from '../events/event-bus';

import {
  BATCH_MS,
  MAX_QUEUED,
  purgeRequests,
  type PurgeBatch,
  type PurgeRequest,
  type PurgeTarget,
} from './cdn-purge';
import type { Log } from '../lib/log';

/** One purge request gives up after this (it is then retried). */
const REQUEST_TIMEOUT_MS = 10_000;
/** Closing the app waits this long for a purge under way. */
const CLOSE_GRACE_MS = 2_000;

/** What /metrics shows of the purges (plugins/metrics.ts). */
export interface PurgeCounts {
  /** Purge requests the front cache accepted (2xx). */
  sent: number;
  /** Purge requests that failed (no answer, a timeout, or not 2xx). */
  failed: number;
  /** Batches sent again after a failure. */
  retried: number;
  /** Batches too large to name, sent as a purge of everything. */
  overflowed: number;
  /** Events this process knows of that the purge has not read yet. */
  queued: number;
}

export interface CdnPurger {
  counts(): PurgeCounts;
  /** Stops sending: the purge under way gets a moment, then is given up (and read again later). */
  close(): Promise<void>;
}

/** Seconds of a Retry-After header (RFC 9110 §10.2.3), when it says seconds. */
const retryAfterMs = (header: string | null) =>
  header && /^\d+$/.test(header.trim()) ? Number(header) * 1000 : undefined;

async function sendOne(request: PurgeRequest, signal: AbortSignal): Promise<void> {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal,
  });
  // The answer's body is not needed, but must be read for the connection to be reused.
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok)
    throw new RetryLater(
      `${request.method} ${shownUrl(request.url)} answered ${response.status}`,
      retryAfterMs(response.headers.get('retry-after')),
    );
}

/**
 * What a run of events asks of the front cache: every tag they stale or drop, every address
 * they touch (absolute, under `publicUrl`), or everything when one of them names no tags or
 * the batch is past `maxQueued`.
 */
export function purgeBatch(
  caches: readonly EventCache[],
  publicUrl: string,
  maxQueued = MAX_QUEUED,
): PurgeBatch & { overflowed: boolean } {
  const stale = new Set<string>();
  const drop = new Set<string>();
  const urls = new Set<string>();
  let all: 'stale' | 'drop' | undefined;
  for (const cache of caches) {
    if (cache.all === 'drop' || (cache.all && !all)) all = cache.all;
    for (const tag of cache.stale ?? []) stale.add(tag);
    for (const tag of cache.drop ?? []) drop.add(tag);
    for (const path of cache.urls ?? []) urls.add(`${publicUrl}${path}`);
  }
  const overflowed = !all && stale.size + drop.size + urls.size > maxQueued;
  if (overflowed) all = drop.size > 0 ? 'drop' : 'stale';
  if (all) return { stale: [], drop: all === 'stale' ? [...drop] : [], urls: [], all, overflowed };
  return { stale: [...stale], drop: [...drop], urls: [...urls], overflowed };
}

interface PurgerOptions {
  bus: Pick<EventBus, 'once' | 'pending'>;
  /** The site's address: purged addresses are absolute. */
  publicUrl: string;
  log?: Log;
  batchMs?: number;
  maxQueued?: number;
}

/**
 * The front cache's purge as an event consumer (see the top of this file): made once, at boot,
 * with the services (server/caching/content-caching.ts).
 */
export function createCdnPurger(target: PurgeTarget, options: PurgerOptions): CdnPurger {
  const tally = { sent: 0, failed: 0, retried: 0, overflowed: 0 };
  const stop = new AbortController();
  /** Whether the last batch failed: the next one is a retry. */
  let failing = false;

  const send = async (batch: PurgeBatch) => {
    for (const request of purgeRequests(target, batch)) {
      const signal = AbortSignal.any([AbortSignal.timeout(REQUEST_TIMEOUT_MS), stop.signal]);
      try {
        await sendOne(request, signal);
      } catch (error) {
        tally.failed++;
        throw error;
      }
      tally.sent++;
    }
  };

  options.bus.once(
    'cdn-purge',
    async (events: StoredEvent[]) => {
      const caches = events.flatMap((e) => (e.cache ? [e.cache] : []));
      if (caches.length === 0) return;
      const batch = purgeBatch(caches, options.publicUrl, options.maxQueued);
      if (batch.overflowed) {
        tally.overflowed++;
        options.log?.error(
          { max: options.maxQueued ?? MAX_QUEUED },
          'too many purges at once: purging everything instead',
        );
      }
      if (failing) tally.retried++;
      try {
        await send(batch);
      } catch (error) {
        failing = true;
        throw error;
      }
      if (failing) options.log?.info({}, 'purges reach the front cache again');
      failing = false;
    },
    { settleMs: options.batchMs ?? BATCH_MS },
  );

  return {
    counts: () => ({ ...tally, queued: options.bus.pending('cdn-purge') }),
    async close() {
      const giveUp = setTimeout(() => stop.abort(), CLOSE_GRACE_MS);
      giveUp.unref();
    },
  };
}
