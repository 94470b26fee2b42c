/*
 * The reader beacons' lean path (issue 70 item 1): `POST /api/analytics/event` and
 * `POST /api/ads/impressions`, asked over HTTP, are answered at the app's HTTP server's own
 * 'request' event by server/beacon-answer.ts, before Fastify builds a request or a reply, not by
 * the app whose every hook (sessions, cookies, the page cache, Helmet, compression, API keys,
 * audit, replica reads…) runs on every request: 2,000 beacons a second on counting day paid
 * for all of them (docs/perf/election-night.md). A Fastify app of their own came first; its
 * request cycle and rate-limit plugin still cost about as much as the counting.
 *
 * What still holds, as in the app: the body's BEACON_BYTES (413 with its code), the input
 * guard and the zod schema (400 with its code), the limit per address (429 with Retry-After and
 * RateLimit-*), the bot filter and the human-pace checks (the services'), the request id on a
 * refusal, the request line (at debug for a 204, at info for a refusal) and the request metrics.
 *
 * The app keeps both routes too: the OpenAPI document lists them, `app.inject` (the tests)
 * reaches them, and a beacon with a query string or asked while the app closes is answered
 * there, in the same words.
 */
import type { FastifyInstance, FastifyServerFactory, RawServerDefault } from 'fastify';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { beaconAnswer } from './beacon-answer';
import type { Config } from './env';
import { adsImpressionBeacon } from './modules/ads/ads-routes';
import { analyticsBeacon } from './modules/analytics/analytics-routes';
import type { Services } from './services';

/** The beacons' addresses, as asked (no query string): what the lean path answers. */
export const BEACON_PATHS: ReadonlySet<string> = new Set([
  '/api/analytics/event',
  '/api/ads/impressions',
]);

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Fastify's options a server it made itself would take (fastify/lib/server.js). */
interface ServerOptions {
  http?: object;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/**
 * The app's HTTP server (Fastify's `serverFactory`): a beacon's request goes to the lean path
 * once one is `use`d, every other request to the app. Without one (before it is built, and from
 * the moment the app begins to close) the app answers everything.
 */
export function beaconDispatch() {
  let lean: Handler | undefined;
  const serverFactory: FastifyServerFactory<RawServerDefault> = (handler, opts) => {
    const options = opts as ServerOptions;
    const server = createServer(options.http ?? {}, (req, res) => {
      if (lean !== undefined && req.method === 'POST' && BEACON_PATHS.has(req.url ?? ''))
        lean(req, res);
      else handler(req, res);
    });
    // What Fastify sets on a server it makes itself.
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket && options.maxRequestsPerSocket > 0)
      server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
  return {
    serverFactory,
    /** Hands beacons to `handler` from now on; undefined: to the app. */
    use(handler: Handler | undefined) {
      lean = handler;
    },
  };
}

/** The handler of beacons asked over HTTP, with `app`'s logger, JSON parser and metrics. */
export function beaconHandler(
  app: FastifyInstance,
  deps: { config: Config; services: Services },
): Handler {
  const { config, services } = deps;
  return beaconAnswer({
    routes: [analyticsBeacon(services.analytics), adsImpressionBeacon(services.ads)],
    trustProxy: config.trustProxy,
    counters: services.rateLimits,
    log: app.log,
    parseJson: app.getDefaultJsonParser('error', 'error'),
    countAnswer: app.hasDecorator('countAnswer') ? app.countAnswer : undefined,
  });
}
