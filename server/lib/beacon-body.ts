import type { FastifyInstance } from 'fastify';

/** The most a reading page's beacon may weigh (the analytics' and the ads' impressions'). */
export const BEACON_BYTES = 4096;

/**
 * A reader beacon route's limits: its body at most BEACON_BYTES, and `perMinute` beacons from
 * one address, counted in memory until an address nears it (server/plugins/rate-limit.ts).
 */
export const beaconLimits = (perMinute: number) => ({
  bodyLimit: BEACON_BYTES,
  config: { rateLimit: { max: perMinute, timeWindow: 60_000 }, limitInMemoryFirst: true },
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
