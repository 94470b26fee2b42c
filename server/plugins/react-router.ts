/*
 * The one place where Fastify meets React Router (ARCHITECTURE.md "One process, two doors"):
 * a Fastify request becomes a Fetch `Request` for React Router's request handler, and its
 * Fetch `Response` is streamed back through Fastify (so compression and headers still apply).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  createRequestHandler,
  RouterContextProvider,
  type RouterContext,
  type ServerBuild,
} from 'react-router';
import type { AppContext } from '../../common/services';
import {
  forbidsStoring,
  isCacheable,
  NONCE_PLACEHOLDER,
  pageCacheKey,
  type PageCache,
} from '../lib/page-cache';

export type FetchHandler = (
  request: Request,
  source: { request: FastifyRequest; reply: FastifyReply },
) => Promise<Response>;

export function toFetchRequest(request: FastifyRequest, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const hasBody =
    request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  return new Request(url, {
    method: request.method,
    headers,
    signal,
    ...(hasBody
      ? { body: Readable.toWeb(request.body as Readable) as ReadableStream, duplex: 'half' }
      : {}),
  } as RequestInit);
}

export async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<void> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as WebReadableStream));
}

/**
 * Routes every request no other route took to `handler`. Bodies arrive as raw streams (the
 * encapsulated parser below), because React Router reads form posts itself.
 */
export function mountFetchHandler(app: FastifyInstance, handler: FetchHandler) {
  return app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.all('*', { schema: { hide: true } }, async (request, reply) => {
      const controller = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      const response = await handler(toFetchRequest(request, controller.signal), {
        request,
        reply,
      });
      return sendFetchResponse(reply, response);
    });
  });
}

/** Where the server build lives and how to get the per-request context values. */
export interface ReactRouterOptions {
  /** Loads the server build: an import of build/server/index.js, or Vite's in development. */
  loadBuild: () => Promise<ServerBuild>;
  mode: 'production' | 'development';
  /** The loaders' context; `nonce` replaces this response's CSP nonce when given. */
  context: (source: { request: FastifyRequest; reply: FastifyReply }, nonce?: string) => AppContext;
  /** Whole pages for anonymous readers (plugins/page-cache.ts), with each response's own nonce. */
  cache?: {
    pages: PageCache;
    nonceOf: (reply: FastifyReply) => string | undefined;
    cookieName: string;
  };
}

/** A cached page as a Response, carrying this response's nonce. */
function fromCache(
  page: { status: number; headers: [string, string][]; body: string },
  nonce: string,
  state: 'hit' | 'miss',
) {
  const headers = new Headers(page.headers);
  headers.set('x-page-cache', state);
  return new Response(page.body.replaceAll(NONCE_PLACEHOLDER, nonce), {
    status: page.status,
    headers,
  });
}

export function mountReactRouter(app: FastifyInstance, options: ReactRouterOptions) {
  // One handler per build: production has one; development gets a new build after each edit.
  const handlers = new WeakMap<ServerBuild, ReturnType<typeof createRequestHandler>>();
  return mountFetchHandler(app, async (request, source) => {
    const build = await options.loadBuild();
    // The key object must be the one the route modules use, so it comes from the build itself.
    const key = (build.entry.module as { appContext?: RouterContext<AppContext> }).appContext;
    if (!key) throw new Error('entry.server.tsx must export appContext');
    let handle = handlers.get(build);
    if (!handle) {
      handle = createRequestHandler(build, options.mode);
      handlers.set(build, handle);
    }
    const cache = options.cache;
    const nonce = cache?.nonceOf(source.reply);
    if (!cache || !nonce || !isCacheable(source.request, cache.cookieName)) {
      const context = new RouterContextProvider();
      context.set(key, options.context(source));
      return handle(request, context);
    }
    const cacheKey = pageCacheKey(source.request.url);
    const hit = cache.pages.get(cacheKey);
    if (hit) return fromCache(hit, nonce, 'hit');
    const context = new RouterContextProvider();
    context.set(key, options.context(source, NONCE_PLACEHOLDER));
    const response = await handle(request, context);
    if (response.status !== 200 || request.method !== 'GET' || forbidsStoring(response.headers)) {
      // Not kept: still send it with the real nonce.
      const body = await response.text();
      return new Response(
        request.method === 'HEAD' ? null : body.replaceAll(NONCE_PLACEHOLDER, nonce),
        {
          status: response.status,
          headers: response.headers,
        },
      );
    }
    const page = {
      status: response.status,
      headers: [...response.headers].filter(([name]) => name !== 'set-cookie'),
      body: await response.text(),
    };
    cache.pages.set(cacheKey, page);
    return fromCache(page, nonce, 'miss');
  });
}
