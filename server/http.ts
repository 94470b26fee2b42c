import { ssoRoutes } from './modules/sso/sso-routes';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { constants as zlib } from 'node:zlib';
import { SERVER_SEGMENTS } from '../common/paths';
import { migrationCount, type Database } from '../db/client';
import { articlesRoutes } from './modules/articles/articles-routes';
import { newsroomRoutes } from './modules/newsroom/newsroom-routes';
import { giftsRoutes } from './modules/gifts/gifts-routes';
import { categoriesRoutes } from './modules/categories/categories-routes';
import { editionsRoutes } from './modules/editions/editions-routes';
import { healthRoutes } from './modules/health/health-routes';
import { eventsRoutes } from './events/events-routes';
import { MAX_UPLOAD_BYTES } from './modules/media/media-service';
import { mediaFileRoutes, mediaUploadRoutes } from './modules/media/media-routes';
import { mediaLibraryRoutes } from './modules/media/media-library-routes';
import { searchRoutes } from './modules/search/search-routes';
import { seoRoutes, siteIconRoutes } from './modules/seo/seo-routes';
import { createSiteIcons } from './modules/seo/site-icons';
import { MEDIA_KEY_PATTERN } from './modules/media/media-storage';
import { keyOfMediaUrl } from './modules/media/media-urls';
import { settingsRoutes } from './modules/settings/settings-routes';
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
import { registerAuth } from './plugins/auth';
import { registerAuditHooks } from './modules/audit/audit-hooks';
import { auditRoutes } from './modules/audit/audit-routes';
import { keysRoutes } from './modules/keys/keys-routes';
import { adsPublicRoutes, adsReadRoutes, adsRoutes, adsTxtRoutes } from './modules/ads/ads-routes';
import { adProviderSources } from './modules/ads/ad-provider-sources';
import { checkoutSources, mergeSources } from './modules/payments/checkout-sources';
import { oembedRoutes, v1Routes } from './modules/v1/v1-routes';
import { webhooksRoutes } from './modules/webhooks/webhooks-routes';
import { paymentsRoutes } from './modules/payments/payments-routes';
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
import { registerSecurity } from './plugins/security';
import type { Actor } from './lib/actor';
import { isBeacon } from './lib/beacon-body';
import type { Services } from './services';
import { collabDepsOf, registerCollab } from './modules/collab/collab-mount';
import { readerClassOf, registerPages, type PagesDeps, type Web } from './http-pages';
import { registerEditionReads, registerNewsDesk } from './http-news';

export type { Web };

type HttpDeps = PagesDeps & {
  database: Database;
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

/** The site's places: its sections (categories) and its editions (issue 65). */
async function registerPlaces(app: FastifyInstance, services: Services) {
  await app.register(categoriesRoutes(services.categories));
  await app.register(editionsRoutes(services.editions));
}

/** The API, media files and the search engines' documents. */
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
