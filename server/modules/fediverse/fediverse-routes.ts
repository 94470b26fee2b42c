import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FediverseFollowersSchema } from '../../../common/schemas/fediverse';
import { errorResponses, SIGNED_IN } from '../../lib/errors';
import type { FediverseService } from './fediverse-service';

/** The largest activity an inbox takes. */
const INBOX_BODY_MAX = 1024 * 1024;

/** Media types that ask for ActivityStreams rather than a page. */
const ACTIVITY_TYPES = /application\/(activity\+json|ld\+json)/i;

/** Whether a request asks for ActivityStreams JSON and not HTML. */
export const asksForActivity = (accept: string | undefined) =>
  accept !== undefined && ACTIVITY_TYPES.test(accept) && !/text\/html/i.test(accept);

/** A Fastify request as the fetch API's Request, for Fedify; its origin is the public one. */
function toFetchRequest(request: FastifyRequest, publicUrl: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(new URL(request.url, publicUrl), {
    method: request.method,
    headers,
    ...(hasBody && Buffer.isBuffer(request.body) ? { body: new Uint8Array(request.body) } : {}),
  });
}

async function send(reply: FastifyReply, response: Response) {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'content-length') reply.header(name, value);
  });
  // Answers depend on the Accept header and on the setting: no shared cache keeps them.
  if (!response.headers.has('cache-control')) reply.header('cache-control', 'no-store');
  reply.header('vary', 'Accept');
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

/**
 * Fedify mounted in Fastify (docs/decisions/054): WebFinger, NodeInfo and everything under
 * /ap/ go to `federation.fetch`; with the setting off they answer 404 before Fedify is asked.
 * Bodies reach Fedify as the bytes that came (their digest is signed). Beside it, the back
 * office's follower counts.
 */
export function fediverseRoutes(fediverse: FediverseService, publicUrl: string) {
  return async function (fastify: FastifyInstance) {
    await fastify.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: INBOX_BODY_MAX },
        (_request, body, done) => done(null, body),
      );
      const handler = async (request: FastifyRequest, reply: FastifyReply) => {
        if (!(await fediverse.enabled()))
          return reply.code(404).header('cache-control', 'no-store').send({ message: 'Not found' });
        const federation = await fediverse.federation();
        const response = await federation.fetch(toFetchRequest(request, publicUrl), {
          contextData: undefined,
          onNotFound: () =>
            new Response(JSON.stringify({ message: 'Not found' }), {
              status: 404,
              headers: { 'content-type': 'application/json' },
            }),
          onNotAcceptable: () =>
            new Response(JSON.stringify({ message: 'Ask for application/activity+json' }), {
              status: 406,
              headers: { 'content-type': 'application/json' },
            }),
        });
        return send(reply, response);
      };
      const hidden = { schema: { hide: true } };
      for (const path of [
        '/.well-known/webfinger',
        '/.well-known/nodeinfo',
        '/nodeinfo/*',
        '/ap/*',
      ])
        scope.route({ method: ['GET', 'POST'], url: path, ...hidden, handler });
    });

    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/fediverse/followers',
      {
        schema: {
          tags: ['fediverse'],
          summary: 'How many fediverse accounts follow the site and each author (administrators)',
          security: [{ bearer: [] }],
          response: {
            200: FediverseFollowersSchema,
            ...errorResponses(...SIGNED_IN, 'fediverse.forbidden'),
          },
        },
      },
      async (request) => fediverse.followers(await request.actor()),
    );
  };
}

/** Paths that are never a page: the API, media, Fedify's own, the built assets. */
const NOT_PAGES = /^\/(api|ap|media|assets|nodeinfo|\.well-known)(\/|$)/;

/**
 * A request for ActivityStreams JSON at a page's address is answered 406, never with the page:
 * pages are the same bytes for everyone and kept by URL (the page cache, Varnish), so an
 * ActivityPub client must not be served, or leave behind, an answer under a page's key. Actors
 * and stories have addresses of their own under /ap/ (docs/decisions/054).
 */
export function registerActivityNegotiation(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (!asksForActivity(request.headers.accept) || NOT_PAGES.test(request.url)) return;
    return reply
      .code(406)
      .header('cache-control', 'no-store')
      .header('vary', 'Accept')
      .send({ message: 'This address is a page; ActivityPub objects are under /ap/' });
  });
}
