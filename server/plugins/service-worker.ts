import type { FastifyInstance } from 'fastify';
import { SERVER_SEGMENTS } from '../../common/paths';

/**
 * The push alerts' service worker at /sw.js (app/reader/service-worker.ts, docs/decisions/032):
 * from the site's root, so its scope is every page. `no-cache`: a browser asks again whether it
 * changed (it does so at least daily anyway), so a new build reaches every reader.
 */
export function serveServiceWorker(app: FastifyInstance, code: () => Promise<string>) {
  app.get(
    `/${SERVER_SEGMENTS.serviceWorker}`,
    { schema: { hide: true } },
    async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(await code()),
  );
}
