/*
 * Front caches hear about changes (issue 23 items 3 and 6, docs/decisions/029, issue 36 item 3):
 * the purge is a consumer of the events (server/events), read once across every process from
 * its own position, so a process killed between a save's commit and its purge leaves the purge
 * to the next process that reads, and a save never waits for it nor fails because of it. The
 * events of a busy moment go as one batch (they gather for BATCH_MS first), retried with
 * capped exponential backoff while the front cache cannot be reached. What each change touches
 * comes with the change: its tags, and the public addresses it touches (its article's, its
 * section's, the home), not whatever this process happens to keep. A batch past MAX_QUEUED
 * tags and addresses becomes one "purge everything", which every format here has.
 *
 * The process that sends them is cdn-purger.ts. The formats (CDN_PURGE), as their documentation describes them (README, "Front caches"):
 * - `json`: POST `{ "tags": [...], "drop": [...], "urls": [...] }` with a bearer token.
 * - `varnish`: a `PURGE` request with `xkey-purge` (hard) and `xkey-softpurge` headers, for
 *   docs/deploy/varnish.vcl (vmod_xkey from varnish-modules).
 * - `cloudflare`: POST `{ "tags": [...] }` to the zone's purge_cache, 30 tags a request.
 * - `fastly`: POST `{ "surrogate_keys": [...] }` to the service's /purge, 256 keys a request,
 *   soft (`Fastly-Soft-Purge: 1`) for what may be served stale.
 */

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

/** Events gather this long before a batch goes: the changes of a busy moment travel together. */
export const BATCH_MS = 250;
/** A batch of more tags and addresses than this becomes one purge of everything. */
export const MAX_QUEUED = 10_000;

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

/**
 * The `user:password` of an http(s) address, decoded, or undefined. Purges send it as a header
 * (fetch refuses an address that carries it, and its error would log the address whole).
 */
export function userInfoOf(address: string): string | undefined {
  const url = new URL(address);
  if (!url.username && !url.password) return undefined;
  return `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
}

/** What one batch asks of the front cache. */
export interface PurgeBatch {
  /** Tags whose answers may be served stale while the front cache fetches them again. */
  stale: string[];
  /** Tags whose answers must not be served again (a page deleted, unpublished or moved). */
  drop: string[];
  /** Absolute addresses of the public pages the changes touch. */
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

/** A JSON POST of a purge body to the target, with its authorisation. */
const jsonPost =
  (target: PurgeTarget) =>
  (body: object): PurgeRequest => ({
    method: 'POST',
    url: target.url,
    headers: { ...JSON_TYPE, ...authorization(target) },
    body: JSON.stringify(body),
  });

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
      const post = jsonPost(target);
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
      const post = jsonPost(target);
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
