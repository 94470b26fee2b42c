import { AsyncLocalStorage } from 'node:async_hooks';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { privateHostOf, publicOnlyLookup } from '../../lib/public-address';

/*
 * Every request the fediverse makes goes through Patrika's own address check (issue 66 item 2).
 * Fedify fetches keys, actors, objects and contexts and posts to inboxes with the global `fetch`,
 * after a public-address check of its own that mis-parses bracketed IPv6 hosts
 * (`http://[::ffff:7f00:1]:PORT/…` passed it), and its deliveries follow redirects wherever they
 * lead. Fedify 1.5 takes no `fetch` of ours, so while Fedify works for us (an inbox request, a
 * queued message, a delivery enqueued) the global `fetch` is this module's guarded one, through
 * an AsyncLocalStorage scope: outside such a scope `fetch` is untouched.
 */

/** How long one request may take, connection to last byte (the webhooks' limit). */
export const FETCH_TIMEOUT_MS = 10_000;
/** The largest answer read: actor documents and keys are a few kilobytes. */
export const FETCH_BODY_MAX = 4 * 1024 * 1024;
/** Redirects followed for a GET, each hop checked as the first. */
const MAX_REDIRECTS = 5;
/** Statuses whose answer has no body (the Response constructor refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

type Fetch = typeof globalThis.fetch;

const refusal = (message: string) => Object.assign(new Error(message), { code: 'EPRIVATEADDRESS' });

/** The answer of a node request as a fetch Response (body read, at most FETCH_BODY_MAX). */
function toResponse(res: IncomingMessage): Promise<Response> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > FETCH_BODY_MAX) return res.destroy(new Error('answer too large'));
      chunks.push(chunk);
    });
    res.on('error', reject);
    res.on('end', () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        if (name === 'transfer-encoding' || name === 'connection' || value === undefined) continue;
        for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
      }
      const status = res.statusCode ?? 502;
      resolve(
        new Response(NO_BODY.has(status) ? null : Buffer.concat(chunks), { status, headers }),
      );
    });
  });
}

/**
 * A `fetch` that refuses any address outside the public internet, by Patrika's check
 * (server/lib/public-address.ts: literal hosts before sending, names when connecting, so DNS
 * rebinding too) unless `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE), and that never lets a redirect
 * go unchecked: a GET's redirects are followed here, hop by hop, each checked as the first; any
 * other method's 3xx is answered as it came (a failed delivery, which Fedify retries), as the
 * webhooks do.
 */
export function createGuardedFetch(opts: { allowPrivate: boolean }): Fetch {
  const lookup = opts.allowPrivate ? {} : { lookup: publicOnlyLookup };
  const agents = { http: new HttpAgent({ ...lookup }), https: new HttpsAgent({ ...lookup }) };

  async function once(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new TypeError(`refused: ${url.protocol} is not fetched`);
    if (!opts.allowPrivate) {
      const refused = await privateHostOf(url);
      if (refused?.unknown) throw refusal(`refused: ${refused.host} has no address`);
      if (refused) throw refusal(`refused: ${refused.host} is a private or local address`);
    }
    const body =
      request.body && request.method !== 'GET' && request.method !== 'HEAD'
        ? Buffer.from(await request.arrayBuffer())
        : undefined;
    const https = url.protocol === 'https:';
    return new Promise<Response>((resolve, reject) => {
      const req = (https ? httpsRequest : httpRequest)(
        url,
        {
          method: request.method,
          headers: Object.fromEntries(request.headers),
          agent: https ? agents.https : agents.http,
          timeout: FETCH_TIMEOUT_MS,
        },
        (res) => void toResponse(res).then(resolve, reject),
      );
      req.on('timeout', () => req.destroy(new Error(`no answer in ${FETCH_TIMEOUT_MS / 1000} s`)));
      req.on('error', reject);
      request.signal?.addEventListener('abort', () => req.destroy(new Error('aborted')));
      req.end(body);
    });
  }

  return async (input, init) => {
    let request = new Request(input, init);
    const follow =
      request.redirect === 'follow' && (request.method === 'GET' || request.method === 'HEAD');
    for (let hop = 0; ; hop++) {
      const response = await once(request);
      const location = response.headers.get('location');
      if (!follow || response.status < 300 || response.status >= 400 || !location) return response;
      if (hop >= MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects`);
      request = new Request(new URL(location, request.url), {
        method: request.method,
        headers: request.headers,
        redirect: 'follow',
      });
    }
  };
}

const scope = new AsyncLocalStorage<Fetch>();
let installed = false;

/**
 * Runs `work` with the global `fetch` being `guarded` for it and everything it starts (Fedify's
 * loaders and deliveries call the global). Installed once; outside a scope the original answers.
 */
export function withGuardedFetch<T>(guarded: Fetch, work: () => T): T {
  if (!installed) {
    installed = true;
    const original = globalThis.fetch;
    globalThis.fetch = ((input, init) => (scope.getStore() ?? original)(input, init)) as Fetch;
  }
  return scope.run(guarded, work);
}
