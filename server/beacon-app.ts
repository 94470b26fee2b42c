/*
 * The reader beacons' lean app (issue 70 item 1): `POST /api/analytics/event` and
 * `POST /api/ads/impressions`, asked over HTTP, are answered by a Fastify instance of their own
 * that has only what a bodiless 204 needs, not by the app whose every hook (sessions, cookies,
 * the page cache, Helmet, compression, API keys, audit, replica reads…) runs on every request:
 * 2,000 beacons a second on counting day paid for all of them (docs/perf/election-night.md).
 *
 * What still holds, as in the app: the body's BEACON_BYTES (413 with its code), the input
 * guard and the zod schema (400 with its code), the limit per address (429 with Retry-After and
 * RateLimit-*), the bot filter and the human-pace checks (the services'), the request id, the
 * request line (at debug for a 204, at info for a refusal) and the request metrics.
 *
 * The app keeps both routes too: the OpenAPI document lists them, `app.inject` (the tests)
 * reaches them, and a beacon with a query string or asked while the app closes is answered
 * there, in the same words.
 */
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyServerFactory,
  type RawServerDefault,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Config } from './env';
import { BEACON_BYTES } from './lib/beacon-body';
import { registerRequestLog, requestIdOf, sendRequestIds } from './lib/request-log';
import { adsImpressionRoute } from './modules/ads/ads-routes';
import { analyticsBeaconRoute } from './modules/analytics/analytics-routes';
import { registerErrorHandler } from './plugins/errors';
import { answerFrameworkError, registerInputGuard } from './plugins/input-guard';
import { registerRateLimits } from './plugins/rate-limit';
import type { Services } from './services';

/** The beacons' addresses, as asked (no query string): what the lean app answers. */
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
 * The app's HTTP server (Fastify's `serverFactory`): a beacon's request goes to the lean app
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

/** The lean app of `app` (its logger and metrics), ready to answer beacons. */
export async function buildBeaconApp(
  app: FastifyInstance,
  deps: { config: Config; services: Services },
): Promise<FastifyInstance> {
  const { config, services } = deps;
  const lean = Fastify({
    loggerInstance: app.log,
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    bodyLimit: BEACON_BYTES,
    trustProxy: config.trustProxy,
    frameworkErrors: answerFrameworkError,
  });
  lean.setValidatorCompiler(validatorCompiler);
  lean.setSerializerCompiler(serializerCompiler);
  sendRequestIds(lean, 'refusals');
  // The request line and the request metrics in one hook.
  registerRequestLog(
    lean,
    app.hasDecorator('countAnswer')
      ? (request, reply) => app.countAnswer(request, reply)
      : undefined,
  );
  registerErrorHandler(lean);
  registerInputGuard(lean);
  await registerRateLimits(lean, {
    counters: services.rateLimits,
    apiPerMinute: config.apiRateLimit,
  });
  await lean.register(analyticsBeaconRoute(services.analytics));
  await lean.register(adsImpressionRoute(services.ads));
  await lean.ready();
  return lean;
}
