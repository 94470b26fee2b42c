/*
 * The reader beacons answered at the HTTP server's own 'request' event (issue 70 item 1), before
 * any framework builds a request or a reply: `POST /api/analytics/event` and
 * `POST /api/ads/impressions`, 2,000 a second on counting day. What Fastify's lean app did for
 * them (server/beacon-app.ts had one) is done here in a straight line, once each:
 *
 *   the client's address, read once (X-Forwarded-For as far as TRUST_PROXY trusts it, as
 *   Fastify reads it) → the Host check (the input guard's) → the limit per address (counted in
 *   memory until an address nears it, then in `rate_limits`, with the plugin's key and headers)
 *   → the body: text/plain or application/json, at most BEACON_BYTES (413), JSON as Fastify's
 *   parser reads it (400), no text the database cannot hold (400), the route's zod schema (400)
 *   → the count (the services': bot filter, human pace, the batch) → 204 with `no-store`.
 *
 * Every refusal is the app's: the same status, JSON body and code (server/plugins/errors.ts,
 * `errorAnswer`), with `x-request-id`, RateLimit-* and Retry-After where the app sends them; its
 * request line at info and its count in /metrics. A 204's line is written at debug, and only
 * when debug is on (its request id is made only then).
 */
import { normalizeIP } from '@fastify/rate-limit';
import { errorCodes, type FastifyBaseLogger, type FastifyError } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { BEACON_BYTES, type BeaconRoute } from './lib/beacon-body';
import { clientAddress, lastOf, mediaTypeOk, trustOf, type Trust } from './lib/beacon-request';
import { badRequest, tooManyRequests, type AppError } from './lib/errors';
import { requestIdOf } from './lib/request-log';
import { errorAnswer } from './plugins/errors';
import { badTextRefusal, wellFormedHost } from './plugins/input-guard';
import { localFirst, minutesLeft, type RateLimitCounters } from './plugins/rate-limit';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
type Failure = FastifyError | AppError;

export interface BeaconAnswerOptions {
  routes: readonly BeaconRoute[];
  /** Fastify's `trustProxy` as the app has it (config.trustProxy). */
  trustProxy: boolean | string;
  counters: RateLimitCounters;
  log: FastifyBaseLogger;
  /** Fastify's own JSON parser, with its refusals (`app.getDefaultJsonParser('error', 'error')`). */
  parseJson: (
    request: never,
    body: string,
    done: (error: Error | null, value?: unknown) => void,
  ) => void;
  /** The request metrics' counter (server/plugins/metrics.ts), when the app has metrics. */
  countAnswer?:
    ((method: string, route: string, status: string, seconds: number) => void) | undefined;
}

const WINDOW_MS = 60_000;
const NO_STORE: OutgoingHttpHeaders = { 'cache-control': 'no-store' };
const JSON_TYPE = 'application/json; charset=utf-8';

type Validate = (data: unknown) => { value?: unknown; error?: unknown };
type Compile = (schema: { schema: unknown }) => Validate;

/** What one route needs at each request, made once. */
function prepare(route: BeaconRoute, counters: RateLimitCounters) {
  return {
    route,
    // The zod type provider's own compiler: the same issues, in the same shape, as the app's.
    validate: (validatorCompiler as unknown as Compile)({ schema: route.body }),
    // The plugin's key under the route's prefix, as the app's route counts it in the table.
    limit: localFirst(counters, `POST ${route.path}:`),
  };
}
type Prepared = ReturnType<typeof prepare>;

/** A request's facts for its log line, as the logger's `req` serializer reads a request. */
const facts = (req: IncomingMessage, ip: string) => ({
  method: req.method,
  url: req.url,
  ip,
  headers: req.headers,
});

/** What every exchange shares: the address's trust, the logger, the parser, the metrics. */
interface Shared extends Pick<BeaconAnswerOptions, 'log' | 'parseJson' | 'countAnswer'> {
  trust: Trust | undefined;
  debugOn: () => boolean;
}

/** One beacon's request and answer, from its first byte to its line. */
class Exchange {
  readonly started = performance.now();
  readonly ip: string;
  private chunks: Buffer[] = [];
  private received = 0;
  private settled = false;

  constructor(
    private readonly shared: Shared,
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly on: Prepared,
  ) {
    // The client's address, read once: the limit and the count both take it from here.
    this.ip = clientAddress(req, shared.trust);
  }

  /** The address's Host as the input guard reads it: X-Forwarded-Host from a trusted proxy. */
  hostOk(): boolean {
    const { headers } = this.req;
    if (headers.host === undefined) return true;
    const forwarded = headers['x-forwarded-host'];
    const host =
      typeof forwarded === 'string' &&
      forwarded !== '' &&
      this.shared.trust?.(this.req.socket.remoteAddress ?? '', 0)
        ? lastOf(forwarded)
        : headers.host;
    return wellFormedHost(host);
  }

  start() {
    if (!this.hostOk()) return this.refuse(badRequest('request.bad_host'));
    const key = normalizeIP(this.ip);
    const max = this.on.route.perMinute;
    const here = this.on.limit.incrementHere(key, WINDOW_MS, max);
    if (here !== undefined) return this.limited(here.current, here.ttl);
    this.on.limit.increment(key, WINDOW_MS, max).then(
      (counted) => this.limited(counted.current, counted.ttl),
      (error: Failure) => this.refuse(error),
    );
  }

  /** Refused past the address's limit, as the plugin does; else the body is read. */
  limited(current: number, ttl: number) {
    const max = this.on.route.perMinute;
    if (current <= max) return this.read();
    const seconds = String(Math.ceil(ttl / 1000));
    this.refuse(tooManyRequests('rate_limit.exceeded', { minutes: minutesLeft(ttl) }), {
      'ratelimit-limit': String(max),
      'ratelimit-remaining': '0',
      'ratelimit-reset': seconds,
      'retry-after': seconds,
    });
  }

  /** Reads the body as Fastify reads a string body: its media type, its length, then JSON. */
  read() {
    const { headers } = this.req;
    const type = headers['content-type'];
    if (type === undefined) {
      const empty =
        headers['transfer-encoding'] === undefined &&
        (headers['content-length'] === undefined || headers['content-length'] === '0');
      if (empty) return this.check(undefined);
      return this.refuse(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE());
    }
    if (!mediaTypeOk(type)) return this.refuse(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE());
    if (Number(headers['content-length']) > BEACON_BYTES)
      return this.refuse(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    this.req.on('data', this.onData);
    this.req.on('end', this.onEnd);
    this.req.on('error', this.onEnd);
  }

  private stopReading() {
    this.req.removeListener('data', this.onData);
    this.req.removeListener('end', this.onEnd);
    this.req.removeListener('error', this.onEnd);
  }

  private readonly onData = (chunk: Buffer) => {
    this.received += chunk.length;
    if (this.received > BEACON_BYTES) {
      this.stopReading();
      return this.refuse(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    }
    this.chunks.push(chunk);
  };

  private readonly onEnd = (error?: Error) => {
    this.stopReading();
    if (error) return this.refuse(Object.assign(error, { statusCode: 400 }) as FastifyError);
    const length = Number(this.req.headers['content-length']);
    if (!Number.isNaN(length) && this.received !== length)
      return this.refuse(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
    const text =
      this.chunks.length === 1
        ? this.chunks[0]!.toString('utf8')
        : Buffer.concat(this.chunks, this.received).toString('utf8');
    this.shared.parseJson(this.req as never, text, (failure, value) =>
      failure ? this.refuse(failure as FastifyError) : this.check(value),
    );
  };

  /** The input guard's text check and the route's schema, then the count. */
  check(data: unknown) {
    const bad = badTextRefusal(data);
    if (bad) return this.refuse(bad);
    const valid = this.on.validate(data);
    if (valid.error)
      return this.refuse({ validation: valid.error, validationContext: 'body' } as never);
    let counted: unknown;
    try {
      counted = this.on.route.count(valid.value, this.req.headers, this.ip);
    } catch (error) {
      return this.refuse(error as Failure);
    }
    // Most beacons are counted at once: no promise, no turn to wait for.
    if (!(counted instanceof Promise)) return this.answer();
    counted.then(
      () => this.answer(),
      (error: Failure) => this.refuse(error),
    );
  }

  /** The 204: no body, nothing a document needs, never stored. */
  answer() {
    if (this.settled || this.res.destroyed) return;
    this.settled = true;
    this.res.writeHead(204, NO_STORE);
    this.res.end();
    this.shared.countAnswer?.(
      'POST',
      this.on.route.path,
      '204',
      (performance.now() - this.started) / 1000,
    );
    if (this.shared.debugOn())
      this.shared.log.debug(
        { reqId: requestIdOf(this.req), req: facts(this.req, this.ip), res: this.res },
        'beacon answered',
      );
  }

  /** Answers `error` as the app's error handler does, and writes its request line at info. */
  refuse(error: Failure, headers?: OutgoingHttpHeaders) {
    if (this.settled || this.res.destroyed) return;
    this.settled = true;
    const { log } = this.shared;
    const reqId = requestIdOf(this.req);
    const { status, body, retryAfter } = errorAnswer(error);
    if (status >= 500) log.error({ reqId, err: error }, 'request failed');
    else log.info({ reqId, status, code: body.code }, error.message);
    const text = JSON.stringify(body);
    this.res.writeHead(status, {
      ...headers,
      ...(retryAfter === undefined ? {} : { 'retry-after': retryAfter }),
      'content-type': JSON_TYPE,
      'content-length': String(Buffer.byteLength(text)),
      'x-request-id': reqId,
    });
    this.res.end(text);
    const ms = performance.now() - this.started;
    this.shared.countAnswer?.('POST', this.on.route.path, String(status), ms / 1000);
    log.info(
      {
        reqId,
        req: facts(this.req, this.ip),
        res: this.res,
        responseTime: Math.round(ms * 10) / 10,
      },
      'request completed',
    );
  }
}

/** The handler that answers every request for one of `routes`' paths (asked as POST). */
export function beaconAnswer(options: BeaconAnswerOptions): Handler {
  const { log } = options;
  // Pino's; a logger without it writes every line its level lets through.
  const leveled = log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
  const shared: Shared = {
    trust: trustOf(options.trustProxy),
    log,
    parseJson: options.parseJson,
    countAnswer: options.countAnswer,
    debugOn: () => leveled.isLevelEnabled?.('debug') ?? true,
  };
  const routes = new Map(options.routes.map((r) => [r.path, prepare(r, options.counters)]));
  return (req, res) => {
    const on = routes.get(req.url ?? '');
    // The dispatch hands only these paths here; anything else is no beacon of ours.
    if (on === undefined) {
      res.writeHead(404).end();
      return;
    }
    new Exchange(shared, req, res, on).start();
  };
}
