import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AnalyticsEditionQuerySchema,
  AnalyticsEventSchema,
  AnalyticsNowSchema,
} from '../../../common/schemas/analytics';
import { errorResponses, JSON_BODY } from '../../lib/errors';
import type { BeaconClient } from './analytics-beacons';
import type { AnalyticsService } from './analytics-service';
import type { IncomingHttpHeaders } from 'node:http';
import { acceptBeaconJson, beaconLimits, beaconRoute } from '../../lib/beacon-body';

/** Beacons one address may send in a minute: a reader sends two a page. */
export const BEACONS_PER_ADDRESS = 600;

/**
 * Who sent a request, for counting: the address and user agent (hashed by the service, never
 * kept), and whether they asked not to be tracked (`DNT: 1`, `Sec-GPC: 1`).
 */
export const beaconClientOf = (request: FastifyRequest): BeaconClient =>
  beaconClient(request.headers, request.ip);

/** `beaconClientOf` from a request's headers and its client's address, read once. */
export const beaconClient = (headers: IncomingHttpHeaders, ip: string): BeaconClient => ({
  ip,
  userAgent: headers['user-agent'] ?? '',
  optedOut: headers.dnt === '1' || headers['sec-gpc'] === '1',
  fetchSite: headerOf(headers['sec-fetch-site']),
  origin: headerOf(headers.origin),
});

/** The analytics beacon as the lean path answers it over HTTP (server/beacon-answer.ts). */
export const analyticsBeacon = (analytics: Pick<AnalyticsService, 'record'>) =>
  beaconRoute({
    path: '/api/analytics/event',
    body: AnalyticsEventSchema,
    perMinute: BEACONS_PER_ADDRESS,
    count: (event, headers, ip) => analytics.record(event, beaconClient(headers, ip)),
  });

const headerOf = (value: string | string[] | undefined) =>
  typeof value === 'string' ? value : undefined;

/**
 * POST /api/analytics/event, the reader script's beacon: registered in the app (its OpenAPI
 * entry, `inject`); over HTTP the beacons' lean path answers it (`analyticsBeacon`, below).
 */
export function analyticsBeaconRoute(analytics: Pick<AnalyticsService, 'record'>) {
  return async function (fastify: FastifyInstance) {
    // The beacon's text/plain body is JSON here (navigator.sendBeacon, no preflight).
    acceptBeaconJson(fastify);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/analytics/event',
      {
        schema: {
          tags: ['analytics'],
          summary:
            'A reader script beacon (text/plain JSON from navigator.sendBeacon): 204 whether or not it is counted; no cookie, never cached',
          security: [],
          body: AnalyticsEventSchema,
          response: {
            204: z.null().describe('Received'),
            ...errorResponses(...JSON_BODY),
          },
        },
        ...beaconLimits(BEACONS_PER_ADDRESS),
      },
      async (request, reply) => {
        await analytics.record(request.body, beaconClientOf(request));
        return reply.header('cache-control', 'no-store').status(204).send(null);
      },
    );
  };
}

/** POST /api/analytics/event and the newsroom's reads (issue 38). */
export function analyticsRoutes(analytics: AnalyticsService) {
  return async function (fastify: FastifyInstance) {
    await fastify.register(analyticsBeaconRoute(analytics));
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/analytics/now',
      {
        schema: {
          tags: ['analytics'],
          summary:
            'Readers of the last 5 minutes, the stories most read with their sparklines, and sources (an author: their own stories; editors and up: everything)',
          security: [{ bearer: [] }],
          querystring: AnalyticsEditionQuerySchema,
          response: {
            200: AnalyticsNowSchema,
            ...errorResponses('auth.signed_out', 'auth.role_required'),
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return analytics.now(await request.actor(), request.query);
      },
    );
  };
}
