/*
 * Which requests' reads may run on a replica (db/replicas.ts, docs/decisions/036): an anonymous
 * reader's GET (the requests the page cache may keep, which carry no session), unless the
 * browser wrote something a moment ago. A successful write marks its browser with a cookie for
 * about as long as a replica may lag, so its next reads come from the primary and show the write.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { withReplicaReads } from '../../db/replicas';
import { isCacheable } from '../caching/http-caching';
import { giftTokenIn } from '../../common/schemas/gifts';
import { tokenOf } from './auth';

/** The cookie of a browser that wrote within the last REPLICA_MAX_LAG seconds (and a little). */
export const RECENT_WRITE_COOKIE = 'patrika_wrote';

/** Health and metrics speak of this process and its primary; they never read a replica. */
const OWN_PATHS = /^\/(api\/health|metrics)(\/|\?|$)/;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Counting calls write nothing a reader reads back, and set no cookie (issue 38 item 1); the
 * ads' impressions beacon is one too (issue 70 item 1).
 */
const COUNTING = /^\/api\/(analytics\/event|ads\/impressions|articles\/[^/?]+\/view)(\?|$)/;

/** Read from the parsed cookies (registered before this hook), as the session is. */
function mayReadReplica(request: FastifyRequest): boolean {
  if (!isCacheable(request) || tokenOf(request) || OWN_PATHS.test(request.url)) return false;
  // A gift link (issue 39 item 5) reads the primary: its gift may be a second old (the link is
  // opened as soon as it is sent) and a replica behind would show the wall; its page is the
  // reader's own, never kept. Known as the page cache knows it (server/http.ts): a token.
  if (giftTokenIn(request.url) !== undefined) return false;
  return request.cookies?.[RECENT_WRITE_COOKIE] === undefined;
}

export function registerReplicaReads(
  app: FastifyInstance,
  options: { maxLagMs: number; secureCookies: boolean },
) {
  // The rest of the request (later hooks, the handler, React Router's loaders) runs in the scope.
  app.addHook('onRequest', (request, _reply, done) => {
    if (mayReadReplica(request)) withReplicaReads(done);
    else done();
  });
  const seconds = Math.ceil(options.maxLagMs / 1000) + 2;
  const cookie = [
    `${RECENT_WRITE_COOKIE}=1`,
    `Max-Age=${seconds}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secureCookies ? ['Secure'] : []),
  ].join('; ');
  app.addHook('onSend', async (request, reply) => {
    if (!WRITES.has(request.method) || reply.statusCode >= 400 || COUNTING.test(request.url))
      return;
    const set = reply.getHeader('set-cookie');
    const cookies = set === undefined ? [] : Array.isArray(set) ? set : [String(set)];
    reply.header('set-cookie', [...cookies, cookie]);
  });
}
