/*
 * The pages' side of the HTTP server (server/http.ts registers it last): React Router's build
 * (or Vite's in development), what its loaders get from a request, and what each render leaves
 * for the page cache to read.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerBuild } from 'react-router';
import { MEMBER_COOKIE, type AccessClass } from '../common/article-access';
import { READER_MANIFEST, READER_SCRIPT_SOURCE, SERVICE_WORKER_FILE } from '../common/reader-build';
import type { AppContext } from '../common/services';
import { outagePage } from '../common/outage-page';
import type { Config } from './env';
import { isCacheable } from './caching/http-caching';
import { isDatabaseUnavailable } from './lib/db-errors';
import { tokenOf } from './plugins/auth';
import { mountReactRouter } from './plugins/react-router';
import { cspNonceOf, usesCspNonce } from './plugins/security';
import { serveServiceWorker } from './plugins/service-worker';
import type { Services } from './services';

export type Web = 'build' | 'dev' | false;

/** What the pages need of the app. */
export interface PagesDeps {
  config: Config;
  services: Services;
  web: Web;
  buildDir: string;
}

/**
 * A request's entitlement class (issue 39 item 3): asked of the payments module only when the
 * browser says it has a member (MEMBER_COOKIE, set by GET /api/me/membership) or the request is
 * not a shared page's (staff, a reader's own pages); every other reader is `none` at no cost.
 */
export async function readerClassOf(
  services: Services,
  request: FastifyRequest,
): Promise<AccessClass> {
  if (isCacheable(request) && !request.cookies?.[MEMBER_COOKIE]) return 'none';
  const actor = await request.actor().catch(() => null);
  return services.payments.memberships.accessClassOf(actor);
}

/** What each render left behind for the server to read: what it showed, why it failed. */
interface RenderNotes {
  /** What each render's loaders said it shows (AppContext `keep`), by request. */
  shown: WeakMap<FastifyRequest, Set<string>>;
  /** The earliest time a render's loaders said their page ends (AppContext `keepUntil`). */
  endsAt: WeakMap<FastifyRequest, number>;
  /** Renders that failed because the database was away (answered 503, not 500). */
  databaseAway: WeakSet<FastifyRequest>;
}

/** What a page's loaders get: the services, who is signed in, and the CSP nonce. */
function pageContextOf(
  deps: PagesDeps,
  reader: { script: string; styles?: string },
  notes: RenderNotes,
) {
  const { services, config } = deps;
  return ({ request, reply }: { request: FastifyRequest; reply: FastifyReply }): AppContext => ({
    services,
    accessClass: async () =>
      services.pageCache.classOf(request) ?? readerClassOf(services, request),
    user: async () => {
      // A shared page renders for nobody, a reader's session included (issue 37 item 1).
      if (isCacheable(request)) return null;
      const actor = await request.actor().catch(() => null);
      return actor && { _id: actor.id, name: actor.name, email: actor.email, role: actor.role };
    },
    signOut: () => signOutOf(request, services),
    logError: (error, what) => {
      if (isDatabaseUnavailable(error)) notes.databaseAway.add(request);
      request.log.error({ err: error }, what);
    },
    keep: (...tags) => {
      let set = notes.shown.get(request);
      if (!set) notes.shown.set(request, (set = new Set()));
      for (const tag of tags) set.add(tag);
    },
    keepUntil: (at) => {
      notes.endsAt.set(request, Math.min(notes.endsAt.get(request) ?? Infinity, at.getTime()));
    },
    cspNonce: () => cspNonceOf(reply.raw),
    publicUrl: config.publicUrl,
    mediaBase: config.mediaPublicUrl,
    readerScript: reader.script,
    readerStyles: reader.styles,
  });
}

/** Ends this request's session; false, and nothing ended, for a request from another site. */
async function signOutOf(request: FastifyRequest, services: Services): Promise<boolean> {
  // Cookie-borne writes from another origin are refused by `actor()` (plugins/auth.ts).
  const crossSite = await request.actor().then(
    () => false,
    (error: unknown) => {
      if ((error as { statusCode?: number }).statusCode === 403) return true;
      throw error;
    },
  );
  if (crossSite) return false;
  const found = tokenOf(request);
  if (found) await services.users.signOut(found.token);
  return true;
}

/** The pages: React Router's build (or Vite's in development), with its hashed assets. */
export async function registerPages(app: FastifyInstance, deps: PagesDeps) {
  const { services, web, buildDir } = deps;
  const reader: { script: string; styles?: string } =
    web === 'build' ? readerAssetsOf(buildDir) : { script: `/${READER_SCRIPT_SOURCE}` };
  const notes: RenderNotes = {
    shown: new WeakMap(),
    endsAt: new WeakMap(),
    databaseAway: new WeakSet(),
  };
  const pageContext = pageContextOf(deps, reader, notes);
  if (web === 'dev') {
    const { mountViteDev } = await import('./dev');
    await mountViteDev(app, pageContext);
    return;
  }
  if (web !== 'build') return;
  await app.register(fastifyStatic, {
    root: join(buildDir, 'client', 'assets'),
    prefix: '/assets/',
    // Hashed names never change content.
    immutable: true,
    maxAge: '365d',
    decorateReply: false,
  });
  const serviceWorker = readFileSync(join(buildDir, 'client', SERVICE_WORKER_FILE), 'utf8');
  serveServiceWorker(app, async () => serviceWorker);
  const build = (await import(join(buildDir, 'server', 'index.js'))) as ServerBuild;
  await mountReactRouter(app, {
    loadBuild: async () => build,
    mode: 'production',
    context: pageContext,
    outage: (request) =>
      notes.databaseAway.has(request)
        ? outagePage(services.settings.lastKnownLanguage(), request.url.split('?')[0] ?? '/')
        : undefined,
    cache: {
      pages: services.pageCache,
      usedNonce: (reply) => usesCspNonce(reply.raw),
      tagsOf: (request) => [...(notes.shown.get(request) ?? [])],
      endsAtOf: (request) => notes.endsAt.get(request),
    },
  });
}

/**
 * Where the client build put the reader script, and the reading pages' stylesheet as text for
 * their documents to carry inline (vite.config.ts writes the manifest; docs/decisions/028).
 */
function readerAssetsOf(buildDir: string): { script: string; styles: string } {
  const manifest = join(buildDir, 'client', READER_MANIFEST);
  if (!existsSync(manifest))
    throw new Error(`${manifest} is missing: the client build is incomplete (npm run build).`);
  const { file, styles } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    file: string;
    styles: string;
  };
  const css = readFileSync(join(buildDir, 'client', styles), 'utf8');
  // Written into a <style> element as it is: it must not be able to end the element.
  if (/<\/style/i.test(css)) throw new Error(`${styles} contains "</style" and cannot be inlined`);
  return { script: file, styles: css };
}
