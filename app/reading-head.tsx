/*
 * React Router's `<Meta>` and `<Links>` for reading pages rendered by app/reading-router.tsx
 * (docs/decisions/027, "fifth pass"). They write what React Router's write, for less: `<Meta>`
 * keys each tag by its whole JSON (a tenth of a page's head again, for keys that no server
 * render reads), and `<Links>` gathers, sorts and writes out as JSON the same route links on
 * every render, when they are a function of the matched routes alone. tests/integration/web/
 * reading-documents.test.ts compares every reading page with React Router's own render.
 */
import { createContext, createElement, Fragment, useContext, type ReactNode } from 'react';
import {
  Links,
  PrefetchPageLinks,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_FrameworkContext as FrameworkContext,
  useLocation,
  type EntryContext,
} from 'react-router';

/** Set by ReadingRouter: the root's head uses the components below, not React Router's. */
export const ReadingHead = createContext(false);

type Framework = NonNullable<React.ContextType<typeof FrameworkContext>>;
type RouterState = NonNullable<React.ContextType<typeof DataRouterStateContext>>;
type Match = RouterState['matches'][number];
type MetaDescriptor = Record<string, unknown> | null | undefined;
type LinkDescriptor = Record<string, unknown>;

/** The matches a page's head is written from: down to the route that failed, when one did. */
function activeMatches(matches: Match[], errors: RouterState['errors']): Match[] {
  if (!errors) return matches;
  return matches.slice(0, matches.findIndex((m) => errors[m.route.id] !== undefined) + 1);
}

/** React Router's escapeHtml: JSON made safe to sit in a `<script>`. */
const SCRIPT_ESCAPES: Record<string, string> = {
  '&': '\\u0026',
  '>': '\\u003e',
  '<': '\\u003c',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};
const escapeScript = (json: string) =>
  json.replace(/[&><\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);

/** React Router's `<Meta>`: each route's `meta`, the deepest that has one winning. */
export function ReadingMeta() {
  const { routeModules } = useContext(FrameworkContext)!;
  const { errors, matches: routerMatches, loaderData } = useContext(DataRouterStateContext)!;
  const location = useLocation();
  const active = activeMatches(routerMatches, errors);
  const error = errors ? errors[active.at(-1)!.route.id] : null;
  let meta: MetaDescriptor[] = [];
  let leafMeta: MetaDescriptor[] | null = null;
  const matches: Record<string, unknown>[] = [];
  active.forEach((routerMatch, i) => {
    const id = routerMatch.route.id;
    const data = loaderData[id];
    const module = routeModules[id];
    const match: Record<string, unknown> = {
      id,
      data,
      loaderData: data,
      meta: [],
      params: routerMatch.params,
      pathname: routerMatch.pathname,
      handle: routerMatch.route.handle,
      error,
    };
    matches[i] = match;
    let routeMeta: unknown = [];
    if (module?.meta)
      routeMeta =
        typeof module.meta === 'function'
          ? (module.meta as (args: object) => unknown)({
              data,
              loaderData: data,
              params: routerMatch.params,
              location,
              matches,
              error,
            })
          : Array.isArray(module.meta)
            ? [...(module.meta as unknown[])]
            : module.meta;
    else if (leafMeta) routeMeta = [...leafMeta];
    routeMeta = routeMeta || [];
    if (!Array.isArray(routeMeta))
      throw new Error(
        `The route at ${routerMatch.route.path} returns an invalid value. All route meta functions must return an array of meta objects.`,
      );
    match.meta = routeMeta;
    meta = [...(routeMeta as MetaDescriptor[])];
    leafMeta = meta;
  });
  return createElement(Fragment, null, ...(meta.flat() as MetaDescriptor[]).map(metaElement));
}

function metaElement(descriptor: MetaDescriptor): ReactNode {
  if (!descriptor) return null;
  if ('tagName' in descriptor) {
    const { tagName, ...rest } = descriptor;
    if (tagName !== 'meta' && tagName !== 'link') return null;
    return createElement(tagName, rest);
  }
  if ('title' in descriptor) return createElement('title', null, String(descriptor.title));
  let props = descriptor;
  if ('charset' in props) {
    const { charset, ...rest } = props;
    props = { ...rest, charSet: rest.charSet ?? charset };
  }
  if ('charSet' in props && props.charSet != null)
    return typeof props.charSet === 'string'
      ? createElement('meta', { charSet: props.charSet })
      : null;
  if ('script:ld+json' in props) {
    let json: string;
    try {
      json = JSON.stringify(props['script:ld+json']);
    } catch {
      return null;
    }
    return createElement('script', {
      type: 'application/ld+json',
      dangerouslySetInnerHTML: { __html: escapeScript(json) },
    });
  }
  return createElement('meta', props);
}

/** The routes' links by the matched routes' ids, made once per build (its manifest). */
const linksByBuild = new WeakMap<EntryContext['manifest'], Map<string, LinkDescriptor[]>>();

/**
 * React Router's getKeyedLinksForMatches: each matched route's stylesheets and `links()`, less
 * a script link its module preloads already, each once. A route's `links()` takes nothing, so
 * the list is the same for the same routes.
 */
function routeLinks(
  matches: Match[],
  modules: Framework['routeModules'],
  manifest: EntryContext['manifest'],
): LinkDescriptor[] {
  let byIds = linksByBuild.get(manifest);
  if (!byIds) linksByBuild.set(manifest, (byIds = new Map()));
  const ids = matches.map((m) => m.route.id).join('\n');
  let links = byIds.get(ids);
  if (links) return links;
  const descriptors = matches.flatMap((m): LinkDescriptor[] => {
    const route = manifest.routes[m.route.id];
    const css = (route?.css ?? []).map((href) => ({ rel: 'stylesheet', href }));
    const own = (modules[m.route.id]?.links?.() ?? []) as unknown as LinkDescriptor[];
    return [...css, ...own];
  });
  const preloads = new Set(
    matches.flatMap((m) => {
      const route = manifest.routes[m.route.id];
      return route
        ? [
            route.module,
            ...(route.clientActionModule ? [route.clientActionModule] : []),
            ...(route.clientLoaderModule ? [route.clientLoaderModule] : []),
            ...(route.imports ?? []),
          ]
        : [];
    }),
  );
  const seen = new Set<string>();
  links = descriptors.filter((link) => {
    if (typeof link.page !== 'string' && link.as === 'script' && preloads.has(link.href as string))
      return false;
    const key = JSON.stringify(
      Object.fromEntries(Object.entries(link).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    );
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  byIds.set(ids, links);
  return links;
}

/** React Router's `<Links>` for a page with no critical CSS and no nonce (a reading page). */
export function ReadingLinks() {
  const { manifest, routeModules, criticalCss, nonce } = useContext(FrameworkContext)!;
  const { errors, matches } = useContext(DataRouterStateContext)!;
  // Not what a reading page has (development inlines critical CSS; app pages have a nonce):
  // React Router's own then.
  if (criticalCss !== undefined || nonce !== undefined) return createElement(Links);
  const links = routeLinks(activeMatches(matches, errors), routeModules, manifest);
  return createElement(
    Fragment,
    null,
    ...links.map(({ page, ...link }) =>
      typeof page === 'string'
        ? createElement(PrefetchPageLinks, { page, ...link } as never)
        : createElement('link', { ...link, crossOrigin: link.crossOrigin ?? undefined }),
    ),
  );
}
