import type { FastifyInstance } from 'fastify';

/** The most a reading page's beacon may weigh (the analytics' and the ads' impressions'). */
export const BEACON_BYTES = 4096;

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
