/*
 * Requests with `X-Api-Key` (issue 41 item 1): the key is checked on every /api/ request that
 * carries one (401 when unknown or revoked) and, where the route has no limit of its own, the
 * key's own limit per minute replaces the per-address ceiling (plugins/rate-limit.ts). Routes
 * with their own limits (sign-up, uploads, views) keep counting by address.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_KEY_HEADER } from '../../common/schemas/keys';
import { tooManyRequests } from '../lib/errors';
import type { KeysService, LiveKey } from '../modules/keys/keys-service';
import { localFirst, minutesLeft, type RateLimitCounters } from './rate-limit';

declare module 'fastify' {
  interface FastifyRequest {
    /** The app's key this request came with, once checked; undefined without one. */
    apiKey?: LiveKey;
  }
}

const WINDOW_MS = 60_000;

/** Whether the request's route counts by the ceiling (no limit of its own, and not exempt). */
const underCeiling = (request: FastifyRequest) =>
  (request.routeOptions.config as { rateLimit?: unknown } | undefined)?.rateLimit === undefined;

export function registerApiKeys(
  app: FastifyInstance,
  deps: { keys: KeysService; counters: RateLimitCounters },
) {
  const counts = localFirst(deps.counters);
  app.decorateRequest('apiKey', undefined);
  app.addHook('onRequest', async (request, reply) => {
    const given = request.headers[API_KEY_HEADER];
    if (typeof given !== 'string' || !request.url.startsWith('/api/')) return;
    const key = await deps.keys.use(given.trim());
    request.apiKey = key;
    if (!underCeiling(request)) return;
    const { current, ttl } = await counts.increment(`api-key:${key.id}`, WINDOW_MS, key.rateLimit);
    const reset = Math.ceil(ttl / 1000);
    reply.header('ratelimit-limit', key.rateLimit);
    reply.header('ratelimit-remaining', Math.max(0, key.rateLimit - current));
    reply.header('ratelimit-reset', reset);
    if (current > key.rateLimit) {
      reply.header('retry-after', reset);
      throw tooManyRequests('rate_limit.exceeded', { minutes: minutesLeft(ttl) });
    }
  });
}
