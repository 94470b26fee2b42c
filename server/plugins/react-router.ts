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
import { documentOf } from '../../common/document-bytes';
import type { AppContext } from '../../common/services';
import {
  encodePage,
  isCacheable,
  isStorable,
  pageCacheKey,
  PUBLIC_PAGE_CACHE_CONTROL,
  withSharedParts,
  type PageCache,
} from '../lib/page-cache';
import { sendPage } from './page-cache';
import { readingDocuments, type ReadingDocuments } from './reading-documents';

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
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  // A document's bytes come first: a reading page's Response has no body stream at all.
  const document = documentOf(response);
  if (document) {
    if (response.body) void response.body.cancel().catch(() => {});
    const { bytes, shared } = document;
    return reply.send(shared ? withSharedParts(bytes, shared) : bytes);
  }
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
      if (!(response instanceof Response)) return response;
      return sendFetchResponse(reply, response);
    });
  });
}

/** Where the server build lives and how to get the per-request context values. */
export interface ReactRouterOptions {
  /** Loads the server build: an import of build/server/index.js, or Vite's in development. */
  loadBuild: () => Promise<ServerBuild>;
  mode: 'production' | 'development';
  /** The loaders' context. */
  context: (source: { request: FastifyRequest; reply: FastifyReply }) => AppContext;
  /**
   * Whole pages for anonymous readers (lib/page-cache.ts); hits never get here, they are
   * answered by plugins/page-cache.ts before any route.
   */
  cache?: {
    pages: PageCache;
    /** Whether this response's render asked for a CSP nonce (its page runs inline scripts). */
    usedNonce: (reply: FastifyReply) => boolean;
    cookieName: string;
  };
}

export function mountReactRouter(app: FastifyInstance, options: ReactRouterOptions) {
  // One handler per build: production has one; development gets a new build after each edit.
  // Reading pages have their own (plugins/reading-documents.ts); the rest go to React Router's.
  const handlers = new WeakMap<
    ServerBuild,
    { reading: ReadingDocuments; handle: ReturnType<typeof createRequestHandler> }
  >();
  return mountFetchHandler(app, async (request, source) => {
    const build = await options.loadBuild();
    // The key object must be the one the route modules use, so it comes from the build itself.
    const key = (build.entry.module as { appContext?: RouterContext<AppContext> }).appContext;
    if (!key) throw new Error('entry.server.tsx must export appContext');
    let handler = handlers.get(build);
    if (!handler) {
      handler = {
        reading: readingDocuments(build, options.mode),
        handle: createRequestHandler(build, options.mode),
      };
      handlers.set(build, handler);
    }
    const cache = options.cache;
    const cacheable = cache && isCacheable(source.request, cache.cookieName);
    // A change made while this page renders must keep it out of the cache.
    const since = cache?.pages.generation;
    const context = new RouterContextProvider();
    context.set(key, options.context(source));
    const response =
      (await handler.reading(request, context)) ?? (await handler.handle(request, context));
    if (!cache) return response;
    // A page with this response's nonce in it is its own: no cache may keep or share it.
    if (cache.usedNonce(source.reply)) {
      if (response.headers.has('cache-control')) return response;
      // A copy: a Response's own headers may be read-only.
      const headers = new Headers(response.headers);
      headers.set('cache-control', 'no-store');
      const document = documentOf(response);
      return new Response(document ? (document.bytes as Uint8Array<ArrayBuffer>) : response.body, {
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
    // Kept once, as the bytes every later reader gets (and this one too).
    const document = documentOf(response);
    const body = document?.bytes ?? Buffer.from(await response.arrayBuffer());
    const headers: [string, string][] = [
      ...[...response.headers].filter(([name]) => !NOT_KEPT.has(name)),
      ['cache-control', PUBLIC_PAGE_CACHE_CONTROL],
    ];
    const page = await encodePage({ status: response.status, headers }, body, document?.shared);
    cache.pages.set(pageCacheKey(source.request.url), page, since);
    return sendPage(source.request, source.reply, { ...page, storedAt: 0 }, 'miss');
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
