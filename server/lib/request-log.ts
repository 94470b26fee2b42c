/*
 * One log line per request (issue 36 item 5), written when its answer is out: the request id,
 * the request's facts (method, address, headers as server/lib/logger.ts picks and redacts
 * them), the status and the time taken. At `info`; LOG_LEVEL=warn leaves served requests out.
 * Fastify's own pair of lines ("incoming request", then "request completed") is turned off
 * (`disableRequestLogging` through a LogController), as Fastify's docs suggest for a custom request log.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isBeacon } from './beacon-body';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** A request's id: the `X-Request-Id` it came with when well formed, else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Every answer names its request's id (`x-request-id`), but a reader beacon's 204: its request
 * line at debug still names it; a refused beacon carries it, as its line at info does.
 */
export function sendRequestIds(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode >= 300 || !isBeacon(request)) reply.header('x-request-id', request.id);
  });
}

/** The header that marks a request the server made to itself, with this process's secret. */
const INTERNAL_HEADER = 'x-patrika-internal';
const INTERNAL_TOKEN = randomUUID();

/**
 * Headers for an `app.inject` of the server's own (a kept page's refresh render): no reader
 * asked for it, so it writes no request line. The value is a secret of this process, so no
 * client can hide its requests from the log by sending the header. (An AsyncLocalStorage mark
 * does not reach the hooks of an injected request: Fastify runs them outside the caller's
 * async context.)
 */
export const internalRequestHeaders = () => ({ [INTERNAL_HEADER]: INTERNAL_TOKEN });

const isInternal = (request: FastifyRequest) => request.headers[INTERNAL_HEADER] === INTERNAL_TOKEN;

/**
 * The request line: one per request a client made, none for internal ones. A reader beacon's
 * answered 204 is written at `debug` (thousands a second on election night, each the same
 * line); a refused beacon (4xx, 5xx) keeps its line at `info`.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    if (isInternal(request)) return;
    if (isBeacon(request) && reply.statusCode < 300) {
      request.log.debug({ req: request, res: reply }, 'beacon answered');
      return;
    }
    request.log.info(
      { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 },
      'request completed',
    );
  });
}
