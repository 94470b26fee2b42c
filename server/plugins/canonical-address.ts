import type { FastifyInstance } from 'fastify';
import { canonicalPath, SERVER_SEGMENTS } from '../../common/paths';

/**
 * First segments whose addresses are not pages and keep the spelling they were asked with: the
 * API, uploaded files and the build's assets, React Router's route discovery, and Vite's own
 * modules in development (`/@vite/client`).
 */
const NOT_PAGES = new Set<string>([
  SERVER_SEGMENTS.api,
  SERVER_SEGMENTS.media,
  SERVER_SEGMENTS.assets,
  '__manifest',
]);

/** A last segment with an extension names a file or a data request (`/news.data`), not a page. */
const FILE_NAME = /\.[A-Za-z0-9]+$/;

/** The path a page request should have been made at, or undefined when it was right. */
export function canonicalLocation(method: string, url: string): string | undefined {
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  const first = (path.split('/').find(Boolean) ?? '').toLowerCase();
  if (NOT_PAGES.has(first) || first.startsWith('@') || FILE_NAME.test(path)) return undefined;
  const canonical = canonicalPath(path);
  if (canonical === undefined || canonical === path) return undefined;
  // The query travels unchanged; anything outside printable ASCII is escaped for the header.
  const query = at === -1 ? '' : url.slice(at).replace(/[^\x21-\x7E]+/gu, encodeURIComponent);
  return canonical + query;
}

/**
 * One address per page (DECISIONS.md §14, docs/decisions/015): a trailing slash, upper-case
 * letters, doubled slashes or odd percent-encoding answer 301 to the canonical path, keeping
 * the query, before any route runs (so `//about-us` is never read as a host name). An old
 * site's permalink (WordPress writes them with a trailing slash) goes straight to its article
 * rather than through two redirects.
 */
export function registerCanonicalAddresses(
  app: FastifyInstance,
  articles: { pathForFormerAddress(pathname: string, search: string): Promise<string | undefined> },
) {
  app.addHook('onRequest', async (request, reply) => {
    const location = canonicalLocation(request.method, request.url);
    if (!location) return;
    const at = location.indexOf('?');
    const [path, search] = at === -1 ? [location, ''] : [location.slice(0, at), location.slice(at)];
    const former = await articles.pathForFormerAddress(path, search).catch((error: unknown) => {
      request.log.error({ err: error }, `former address ${path} could not be looked up`);
      return undefined;
    });
    return reply.redirect(former ?? location, 301);
  });
}
