/*
 * Reading pages without React Router's document request around them (docs/decisions/027,
 * "fourth pass"). A reading page (home, a category, an article, a static page, an author, the
 * search page: no route of it says `hydrate: true`) never runs React in the browser, yet React
 * Router's request handler did for it what only an app page needs: its middleware pipeline, the
 * loader data encoded as a turbo-stream for hydration (`encodeViaTurboStream`, unconditional),
 * the route modules gathered again on every request. Here, for those pages only, the loaders run
 * through a static handler made once per build, and the entry renders the same `ServerRouter`
 * document with the same context, minus the hydration stream nobody reads.
 *
 * What this does not know how to do is left to React Router's own handler, unchanged: app pages,
 * `.data` and manifest requests, resource routes, a route with `headers` or `middleware`, any
 * method but GET and HEAD, a render that throws (React Router renders the error boundary), and
 * every page in development (where React Router's handler inlines Vite's critical CSS).
 * A route test (tests/integration/web/reading-documents.test.ts) renders the same pages both
 * ways and compares them.
 */
import {
  createStaticHandler,
  isRouteErrorResponse,
  type EntryContext,
  type LoaderFunctionArgs,
  type RouteObject,
  type RouterContextProvider,
  type ServerBuild,
  type StaticHandlerContext,
} from 'react-router';
import { hydrates, READING_ROUTER } from '../../common/page-handle';

type ServerRoute = ServerBuild['routes'][string] & {};
type RouteModule = ServerRoute['module'];

/** What the render gets: the route modules as the build holds them, by id. */
type RouteModules = EntryContext['routeModules'];

/** Answers a reading page, or undefined when React Router's own handler should. */
export type ReadingDocuments = (
  request: Request,
  context: RouterContextProvider,
) => Promise<Response | undefined>;

const NO_BODY_STATUSES = new Set([100, 101, 204, 205, 304]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** What `data(value, init)` makes (React Router's isDataWithResponseInit). */
function isDataWithResponseInit(value: unknown): value is { init: ResponseInit | null } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'type' in value &&
    'data' in value &&
    'init' in value &&
    value.type === 'DataWithResponseInit'
  );
}

export function readingDocuments(
  build: ServerBuild,
  mode: 'production' | 'development',
): ReadingDocuments {
  const routes = Object.values(build.routes).filter((r): r is ServerRoute => r !== undefined);
  const routeModules = Object.fromEntries(
    routes.map((r) => [r.id, r.module]),
  ) as unknown as RouteModules;
  const dataRoutes = dataRoutesOf(routes);
  const handler = createStaticHandler(dataRoutes, {
    basename: build.basename,
    future: build.future,
  });
  const entry = build.entry.module;
  const manifestPath = build.routeDiscovery.manifestPath;
  /** Route ids whose pages this takes: not an app page's, and nothing it cannot do. */
  const reading = new Set(
    routes
      .filter((r) => {
        const m = r.module as RouteModule & { middleware?: unknown; headers?: unknown };
        return !hydrates(m.handle) && m.middleware === undefined && m.headers === undefined;
      })
      .map((r) => r.id),
  );
  // As React Router sanitises errors in production (development keeps its handler, below).
  const sanitize = (error: unknown) => {
    if (!(error instanceof Error)) return error;
    const sanitized = new Error('Unexpected Server Error');
    sanitized.stack = undefined;
    return sanitized;
  };

  // Loaders here get the request as it came (React Router's handler strips `?index` otherwise).
  // In development React Router's handler also inlines Vite's critical CSS, and instrumentation
  // (none today) wraps its handler: either way it keeps every page.
  const instrumented = (entry as { instrumentations?: unknown }).instrumentations !== undefined;
  if (!build.future.v8_passThroughRequests || mode === 'development' || instrumented)
    return async () => undefined;

  return async (request, context) => {
    if (!build.ssr || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined;
    const url = new URL(request.url);
    if (url.pathname.endsWith('.data') || url.pathname === manifestPath) return undefined;
    // The matched routes are known once the static handler has matched them (matching them
    // here too would rank every route again): a page this does not take runs no loader here.
    let declined = false;
    let params = {};
    const handleError = (error: unknown) =>
      entry.handleError?.(error, { request, params, context });
    // As React Router's handler: a failure here (the reader went away mid-render, say) is
    // handed to the entry's handleError, which logs only real errors, and answered 500.
    let result: Awaited<ReturnType<typeof handler.query>>;
    try {
      result = await handler.query(request, {
        requestContext: context,
        dataStrategy: async ({ matches }) => {
          const leaf = build.routes[matches.at(-1)?.route.id ?? '']?.module;
          // A resource route answers with its loader's Response, not a page.
          if (
            !matches.every((m) => reading.has(m.route.id)) ||
            !(leaf?.default || leaf?.ErrorBoundary)
          ) {
            declined = true;
            return {};
          }
          params = matches[0]?.params ?? {};
          // React Router's own strategy: every loader due, side by side.
          const due = matches.filter((m) => m.shouldLoad);
          const results = await Promise.all(due.map((m) => m.resolve()));
          return Object.fromEntries(due.map((m, i) => [m.route.id, results[i]!]));
        },
      });
    } catch (error) {
      handleError(error);
      return new Response(null, { status: 500 });
    }
    if (declined) return undefined;
    if (result instanceof Response) return withoutBodyFor(request, result);
    const state: StaticHandlerContext = result;
    const headers = documentHeaders(state);
    if (NO_BODY_STATUSES.has(state.statusCode))
      return new Response(null, { status: state.statusCode, headers });
    if (state.errors) {
      for (const error of Object.values(state.errors))
        if (!isRouteErrorResponse(error) || (error as { error?: unknown }).error)
          handleError(error);
      state.errors = Object.fromEntries(
        Object.entries(state.errors).map(([id, error]) => [id, sanitize(error)]),
      );
    }
    const entryContext: EntryContext = {
      manifest: build.assets,
      branches: handler._internalRouteBranches,
      routeModules,
      staticHandlerContext: state,
      criticalCss: undefined,
      // Read only by <Scripts>, which a reading page does not render.
      serverHandoffString: undefined,
      renderMeta: {},
      future: build.future,
      ssr: build.ssr,
      routeDiscovery: build.routeDiscovery,
      isSpaMode: false,
      serializeError: (error) => {
        const sanitized = sanitize(error) as Error;
        return { message: sanitized.message, stack: sanitized.stack };
      },
      // The entry renders it with the route tree made once (app/reading-router.tsx).
      ...{ [READING_ROUTER]: true },
    };
    try {
      const response = await entry.default(
        request,
        state.statusCode,
        headers,
        entryContext,
        context as never,
      );
      return withoutBodyFor(request, response);
    } catch {
      // React Router's handler renders the error boundary for a page whose render threw, and
      // logs the error when it throws again there (logging it here too would count it twice).
      return undefined;
    }
  };
}

/** The static handler's routes: each route of the build with its loader, as React Router's. */
function dataRoutesOf(routes: ServerRoute[], parentId?: string): RouteObject[] {
  return routes
    .filter((r) => r.parentId === parentId)
    .map((r): RouteObject => {
      const loader = r.module.loader;
      const common = {
        id: r.id,
        path: r.path,
        hasErrorBoundary: r.id === 'root' || r.module.ErrorBoundary != null,
        handle: r.module.handle,
        // As React Router calls a loader (callRouteHandler): the request passed through as it
        // is (future.v8_passThroughRequests), a redirect given as data thrown as a Response.
        loader: loader
          ? async ({ request, url, params, context, pattern }: LoaderFunctionArgs) => {
              const result: unknown = await loader({
                request,
                url,
                params,
                context,
                pattern,
              } as never);
              if (isDataWithResponseInit(result) && REDIRECTS.has(result.init?.status ?? 0))
                throw new Response(null, result.init ?? undefined);
              return result;
            }
          : undefined,
      };
      return r.index
        ? { ...common, index: true }
        : {
            ...common,
            caseSensitive: r.caseSensitive,
            children: dataRoutesOf(routes, r.id),
          };
    });
}

/**
 * A page's headers as React Router makes them when no route of it has `headers` (the only pages
 * this takes): the cookies its loaders set, and on an error page those of the failing loader.
 */
function documentHeaders(state: StaticHandlerContext): Headers {
  const errors = state.errors;
  const boundary = errors ? state.matches.findIndex((m) => errors[m.route.id]) : -1;
  const matches = boundary >= 0 ? state.matches.slice(0, boundary + 1) : state.matches;
  let errorHeaders: Headers | undefined;
  if (boundary >= 0)
    for (const match of state.matches.slice(boundary)) {
      const own = state.loaderHeaders[match.route.id];
      if (own && !Object.hasOwn(state.loaderData, match.route.id)) {
        errorHeaders = own;
        break;
      }
    }
  const headers = new Headers();
  matches.forEach((match, i) => {
    const loaderHeaders = state.loaderHeaders[match.route.id];
    if (errorHeaders && i === matches.length - 1 && errorHeaders !== loaderHeaders)
      prependCookies(errorHeaders, headers);
    if (loaderHeaders) prependCookies(loaderHeaders, headers);
  });
  return headers;
}

function prependCookies(from: Headers, to: Headers) {
  const have = new Set(to.getSetCookie());
  for (const cookie of from.getSetCookie()) if (!have.has(cookie)) to.append('set-cookie', cookie);
}

/** A HEAD request gets the headers and status alone, as from React Router's handler. */
function withoutBodyFor(request: Request, response: Response): Response {
  if (request.method !== 'HEAD') return response;
  return new Response(null, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
