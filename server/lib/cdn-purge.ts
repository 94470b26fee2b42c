/*
 * Front caches hear about changes (issue 23 items 3 and 6, docs/decisions/029): a change this
 * process made (never one heard from another process: every process would purge the same
 * thing) is queued here after its save and sent to the front cache (Varnish, a CDN, or any
 * receiver of the JSON webhook) in batches, at most one every BATCH_MS, retried with capped
 * exponential backoff while the front cache cannot be reached. A save never waits for it and
 * never fails because of it. The queue is bounded: past MAX_QUEUED tags and addresses it
 * becomes one "purge everything", which every format here has.
 *
 * The formats (CDN_PURGE), as their documentation describes them (README, "Front caches"):
 * - `json`: POST `{ "tags": [...], "drop": [...], "urls": [...] }` with a bearer token.
 * - `varnish`: a `PURGE` request with `xkey-purge` (hard) and `xkey-softpurge` headers, for
 *   docs/deploy/varnish.vcl (vmod_xkey from varnish-modules).
 * - `cloudflare`: POST `{ "tags": [...] }` to the zone's purge_cache, 30 tags a request.
 * - `fastly`: POST `{ "surrogate_keys": [...] }` to the service's /purge, 256 keys a request,
 *   soft (`Fastly-Soft-Purge: 1`) for what may be served stale.
 */
import { shownUrl } from '../../common/shown-url';
import type { Change } from './change-notices';

export const PURGE_FORMATS = ['json', 'varnish', 'cloudflare', 'fastly'] as const;
export type PurgeFormat = (typeof PURGE_FORMATS)[number];

/** Where and how purges go (server/env.ts: CDN_PURGE, CDN_PURGE_URL, CDN_PURGE_TOKEN). */
export interface PurgeTarget {
  format: PurgeFormat;
  /** Never with a user and password: fetch refuses them, and its refusal logs the address. */
  url: string;
  token: string | undefined;
  /** `user:password` from CDN_PURGE_URL, sent as Basic authorization (json, varnish). */
  basicAuth?: string;
}

/**
 * How long a shared cache may keep an anonymous page when a purge reaches it on every change
 * (without one, a page's shared lifetime is what bounds how late a change shows there).
 */
export const PURGED_SHARED_SECONDS = 86_400;

/**
 * The key docs/deploy/varnish.vcl adds to every object Patrika tagged: purging it purges them
 * all (xkey has no "everything"; a ban would be hard, and "everything" may be a soft purge).
 */
export const VARNISH_ALL_KEY = 'patrika:all';

/** Batches go out at most this often: the changes of a busy moment travel together. */
export const BATCH_MS = 250;
/** Tags and addresses waiting past this become one purge of everything. */
export const MAX_QUEUED = 10_000;
/** The first retry after a failure, doubled each time up to RETRY_MAX_MS. */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;
/** A Retry-After the front cache sends is honoured up to this. */
const RETRY_AFTER_MAX_MS = 10 * 60_000;
/** One purge request gives up after this (it is then retried). */
const REQUEST_TIMEOUT_MS = 10_000;
/** Closing the app waits this long for a purge under way, and for the last batch. */
const CLOSE_GRACE_MS = 2_000;

/** Per request, as each API documents its limit (README, "Front caches"). */
const PER_REQUEST: Record<PurgeFormat, number> = {
  json: 1000,
  // Varnish refuses a request header longer than http_req_hdr_len (8 KB by default); a tag is
  // at most 35 characters.
  varnish: 100,
  // Cloudflare: "You may purge up to 30 tags, hosts, or prefixes in one API call" (newer plans
  // allow 100; 30 is accepted by every plan).
  cloudflare: 30,
  // Fastly: "Up to 256 surrogate keys can be purged in one batch request".
  fastly: 256,
};

/**
 * A Fastly service's API address (`https://api.fastly.com/service/ID`) from CDN_PURGE_URL, which
 * may also be its purge address (`…/service/ID/purge`); undefined when it is neither.
 */
export function fastlyServiceUrl(url: string): string | undefined {
  return /^(https?:\/\/[^/]+(?:\/[^?#]*)?\/service\/[^/?#]+)(?:\/purge)?\/?$/.exec(url)?.[1];
}

/** What one batch asks of the front cache. */
export interface PurgeBatch {
  /** Tags whose answers may be served stale while the front cache fetches them again. */
  stale: string[];
  /** Tags whose answers must not be served again (a page deleted, unpublished or moved). */
  drop: string[];
  /** Absolute addresses this process kept with those tags (all it can know of addresses). */
  urls: string[];
  /** Everything: a change nobody could name, or a queue that overflowed. */
  all?: 'stale' | 'drop';
}

/** One HTTP request of a purge. */
export interface PurgeRequest {
  method: 'POST' | 'PURGE';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

const bearer = (token: string | undefined): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};
/** CDN_PURGE_URL's user and password (RFC 7617), else CDN_PURGE_TOKEN, else nothing. */
const authorization = (target: PurgeTarget): Record<string, string> =>
  target.basicAuth
    ? { authorization: `Basic ${Buffer.from(target.basicAuth).toString('base64')}` }
    : bearer(target.token);

const JSON_TYPE = { 'content-type': 'application/json' };

/**
 * The requests a batch becomes in a format. Drops go first: a page that must go is gone even
 * when a later request of the batch fails.
 */
export function purgeRequests(target: PurgeTarget, batch: PurgeBatch): PurgeRequest[] {
  const size = PER_REQUEST[target.format];
  const drop = [...new Set(batch.drop)];
  const stale = [...new Set(batch.stale)].filter((tag) => !drop.includes(tag));
  switch (target.format) {
    case 'json': {
      const headers = { ...JSON_TYPE, ...authorization(target) };
      const post = (body: object): PurgeRequest => ({
        method: 'POST',
        url: target.url,
        headers,
        body: JSON.stringify(body),
      });
      if (batch.all) return [post({ tags: drop, drop, urls: [], everything: batch.all })];
      const tags = [...drop, ...stale];
      if (tags.length + batch.urls.length <= size) return [post({ tags, drop, urls: batch.urls })];
      return [
        ...chunks(tags, size).map((part) =>
          post({ tags: part, drop: part.filter((t) => drop.includes(t)), urls: [] }),
        ),
        ...chunks(batch.urls, size).map((part) => post({ tags: [], drop: [], urls: part })),
      ];
    }
    case 'varnish': {
      const purge = (header: 'xkey-purge' | 'xkey-softpurge', keys: string[]): PurgeRequest => ({
        method: 'PURGE',
        url: target.url,
        headers: { ...authorization(target), [header]: keys.join(' ') },
      });
      const hard = chunks(drop, size).map((part) => purge('xkey-purge', part));
      if (batch.all)
        return [
          ...hard,
          purge(batch.all === 'drop' ? 'xkey-purge' : 'xkey-softpurge', [VARNISH_ALL_KEY]),
        ];
      return [...hard, ...chunks(stale, size).map((part) => purge('xkey-softpurge', part))];
    }
    case 'cloudflare': {
      // Cloudflare has no soft purge: what may be served stale is purged like what must go.
      const headers = { ...JSON_TYPE, ...authorization(target) };
      const post = (body: object): PurgeRequest => ({
        method: 'POST',
        url: target.url,
        headers,
        body: JSON.stringify(body),
      });
      if (batch.all) return [post({ purge_everything: true })];
      return chunks([...drop, ...stale], size).map((tags) => post({ tags }));
    }
    case 'fastly': {
      const service = fastlyServiceUrl(target.url) ?? target.url.replace(/\/+$/, '');
      const headers = { ...JSON_TYPE, 'fastly-key': target.token ?? '' };
      const post = (keys: string[], soft: boolean): PurgeRequest => ({
        method: 'POST',
        url: `${service}/purge`,
        headers: soft ? { ...headers, 'fastly-soft-purge': '1' } : headers,
        body: JSON.stringify({ surrogate_keys: keys }),
      });
      const hard = chunks(drop, size).map((keys) => post(keys, false));
      // Fastly's purge_all is always hard ("Purge-all requests cannot be done in soft mode").
      if (batch.all) return [{ method: 'POST', url: `${service}/purge_all`, headers }];
      return [...hard, ...chunks(stale, size).map((keys) => post(keys, true))];
    }
  }
}

/** What /metrics shows of the purges (plugins/metrics.ts). */
export interface PurgeCounts {
  /** Purge requests the front cache accepted (2xx). */
  sent: number;
  /** Purge requests that failed (no answer, a timeout, or not 2xx). */
  failed: number;
  /** Batches sent again after a failure. */
  retried: number;
  /** Times the queue grew past its bound and became a purge of everything. */
  overflowed: number;
  /** Tags and addresses waiting to be sent (0 or 1 for "everything"). */
  queued: number;
}

export interface CdnPurger {
  /** Whether the format uses addresses (the caller then lists what it kept with the tags). */
  readonly wantsUrls: boolean;
  /** Queues a change this process made, with the addresses it kept that showed it. */
  add(change: Change, urls?: readonly string[]): void;
  counts(): PurgeCounts;
  /** Stops sending: the purge under way and the last batch get a moment, then are given up. */
  close(): Promise<void>;
}

class PurgeFailed extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
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
    throw new PurgeFailed(
      `${request.method} ${shownUrl(request.url)} answered ${response.status}`,
      retryAfterMs(response.headers.get('retry-after')),
    );
}

interface Pending {
  stale: Set<string>;
  drop: Set<string>;
  urls: Set<string>;
  all?: 'stale' | 'drop';
}

const empty = (): Pending => ({ stale: new Set(), drop: new Set(), urls: new Set() });

const sizeOf = (p: Pending) => (p.all ? 1 + p.drop.size : p.stale.size + p.drop.size + p.urls.size);

/** Adds `from` to `into`: "everything" takes in the rest (drops stay for a soft everything). */
function merge(into: Pending, from: Pending) {
  if (from.all === 'drop' || (from.all && !into.all)) into.all = from.all;
  for (const tag of from.drop) into.drop.add(tag);
  if (into.all) {
    into.stale.clear();
    into.urls.clear();
    if (into.all === 'drop') into.drop.clear();
    return;
  }
  for (const tag of from.stale) into.stale.add(tag);
  for (const url of from.urls) into.urls.add(url);
}

interface PurgerOptions {
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  batchMs?: number;
  retryFirstMs?: number;
  retryMaxMs?: number;
  maxQueued?: number;
}

/** The queue and its sender (see the top of this file). */
class Purger implements CdnPurger {
  readonly wantsUrls: boolean;
  private readonly tally = { sent: 0, failed: 0, retried: 0, overflowed: 0 };
  private pending = empty();
  private timer: NodeJS.Timeout | undefined;
  private sending: Promise<void> | undefined;
  /** Failures in a row: the backoff, and whether the next batch is a retry. */
  private failures = 0;
  private closed = false;
  private readonly stop = new AbortController();

  constructor(
    private readonly target: PurgeTarget,
    private readonly options: PurgerOptions,
  ) {
    this.wantsUrls = target.format === 'json';
  }

  add(change: Change, urls: readonly string[] = []) {
    if (this.closed) return;
    const next = empty();
    if ('all' in change) next.all = change.all;
    else {
      for (const tag of change.stale) next.stale.add(tag);
      for (const tag of change.drop ?? []) next.drop.add(tag);
      for (const url of urls) next.urls.add(url);
    }
    if (!next.all && next.stale.size === 0 && next.drop.size === 0) return;
    merge(this.pending, next);
    this.bound();
    // While failing, the retry's timer is set already; otherwise the next batch goes soon.
    this.schedule(this.options.batchMs ?? BATCH_MS);
  }

  counts(): PurgeCounts {
    return { ...this.tally, queued: sizeOf(this.pending) };
  }

  async close() {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    const giveUp = setTimeout(() => this.stop.abort(), CLOSE_GRACE_MS);
    try {
      await this.sending;
      // The last batch, unless the front cache is known to be unreachable.
      if (this.failures === 0 && sizeOf(this.pending) > 0) await this.flush();
    } finally {
      clearTimeout(giveUp);
    }
    const queued = sizeOf(this.pending);
    if (queued > 0)
      this.options.log?.error({ queued }, 'purges the front cache never got: closing without them');
  }

  /** Past its bound the queue is one purge of everything, which every format has. */
  private bound() {
    const max = this.options.maxQueued ?? MAX_QUEUED;
    const queued = sizeOf(this.pending);
    if (this.pending.all || queued <= max) return;
    this.tally.overflowed++;
    this.options.log?.error(
      { queued, max },
      'too many purges waiting for the front cache: purging everything instead',
    );
    this.pending = { ...empty(), all: this.pending.drop.size > 0 ? 'drop' : 'stale' };
  }

  private schedule(delayMs: number) {
    if (this.closed || this.timer || this.sending || sizeOf(this.pending) === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, delayMs);
    // Purges never keep a process alive (close() sends what is left).
    this.timer.unref();
  }

  private flush(): Promise<void> {
    if (this.sending || sizeOf(this.pending) === 0) return this.sending ?? Promise.resolve();
    const batch = this.pending;
    this.pending = empty();
    if (this.failures > 0) this.tally.retried++;
    let retryInMs: number | undefined;
    this.sending = this.send(batch)
      .then(() => {
        if (this.failures > 0)
          this.options.log?.info({ after: this.failures }, 'purges reach the front cache again');
        this.failures = 0;
      })
      .catch((error: unknown) => {
        this.failures++;
        // The batch waits with what came since; a request of it that went is sent again: harmless.
        merge(this.pending, batch);
        this.bound();
        retryInMs = this.backoff(error);
        this.options.log?.error(
          { err: error, attempt: this.failures, retryInMs },
          'purging the front cache failed; it is tried again',
        );
      })
      .finally(() => {
        this.sending = undefined;
        this.schedule(retryInMs ?? this.options.batchMs ?? BATCH_MS);
      });
    return this.sending;
  }

  private async send(batch: Pending) {
    const requests = purgeRequests(this.target, {
      stale: [...batch.stale],
      drop: [...batch.drop],
      urls: [...batch.urls],
      all: batch.all,
    });
    for (const request of requests) {
      const signal = AbortSignal.any([AbortSignal.timeout(REQUEST_TIMEOUT_MS), this.stop.signal]);
      try {
        await sendOne(request, signal);
      } catch (error) {
        this.tally.failed++;
        throw error;
      }
      this.tally.sent++;
    }
  }

  /** Capped exponential backoff, or longer when the front cache asks (Retry-After). */
  private backoff(error: unknown) {
    const first = this.options.retryFirstMs ?? RETRY_FIRST_MS;
    const max = this.options.retryMaxMs ?? RETRY_MAX_MS;
    const backoff = Math.min(max, first * 2 ** (this.failures - 1));
    const asked = error instanceof PurgeFailed ? error.retryAfterMs : undefined;
    return Math.max(backoff, Math.min(asked ?? 0, RETRY_AFTER_MAX_MS));
  }
}

/** The purger of a target: made once, at boot, with the services (server/services.ts). */
export function createCdnPurger(target: PurgeTarget, options: PurgerOptions = {}): CdnPurger {
  return new Purger(target, options);
}
