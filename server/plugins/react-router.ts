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
  matchRoutes,
  RouterContextProvider,
  type RouteObject,
  type RouterContext,
  type ServerBuild,
} from 'react-router';
import type { AppContext } from '../../common/services';
import { wholeBodyOf } from '../../common/whole-body';
import { isCacheable, isStorable } from '../caching/http-caching';
import { RETRY_AFTER_SECONDS } from './errors';
import type { PageCache } from '../caching/page-cache';

/** Answers a request with a web Response, or with the reply itself once it has been sent. */
export type FetchHandler = (
  request: Request,
  source: { request: FastifyRequest; reply: FastifyReply },
) => Promise<Response | FastifyReply>;

export function toFetchRequest(request: FastifyRequest, signal: AbortSignal): Request {
  // Name and value pairs, which the Request appends to its own headers one by one (a Headers
  // made here would only be copied again).
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const one of value) headers.push([name, one]);
    else headers.push([name, value]);
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
  // Fastify sets the length of what it sends (compressed or not; none for a stream or a HEAD).
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  // A body whose length is known is whole (a reading page, app/entry.server.tsx): sent as one
  // Buffer, which is compressed in one call (plugins/page-cache.ts), not as a stream of chunks.
  if (response.headers.has('content-length'))
    return reply.send(wholeBodyOf(response) ?? Buffer.from(await response.arrayBuffer()));
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
      if (!(response instanceof Response)) return response;
      return sendFetchResponse(reply, response);
    });
  });
}

/** What every page address takes; one whose route has an action takes POST too. */
const PAGE_READS = ['GET', 'HEAD', 'OPTIONS'];

/**
 * The methods a page address takes, for the `Allow` of a 405 and the answer to OPTIONS
 * (RFC 9110 §15.5.6, §9.3.7): the build's routes, matched as React Router matches them (its
 * public `matchRoutes`); React Router hands any other method to the matched route's action,
 * and answers 405 when it has none. Undefined when no route matches.
 */
export function pageMethods(build: ServerBuild): (pathname: string) => string[] | undefined {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const siblings = children.get(route.parentId) ?? [];
    children.set(route.parentId, siblings);
    siblings.push(
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive },
    );
  }
  const attach = (routes: RouteObject[]): RouteObject[] =>
    routes.map((route) => {
      const below = children.get(route.id);
      return route.index || !below ? route : { ...route, children: attach(below) };
    });
  const tree = attach(children.get(undefined) ?? []);
  return (pathname) => {
    const leaf = matchRoutes(tree, pathname, build.basename)?.at(-1)?.route;
    if (!leaf?.id) return undefined;
    return build.routes[leaf.id]?.module.action ? [...PAGE_READS, 'POST'] : PAGE_READS;
  };
}

/** Where the server build lives and how to get the per-request context values. */
export interface ReactRouterOptions {
  /** Loads the server build: an import of build/server/index.js, or Vite's in development. */
  loadBuild: () => Promise<ServerBuild>;
  mode: 'production' | 'development';
  /** The loaders' context. */
  context: (source: { request: FastifyRequest; reply: FastifyReply }) => AppContext;
  /**
   * The page to answer instead of an error page when this request's render failed because the
   * database was away (issue 24 R1): sent 503 with Retry-After. Undefined for any other error.
   */
  outage?: (request: FastifyRequest) => string | undefined;
  /**
   * Whole pages for anonymous readers (caching/http-caching.ts); hits never get here, they
   * are answered by caching/page-cache.ts before any route.
   */
  cache?: {
    pages: PageCache;
    /** Whether this response's render asked for a CSP nonce (its page runs inline scripts). */
    usedNonce: (reply: FastifyReply) => boolean;
    /** The tags of what the render's loaders showed (AppContext `keep`). */
    tagsOf: (request: FastifyRequest) => readonly string[];
    /** When what the render showed ends, if it does (AppContext `keepUntil`), in ms. */
    endsAtOf: (request: FastifyRequest) => number | undefined;
  };
}

export function mountReactRouter(app: FastifyInstance, options: ReactRouterOptions) {
  // One handler per build: production has one; development gets a new build after each edit.
  const handlers = new WeakMap<
    ServerBuild,
    {
      handle: ReturnType<typeof createRequestHandler>;
      methods: ReturnType<typeof pageMethods>;
    }
  >();
  return mountFetchHandler(app, async (request, source) => {
    const build = await options.loadBuild();
    // The key object must be the one the route modules use, so it comes from the build itself.
    const key = (build.entry.module as { appContext?: RouterContext<AppContext> }).appContext;
    if (!key) throw new Error('entry.server.tsx must export appContext');
    let handler = handlers.get(build);
    if (!handler) {
      handler = {
        handle: createRequestHandler(build, options.mode),
        methods: pageMethods(build),
      };
      handlers.set(build, handler);
    }
    // What an address takes: OPTIONS is answered here, a 405 names them (the reply keeps the
    // header whatever the Response carries).
    const allowed = () => handler.methods(new URL(request.url).pathname);
    if (request.method === 'OPTIONS') {
      const methods = allowed();
      if (methods)
        return new Response(null, { status: 204, headers: { allow: methods.join(', ') } });
    }
    const cache = options.cache;
    const cacheable = cache && isCacheable(source.request);
    const context = new RouterContextProvider();
    context.set(key, options.context(source));
    const response = await handler.handle(request, context);
    const outage = response.status >= 500 ? options.outage?.(source.request) : undefined;
    if (outage !== undefined)
      return new Response(outage, {
        status: 503,
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'retry-after': String(RETRY_AFTER_SECONDS),
          'cache-control': 'no-store',
        },
      });
    if (response.status === 405 && !response.headers.has('allow'))
      source.reply.header('allow', (allowed() ?? PAGE_READS).join(', '));
    if (!cache) return response;
    // A page with this response's nonce in it is its own: no cache may keep or share it.
    if (cache.usedNonce(source.reply)) {
      if (response.headers.has('cache-control')) return response;
      // A copy: a Response's own headers may be read-only.
      const headers = new Headers(response.headers);
      headers.set('cache-control', 'no-store');
      return new Response(response.body, {
        status: response.status,
        statusText: response.statusText,
        headers,
      });
    }
    if (
      !cacheable ||
      request.method !== 'GET' ||
      response.headers.has('set-cookie') ||
      !isStorable({
        status: response.status,
        contentType: response.headers.get('content-type'),
        cacheControl: response.headers.get('cache-control'),
      })
    )
      return response;
    // Kept once, as the bytes every later reader gets (and this one too), with what it shows.
    const body = wholeBodyOf(response) ?? Buffer.from(await response.arrayBuffer());
    const headers = [...response.headers].filter(([name]) => !NOT_KEPT.has(name));
    return cache.pages.keep(
      source.request,
      source.reply,
      { status: response.status, headers, body },
      { tags: cache.tagsOf(source.request), endsAt: cache.endsAtOf(source.request) },
    );
  });
}

/** Headers a cached page does not keep: per-response, or set for the encoding it is sent in. */
const NOT_KEPT = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'cache-control',
  'etag',
  'vary',
]);
