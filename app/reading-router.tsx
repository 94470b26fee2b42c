/*
 * React Router's `ServerRouter` for reading pages, with what it made on every request made once
 * per build (docs/decisions/027, "fourth pass"). `ServerRouter` builds the whole route tree with
 * each route's components (`createServerRoutes`) and converts it again for a static router
 * (`createStaticRouter`) for every page it renders: a fifteenth of an uncached article's CPU under
 * load, for a tree that changes only with the build. Here the tree and a static router over it
 * are made once; each page gets a router that is that one with this request's state.
 *
 * Only server/plugins/reading-documents.ts asks for it (`READING_ROUTER`): its documents are
 * compared with React Router's own in tests/integration/web/reading-documents.test.ts. It renders
 * what `ServerRouter` renders, without the hydration stream (reading pages have none).
 */
import { createElement, type ComponentType, type ReactElement } from 'react';
import {
  createStaticRouter,
  StaticRouterProvider,
  UNSAFE_FrameworkContext as FrameworkContext,
  UNSAFE_RemixErrorBoundary as RemixErrorBoundary,
  type EntryContext,
  type RouteObject,
} from 'react-router';
import { READING_ROUTER } from '../common/page-handle';
import { ReadingHead } from './reading-head';

type StaticRouter = ReturnType<typeof createStaticRouter>;
type RouteModule = EntryContext['routeModules'][string] & { Layout?: ComponentType<object> };
type ManifestRoute = EntryContext['manifest']['routes'][string] & {};

/** Whether `context` may be rendered by `ReadingRouter`. */
export const readsWithReadingRouter = (context: EntryContext) =>
  (context as unknown as Record<symbol, unknown>)[READING_ROUTER] === true &&
  // Without its own error boundary the root gets React Router's default, which is not exported.
  context.routeModules.root?.ErrorBoundary !== undefined;

/** A static router over the build's routes, made once per build (its route modules object). */
const routers = new WeakMap<EntryContext['routeModules'], StaticRouter>();

function sharedRouter(context: EntryContext): StaticRouter {
  let router = routers.get(context.routeModules);
  if (!router) {
    const routes = serverRoutes(context.manifest.routes, context.routeModules);
    const empty = { ...context.staticHandlerContext, matches: [] };
    router = createStaticRouter(routes, empty, { branches: context.branches });
    routers.set(context.routeModules, router);
  }
  return router;
}

/**
 * `createServerRoutes` of React Router (lib/dom/ssr/routes.tsx) for a server render that is not
 * SPA mode: each route with its component, error boundary and hydrate fallback, the root's
 * wrapped in its Layout, and a stand-in loader where the route has one.
 */
function serverRoutes(
  manifest: EntryContext['manifest']['routes'],
  modules: EntryContext['routeModules'],
  parentId?: string,
): RouteObject[] {
  return Object.values(manifest)
    .filter((r): r is ManifestRoute => r !== undefined && r.parentId === parentId)
    .map((route) => {
      const module = modules[route.id] as RouteModule;
      const Component = componentOf(module);
      const { ErrorBoundary, HydrateFallback, Layout } = module;
      const inLayout = route.id === 'root' && Layout !== undefined;
      const wrap = (inner: ComponentType | undefined) =>
        inner && Layout ? createElement(Layout, null, createElement(inner)) : undefined;
      const components = inLayout
        ? {
            ...(Component ? { element: wrap(Component) } : {}),
            ...(ErrorBoundary ? { errorElement: wrap(ErrorBoundary) } : {}),
            // React Router's default fallback (not exported) is only shown while a client loader
            // runs in the browser: reading pages have none. An empty one holds its place.
            hydrateFallbackElement: wrap(HydrateFallback ?? NoFallback),
          }
        : { Component, ErrorBoundary, HydrateFallback };
      const children = serverRoutes(manifest, modules, route.id);
      return {
        ...components,
        caseSensitive: route.caseSensitive,
        id: route.id,
        index: route.index,
        path: route.path,
        handle: module.handle,
        loader: route.hasLoader || route.hasClientLoader ? () => null : undefined,
        ...(children.length > 0 ? { children } : {}),
      } as RouteObject;
    });
}

const NoFallback = () => null;

/** React Router's getRouteModuleComponent: the default export, unless it is an empty object. */
function componentOf(module: RouteModule): ComponentType | undefined {
  const component = module.default as unknown;
  if (component == null) return undefined;
  if (typeof component === 'object' && Object.keys(component).length === 0) return undefined;
  return component as ComponentType;
}

/** The shared router with this request's state (what createStaticRouter reads from context). */
function requestRouter(shared: StaticRouter, context: EntryContext): StaticRouter {
  const handled = context.staticHandlerContext;
  const matches = handled.matches.map((match) => ({
    ...match,
    route: shared.manifest[match.route.id] ?? match.route,
  }));
  const state = shared.state;
  return Object.create(shared, {
    basename: { get: () => handled.basename },
    state: {
      get: () => ({
        ...state,
        location: handled.location,
        matches,
        loaderData: handled.loaderData,
        actionData: handled.actionData,
        errors: handled.errors,
        fetchers: new Map(),
        blockers: new Map(),
      }),
    },
  }) as StaticRouter;
}

/** ServerRouter's document for a reading page, over the router made once. */
export function ReadingRouter({
  context,
  nonce,
}: {
  context: EntryContext;
  nonce?: string;
}): ReactElement {
  const handled = context.staticHandlerContext;
  // As ServerRouter: the data of a route whose client loader runs at hydration is not sent.
  handled.loaderData = { ...handled.loaderData };
  for (const match of handled.matches) {
    const id = match.route.id;
    const module = context.routeModules[id];
    const manifest = context.manifest.routes[id];
    if (
      module?.clientLoader &&
      manifest &&
      (module.clientLoader.hydrate === true || manifest.hasLoader !== true) &&
      (module.HydrateFallback || !manifest.hasLoader)
    )
      delete handled.loaderData[id];
  }
  const router = requestRouter(sharedRouter(context), context);
  return (
    <FrameworkContext.Provider
      value={{
        manifest: context.manifest,
        routeModules: context.routeModules,
        criticalCss: context.criticalCss,
        serverHandoffString: context.serverHandoffString,
        future: context.future,
        ssr: context.ssr,
        isSpaMode: context.isSpaMode,
        routeDiscovery: context.routeDiscovery,
        nonce,
        serializeError: context.serializeError,
        renderMeta: context.renderMeta,
      }}
    >
      <RemixErrorBoundary location={router.state.location}>
        <ReadingHead.Provider value={true}>
          <StaticRouterProvider router={router} context={handled} hydrate={false} />
        </ReadingHead.Provider>
      </RemixErrorBoundary>
    </FrameworkContext.Provider>
  );
}
