import { ssoRoutes } from './modules/sso/sso-routes';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlib } from 'node:zlib';
import type { ServerBuild } from 'react-router';
import { SERVER_SEGMENTS } from '../common/paths';
import { MEMBER_COOKIE, type AccessClass } from '../common/article-access';
import { READER_MANIFEST, READER_SCRIPT_SOURCE, SERVICE_WORKER_FILE } from '../common/reader-build';
import type { AppContext } from '../common/services';
import { migrationCount, type Database } from '../db/client';
import type { Config } from './env';
import { articlesRoutes } from './modules/articles/articles-routes';
import { newsroomRoutes } from './modules/newsroom/newsroom-routes';
import { giftsRoutes } from './modules/gifts/gifts-routes';
import { categoriesRoutes } from './modules/categories/categories-routes';
import { editionsRoutes } from './modules/editions/editions-routes';
import { editionTopRoutes } from './modules/editions/edition-top-routes';
import { editionFeedRoutes } from './modules/seo/edition-feed-routes';
import { healthRoutes } from './modules/health/health-routes';
import { eventsRoutes } from './events/events-routes';
import { MAX_UPLOAD_BYTES } from './modules/media/media-service';
import {
  mediaFileRoutes,
  mediaLibraryRoutes,
  mediaUploadRoutes,
} from './modules/media/media-routes';
import { searchRoutes } from './modules/search/search-routes';
import { seoRoutes, siteIconRoutes } from './modules/seo/seo-routes';
import { createSiteIcons } from './modules/seo/site-icons';
import { MEDIA_KEY_PATTERN } from './modules/media/media-storage';
import { keyOfMediaUrl } from './modules/media/media-urls';
import { settingsRoutes } from './modules/settings/settings-routes';
import { breakingRoutes } from './modules/breaking/breaking-routes';
import { liveRoutes, type LiveReaders } from './modules/live/live-routes';
import { commentsRoutes } from './modules/comments/comments-routes';
import { pushRoutes } from './modules/push/push-routes';
import { readersRoutes } from './modules/readers/readers-routes';
import { readerRightsRoutes } from './modules/readers/reader-rights-routes';
import { newslettersRoutes } from './modules/newsletters/newsletters-routes';
import { issuePageRoutes } from './modules/newsletters/issue-page-routes';
import { statsRoutes } from './modules/stats/stats-routes';
import { usersRoutes } from './modules/users/users-routes';
import { viewsRoutes } from './modules/views/views-routes';
import { registerApiKeys } from './plugins/api-keys';
import { analyticsRoutes, beaconClientOf } from './modules/analytics/analytics-routes';
import { analyticsReportRoutes } from './modules/analytics/analytics-report-routes';
import { registerAuth, tokenOf } from './plugins/auth';
import { registerAuditHooks } from './modules/audit/audit-hooks';
import { auditRoutes } from './modules/audit/audit-routes';
import { electionsRoutes } from './modules/elections/elections-routes';
import { seatFollowRoutes } from './modules/elections/elections-follow';
import { electionBlocks } from './modules/elections/elections-blocks';
import { epaperRoutes } from './modules/epaper/epaper-routes';
import { keysRoutes } from './modules/keys/keys-routes';
import { adsPublicRoutes, adsReadRoutes, adsRoutes, adsTxtRoutes } from './modules/ads/ads-routes';
import { adProviderSources } from './modules/ads/ad-provider-sources';
import { checkoutSources, mergeSources } from './modules/payments/checkout-sources';
import { oembedRoutes, v1Routes } from './modules/v1/v1-routes';
import { webhooksRoutes } from './modules/webhooks/webhooks-routes';
import { paymentsRoutes } from './modules/payments/payments-routes';
import { isCacheable } from './caching/http-caching';
import { fediverseRoutes, registerActivityNegotiation } from './modules/fediverse/fediverse-routes';
import { registerCanonicalAddresses } from './plugins/canonical-address';
import { answerUnknownApiCall, registerErrorHandler, trackApiMethods } from './plugins/errors';
import { registerInputGuard } from './plugins/input-guard';
import { registerMetrics } from './plugins/metrics';
import { registerOpenApi } from './plugins/openapi';
import { registerRateLimits } from './plugins/rate-limit';
import { registerReplicaReads } from './plugins/replica-reads';
import { registerPageCache, type PageCache } from './caching/page-cache';
import { registerConditionalAnswers } from './caching/whole-answers';
import { mountReactRouter } from './plugins/react-router';
import { cspNonceOf, registerSecurity, usesCspNonce } from './plugins/security';
import { serveServiceWorker } from './plugins/service-worker';
import { outagePage } from '../common/outage-page';
import type { Actor } from './lib/actor';
import { isBeacon } from './lib/beacon-body';
import { isDatabaseUnavailable } from './lib/db-errors';
import type { Services } from './services';
import { collabDepsOf, registerCollab } from './modules/collab/collab-mount';

export type Web = 'build' | 'dev' | false;

type HttpDeps = {
  config: Config;
  database: Database;
  services: Services;
  web: Web;
  buildDir: string;
  /** Seconds an upload's body may take to arrive (UPLOAD_BODY_SECONDS by default). */
  uploadBodySeconds?: number;
  /** A worker of a cluster: co-editing then needs Redis between the workers (REDIS_URL). */
  clustered?: boolean;
};

/** The HTTP side, in the order requests meet it: plugins, the API, files, then the pages. */
export async function registerHttp(app: FastifyInstance, deps: HttpDeps) {
  // Before any route, so that it sees them all.
  const apiMethods = trackApiMethods(app);
  // Kept answers for anonymous readers; never in development, where an edit must show at once.
  const pageCache = deps.web === 'dev' ? undefined : deps.services.pageCache;
  await registerPlugins(app, deps, pageCache);
  // Before the API: its hook refreshes a shared document when an article is saved.
  registerCollab(app, collabDepsOf(deps));
  await registerApi(app, deps, pageCache);
  await registerEditionReads(app, deps.services, pageCache);
  // Not an operation of the API: what every address under /api/ that is none of them answers.
  app.all('/api/*', { schema: { hide: true } }, answerUnknownApiCall(apiMethods));
  await registerPages(app, deps);
}

/** What every request meets before its route: errors, metrics, guards, caching, sessions. */
async function registerPlugins(app: FastifyInstance, deps: HttpDeps, pageCache?: PageCache) {
  const { config, database, services, web } = deps;
  // The session's cookie first: whether a request is signed in (replica reads, the page cache)
  // is read from the cookie as parsed here, never from a spelling of the header.
  await app.register(cookie);
  // Then, so that everything after it reads where this request may (db/replicas.ts).
  if (database.replicas)
    registerReplicaReads(app, {
      maxLagMs: config.replicaMaxLagMs,
      secureCookies: config.publicUrl.startsWith('https:'),
    });
  registerErrorHandler(app);
  registerMetrics(app, {
    database,
    token: config.metricsToken,
    jobs: services.jobs,
    cdnPurge: services.cdnPurge,
    degradedReasons: services.degradedReasons,
    mail: services.mailer,
  });
  registerInputGuard(app);
  await registerSecurity(app, {
    dev: web === 'dev',
    // Kept as the settings are (a kept page's answer reads nothing); while they cannot be
    // read, the policy is our own.
    extraSources: (request) =>
      services.settings
        .derived('ad-sources', (settings) => adProviderSources(settings.ads) ?? null)
        .then(
          (sources) => sources ?? undefined,
          () => undefined,
        )
        // Razorpay Checkout on the plans page (issue 39 item 4).
        .then((ads) =>
          mergeSources(ads, checkoutSources(request.url, Boolean(config.payments.razorpay))),
        ),
  });
  registerCanonicalAddresses(app, services.articles);
  await registerRateLimits(app, {
    counters: services.rateLimits,
    apiPerMinute: config.apiRateLimit,
  });
  registerApiKeys(app, { keys: services.keys, counters: services.rateLimits });
  // Before the page cache: a request for ActivityStreams never gets a kept HTML page.
  registerActivityNegotiation(app);
  if (pageCache) {
    registerPageCache(app, pageCache);
    pageCache.classifyWith((request) => readerClassOf(services, request));
    // A gift link's page is its reader's own (issue 39 item 5): never a kept page, never kept.
    pageCache.passWith((request) => services.gifts.articleAt(request.url) !== undefined);
  }
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
  registerAuth(app, services.users, async () => (await services.settings.get()).twoFactorRequired);
  registerAuditHooks(app, services.audit);
  await registerOpenApi(app, config);
  // Before compression: whole answers get their validator from the bytes, encoded here.
  registerConditionalAnswers(app);
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    // On-the-fly brotli at its default quality 11 costs more than it saves.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // API answers are data, never a page for search results (issue 12).
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith(`/${SERVER_SEGMENTS.api}/`) && !isBeacon(request))
      reply.header('x-robots-tag', 'noindex');
  });
}

/** The API, media files and the search engines' documents. */
/** The site's places: its sections (categories) and its editions (issue 65). */
async function registerPlaces(app: FastifyInstance, services: Services) {
  await app.register(categoriesRoutes(services.categories));
  await app.register(editionsRoutes(services.editions));
}

async function registerApi(app: FastifyInstance, deps: HttpDeps, pageCache?: PageCache) {
  const { config, database, services } = deps;
  await app.register(eventsRoutes(database.db));
  await app.register(auditRoutes(services.audit));
  await app.register(
    healthRoutes(database, {
      degradedReasons: services.degradedReasons,
      stopping: () => services.lifecycle.stopping,
      migrations: migrationCount(),
    }),
  );
  await app.register(
    usersRoutes(services.users, {
      secureCookies: config.publicUrl.startsWith('https:'),
      counters: services.rateLimits,
    }),
  );
  await registerPlaces(app, services);
  await app.register(
    articlesRoutes(services.articles, (actor) =>
      services.payments.memberships.accessClassOf(actor),
    ),
  );
  await app.register(giftsRoutes(services.gifts));
  await app.register(newsroomRoutes(services.newsroom));
  await app.register(
    viewsRoutes({
      count: (id, request) =>
        services.analytics.viewOfArticle(id, beaconClientOf(request), refererPath(request)),
    }),
  );
  await app.register(analyticsRoutes(services.analytics));
  await app.register(analyticsReportRoutes(services.analytics));
  await app.register(mediaUploadRoutes(services.media, { bodySeconds: deps.uploadBodySeconds }));
  await app.register(mediaLibraryRoutes(services.media.library));
  await app.register(
    ssoRoutes(services.sso, {
      secureCookies: config.publicUrl.startsWith('https:'),
      publicUrl: config.publicUrl,
    }),
  );
  await app.register(settingsRoutes(services.settings));
  await registerNewsDesk(app, services, pageCache);
  await app.register(commentsRoutes(services.comments));
  await app.register(
    pushRoutes(services.push, {
      counters: services.rateLimits,
      alertsPerMinute: config.push.alertsPerMinute,
    }),
  );
  await app.register(statsRoutes(services.stats));
  await app.register(keysRoutes(services.keys));
  await app.register(adsRoutes(services.ads));
  await app.register(adsReadRoutes(services.ads));
  await app.register(adsPublicRoutes(services.ads));
  await app.register(adsTxtRoutes(services.settings, pageCache));
  await app.register(v1Routes(services.v1));
  await app.register(oembedRoutes(services.oembed));
  await app.register(webhooksRoutes(services.webhooks));
  await app.register(
    paymentsRoutes(services.payments, { secureCookies: config.publicUrl.startsWith('https:') }),
  );
  await app.register(readersRoutes(services.readers));
  await app.register(
    readerRightsRoutes(services.readers, { secureCookies: config.publicUrl.startsWith('https:') }),
  );
  await app.register(newslettersRoutes(services.newsletters));
  await app.register(issuePageRoutes(services.newsletters, config.publicUrl));
  await app.register(fediverseRoutes(services.fediverse, config.publicUrl));
  await app.register(mediaFileRoutes(services.media.storage, walledMediaOf(services)));
  await app.register(seoRoutes(services.seo, pageCache));
  await app.register(siteIconRoutes(siteIconsOf(app, services)));
  await app.register(
    searchRoutes(services.search, {
      publicUrl: config.publicUrl,
      names: () => services.settings.get(),
    }),
  );
}

/** What /media/ holds back: the paid e-paper's walled pages (issue 68 item 3). */
const walledMediaOf =
  (services: Services) =>
  (key: string, request: { actor(): Promise<Actor | null> }): Promise<boolean> =>
    services.epaper.walledMedia(key, () => request.actor());

/** What changes by the minute on a news day: the breaking band, election results, live blogs. */
async function registerNewsDesk(app: FastifyInstance, services: Services, pageCache?: PageCache) {
  await app.register(breakingRoutes(services.breaking));
  await app.register(electionsRoutes(services.elections, pageCache));
  // Following a seat: its declaration as a Web Push (issue 69 item 4).
  await app.register(seatFollowRoutes(services.elections.seat, services.push.follows));
  await app.register(epaperRoutes(services.epaper));
  // The poll's entries show their election blocks filled in, as the page does (issue 69 item 4).
  const blocks = electionBlocks({
    elections: services.elections,
    settings: services.settings,
    logError: (error, what) => app.log.error({ err: error }, what),
  });
  await app.register(
    liveRoutes(services.live, pageCache, liveReaders(services, pageCache), blocks),
  );
}

/**
 * A request's entitlement class (issue 39 item 3): asked of the payments module only when the
 * browser says it has a member (MEMBER_COOKIE, set by GET /api/me/membership) or the request is
 * not a shared page's (staff, a reader's own pages); every other reader is `none` at no cost.
 */
/** What readers and crawlers read of editions (issue 65): the city strip's JSON, the feeds. */
async function registerEditionReads(app: FastifyInstance, services: Services, pages?: PageCache) {
  const { editions, articles, seo, settings } = services;
  await app.register(editionTopRoutes(editions, articles, pages));
  await app.register(editionFeedRoutes(seo, editions, settings, pages));
}

async function readerClassOf(services: Services, request: FastifyRequest): Promise<AccessClass> {
  if (isCacheable(request) && !request.cookies?.[MEMBER_COOKIE]) return 'none';
  const actor = await request.actor().catch(() => null);
  return services.payments.memberships.accessClassOf(actor);
}

/**
 * Who asks a live blog's JSON (issue 66 item 1): the class the page cache keyed the answer by,
 * else the request's own, and the story a gift link in its address opens.
 */
function liveReaders(services: Services, pageCache?: PageCache): LiveReaders {
  return {
    classOf: async (request) => pageCache?.classOf(request) ?? readerClassOf(services, request),
    giftOpens: (url) => services.gifts.opens(url),
  };
}

/** The page a view call came from (its Referer's path), for the analytics' raw events. */
function refererPath(request: FastifyRequest): string {
  try {
    return new URL(request.headers.referer ?? '').pathname;
  } catch {
    return '/';
  }
}

/** The site's icons, made from the settings' logo as it is stored here. */
function siteIconsOf(app: FastifyInstance, services: Services) {
  return createSiteIcons({
    settings: services.settings,
    readMedia: async (url) => {
      // Only a key the media service could have made reaches storage.
      const key = keyOfMediaUrl(url);
      if (key === undefined || !MEDIA_KEY_PATTERN.test(key)) return undefined;
      return (await services.media.storage.get(key))?.data;
    },
    logError: (error, what) => app.log.error({ err: error }, what),
  });
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
  deps: HttpDeps,
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
async function registerPages(app: FastifyInstance, deps: HttpDeps) {
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
