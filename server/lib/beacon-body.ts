import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { z } from 'zod';

/** The most a reading page's beacon may weigh (the analytics' and the ads' impressions'). */
export const BEACON_BYTES = 4096;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A reader beacon (issue 70 item 1): a bodiless 204 that no browser renders, answered on a
     * lean path. The hooks that dress documents (Helmet's headers, the CSP, HSTS, the
     * permissions policy, the request id header, `x-robots-tag`) leave it alone, and its
     * request line is written at `debug`, not `info`.
     */
    beacon?: boolean;
  }
}

/** Whether this request is a reader beacon's, answered on the lean path (`beaconLimits`). */
export const isBeacon = (request: FastifyRequest) =>
  // No route's config at all before routing (a framework error's answer).
  (request.routeOptions.config as { beacon?: boolean } | undefined)?.beacon === true;

/** The RateLimit-* headers of an answer under the limit: none (a 429 still carries them). */
const NO_HEADERS_UNDER_LIMIT = {
  'ratelimit-limit': false,
  'ratelimit-remaining': false,
  'ratelimit-reset': false,
};

/**
 * A reader beacon route's options: its body at most BEACON_BYTES; `perMinute` beacons from
 * one address, counted in memory until an address nears it (server/plugins/rate-limit.ts), with
 * the RateLimit-* headers on a refusal only; and the lean path (`beacon`): no document headers,
 * none of Helmet's (`helmet: false`). A 204 with no body is no document: nothing in it can be
 * framed, sniffed or run, so CSP, HSTS and the rest would be bytes and CPU for nothing, 2,000
 * times a second on election night (docs/perf/election-night.md).
 */
export const beaconLimits = (perMinute: number) => ({
  bodyLimit: BEACON_BYTES,
  helmet: false as const,
  config: {
    rateLimit: {
      max: perMinute,
      timeWindow: 60_000,
      addHeadersOnExceeding: NO_HEADERS_UNDER_LIMIT,
    },
    limitInMemoryFirst: true,
    beacon: true,
  },
});

/**
 * `navigator.sendBeacon` sends a string as text/plain (a "simple" request, no preflight): in
 * the plugin `fastify` a text/plain body is JSON, parsed as the JSON parser does (the same
 * refusals), at most BEACON_BYTES. For the beacons' own route plugins only.
 */
export function acceptBeaconJson(fastify: FastifyInstance) {
  fastify.removeContentTypeParser('text/plain');
  fastify.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: BEACON_BYTES },
    fastify.getDefaultJsonParser('error', 'error'),
  );
}

/**
 * A reader beacon as the lean path answers it over HTTP, before Fastify (server/beacon-answer.ts):
 * the same address, schema and limit per address as its route in the app, and what counts it.
 */
export interface BeaconRoute<T = unknown> {
  /** Its address, exactly as asked (no query string). */
  path: string;
  /** The route's body schema. */
  body: z.ZodType<T>;
  /** Beacons one address may send in a minute (the route's `beaconLimits`). */
  perMinute: number;
  /**
   * Counts a beacon: its body as the schema made it, its headers, its client's address. Answers
   * a promise when the count must wait on something; anything else when it is done.
   */
  count(body: T, headers: IncomingHttpHeaders, ip: string): unknown;
}

/** A route of beacons of one body type, among the others. */
export const beaconRoute = <T>(route: BeaconRoute<T>) => route as unknown as BeaconRoute;
