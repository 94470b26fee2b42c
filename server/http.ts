import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlib } from 'node:zlib';
import type { ServerBuild } from 'react-router';
import type { CropRatio } from '../common/articles';
import { SERVER_SEGMENTS } from '../common/paths';
import { READER_MANIFEST, READER_SCRIPT_SOURCE } from '../common/reader-build';
import type { AppContext, AppServices } from '../common/services';
import type { Database } from '../db/client';
import type { Category } from '../common/schemas/categories';
import type { SiteSettings } from '../common/settings';
import { KEEP_MS, type PageCache } from './lib/page-cache';
import type { Config } from './env';
import { articlesRoutes } from './modules/articles/articles-routes';
import { categoriesRoutes } from './modules/categories/categories-routes';
import { healthRoutes } from './modules/health/health-routes';
import { MAX_UPLOAD_BYTES } from './modules/media/media-service';
import { mediaFileRoutes, mediaUploadRoutes } from './modules/media/media-routes';
import { searchRoutes } from './modules/search/search-routes';
import { seoRoutes, siteIconRoutes } from './modules/seo/seo-routes';
import { createSiteIcons } from './modules/seo/site-icons';
import { MEDIA_KEY_PATTERN } from './modules/media/media-storage';
import { keyOfMediaUrl } from './modules/media/media-urls';
import { settingsRoutes } from './modules/settings/settings-routes';
import { statsRoutes } from './modules/stats/stats-routes';
import { usersRoutes } from './modules/users/users-routes';
import { viewsRoutes } from './modules/views/views-routes';
import { AUTH_COOKIE, registerAuth, tokenOf } from './plugins/auth';
import { registerCanonicalAddresses } from './plugins/canonical-address';
import { registerErrorHandler, shortPath } from './plugins/errors';
import { registerInputGuard } from './plugins/input-guard';
import { registerMetrics } from './plugins/metrics';
import { registerOpenApi } from './plugins/openapi';
import { registerRateLimits } from './plugins/rate-limit';
import { registerConditionalAnswers, registerPageCacheHits } from './plugins/page-cache';
import { mountReactRouter } from './plugins/react-router';
import { cspNonceOf, registerSecurity, usesCspNonce } from './plugins/security';
import type { Services } from './services';

export type Web = 'build' | 'dev' | false;

/**
 * Settings, the category lists and each category's count of articles, read once per process
 * and kept until content changes: renders read them on every page, and they change only
 * through writes that empty the page cache in every process (the local write itself, or the
 * NOTIFY from another process; docs/decisions/002), or when a scheduled article goes live (its
 * job sends the same NOTIFY). So a kept value is tied to the page cache's generation: any
 * invalidation anywhere makes the next render read again. While the cache distrusts its
 * notifications (the listening connection was lost), nothing is kept. A read that began before a change is never kept after
 * it, and a failed read is not kept at all. Like a cached page, a value lives a minute at most
 * (a restore or a hand edit of the database notifies no one). Values are frozen: they are
 * shared by every render of the process.
 */
export function processReads(
  pages: PageCache,
  clock: { now(): Date },
  ttlMs: number = KEEP_MS.read,
) {
  const kept = <T>(read: () => Promise<T>) => {
    let value: { promise: Promise<T>; generation: number; at: number } | undefined;
    return (): Promise<T> => {
      const now = clock.now().getTime();
      if (value && pages.trusted && value.generation === pages.generation && now - value.at < ttlMs)
        return value.promise;
      const generation = pages.generation;
      const promise = read().then(deepFreeze);
      if (!pages.trusted) return promise;
      const mine = { promise, generation, at: now };
      value = mine;
      promise.catch(() => {
        if (value === mine) value = undefined;
      });
      return promise;
    };
  };
  /** `kept` for each key asked for (a category's count of articles, say). */
  const keptBy = <T>(read: (key: string) => Promise<T>) => {
    const byKey = new Map<string, () => Promise<T>>();
    return (key: string): Promise<T> => {
      let one = byKey.get(key);
      if (!one) {
        // Keys come from stored rows (categories), but a bound keeps a bug from growing it.
        if (byKey.size >= 10_000) byKey.clear();
        byKey.set(key, (one = kept(() => read(key))));
      }
      return one();
    };
  };
  return Object.assign(kept, { by: keptBy });
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * The services a page render sees. The root loader and the page's loader both need the
 * settings and the category lists; they, a category's count and the sizes and crops of a
 * page's share image come from the process's kept copies (`processReads`). An upload's row changes only when its crops or variants are first made
 * (on start, or by a command), which a page shows within a minute, as it would from the cache.
 */
function pageServices(
  services: Services,
  shared: {
    settings: () => Promise<SiteSettings>;
    listHome: () => Promise<Category[]>;
    listAll: () => Promise<Category[]>;
    categoryCount: (categoryId: string) => Promise<number>;
    sharing: AppServices['media']['imageForSharing'];
    imageForUrl: (url: string) => ReturnType<AppServices['media']['imageForUrl']>;
  },
): AppServices {
  return {
    ...services,
    articles: {
      ...services.articles,
      categoryPage: (categoryId, page, limit) =>
        services.articles.categoryPage(categoryId, page, limit, shared.categoryCount),
    },
    settings: { ...services.settings, get: shared.settings },
    media: {
      ...services.media,
      imageForSharing: shared.sharing,
      imageForUrl: async (url) => (url ? shared.imageForUrl(url) : null),
    },
    categories: {
      ...services.categories,
      listHome: shared.listHome,
      listAll: shared.listAll,
    },
  };
}

/** The HTTP side, in the order requests meet it: plugins, the API, files, then the pages. */
export async function registerHttp(
  app: FastifyInstance,
  deps: { config: Config; database: Database; services: Services; web: Web; buildDir: string },
) {
  const { config, database, services, web } = deps;
  registerErrorHandler(app);
  registerMetrics(app, { database, token: config.metricsToken, jobs: services.jobs });
  registerInputGuard(app);
  await registerSecurity(app, { dev: web === 'dev' });
  registerCanonicalAddresses(app, services.articles);
  await registerRateLimits(app, {
    counters: services.rateLimits,
    apiPerMinute: config.apiRateLimit,
  });
  if (web === 'build')
    registerPageCacheHits(app, { pages: services.pageCache, cookieName: AUTH_COOKIE });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
  registerAuth(app, services.users);
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
    if (request.url.startsWith(`/${SERVER_SEGMENTS.api}/`)) reply.header('x-robots-tag', 'noindex');
  });
  await app.register(healthRoutes(database));
  await app.register(
    usersRoutes(services.users, {
      secureCookies: config.publicUrl.startsWith('https:'),
      counters: services.rateLimits,
    }),
  );
  await app.register(categoriesRoutes(services.categories));
  await app.register(articlesRoutes(services.articles));
  await app.register(viewsRoutes(services.views));
  await app.register(mediaUploadRoutes(services.media));
  await app.register(settingsRoutes(services.settings));
  await app.register(statsRoutes(services.stats));
  await app.register(mediaFileRoutes(services.media.storage));
  await app.register(seoRoutes(services.seo, services.pageCache));
  await app.register(
    siteIconRoutes(
      createSiteIcons({
        settings: services.settings,
        readMedia: async (url) => {
          // Only a key the media service could have made reaches storage.
          const key = keyOfMediaUrl(url);
          if (key === undefined || !MEDIA_KEY_PATTERN.test(key)) return undefined;
          return (await services.media.storage.get(key))?.data;
        },
        logError: (error, what) => app.log.error({ err: error }, what),
      }),
    ),
  );
  await app.register(
    searchRoutes(services.search, {
      publicUrl: config.publicUrl,
      names: () => services.settings.get(),
    }),
  );
  app.all('/api/*', async (request, reply) =>
    reply
      .status(404)
      .send({ message: `No such API call: ${request.method} ${shortPath(request.url)}` }),
  );

  const kept = processReads(services.pageCache, services.clock);
  const sharingByRatio = new Map<
    CropRatio,
    (url: string) => ReturnType<AppServices['media']['imageForSharing']>
  >();
  const shared = {
    settings: kept(() => services.settings.get()),
    listHome: kept(() => services.categories.listHome()),
    listAll: kept(() => services.categories.listAll()),
    categoryCount: kept.by((id) => services.articles.countPublishedInCategory(id)),
    sharing: (url: string, ratio: CropRatio = '16x9') => {
      let ofRatio = sharingByRatio.get(ratio);
      if (!ofRatio)
        sharingByRatio.set(
          ratio,
          (ofRatio = kept.by((at) => services.media.imageForSharing(at, ratio))),
        );
      return ofRatio(url);
    },
    imageForUrl: kept.by((url) => services.media.imageForUrl(url)),
  };

  const reader: { script: string; styles?: Buffer } =
    web === 'build' ? readerAssetsOf(deps.buildDir) : { script: `/${READER_SCRIPT_SOURCE}` };

  /** What a page's loaders get: the services, who is signed in, and the CSP nonce. */
  const pageContext = ({
    request,
    reply,
  }: {
    request: FastifyRequest;
    reply: FastifyReply;
  }): AppContext => ({
    // Made for each render: a test may replace a service's method on a running app.
    services: pageServices(services, shared),
    user: async () => {
      const actor = await request.actor().catch(() => null);
      return actor && { _id: actor.id, name: actor.name, email: actor.email, role: actor.role };
    },
    signOut: async () => {
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
    },
    logError: (error, what) => request.log.error({ err: error }, what),
    cspNonce: () => cspNonceOf(reply.raw),
    publicUrl: config.publicUrl,
    readerScript: reader.script,
    readerStyles: reader.styles,
  });

  if (web === 'build') {
    await app.register(fastifyStatic, {
      root: join(deps.buildDir, 'client', 'assets'),
      prefix: '/assets/',
      // Hashed names never change content.
      immutable: true,
      maxAge: '365d',
      decorateReply: false,
    });
    const build = (await import(join(deps.buildDir, 'server', 'index.js'))) as ServerBuild;
    await mountReactRouter(app, {
      loadBuild: async () => build,
      mode: 'production',
      context: pageContext,
      cache: {
        pages: services.pageCache,
        usedNonce: (reply) => usesCspNonce(reply.raw),
        cookieName: AUTH_COOKIE,
      },
    });
  } else if (web === 'dev') {
    const { mountViteDev } = await import('./dev');
    await mountViteDev(app, pageContext);
  }
}

/**
 * Where the client build put the reader script, and the reading pages' stylesheet as text for
 * their documents to carry inline (vite.config.ts writes the manifest; docs/decisions/028).
 */
function readerAssetsOf(buildDir: string): { script: string; styles: Buffer } {
  const manifest = join(buildDir, 'client', READER_MANIFEST);
  if (!existsSync(manifest))
    throw new Error(`${manifest} is missing: the client build is incomplete (npm run build).`);
  const { file, styles } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    file: string;
    styles: string;
  };
  const css = readFileSync(join(buildDir, 'client', styles));
  // Written into a <style> element as it is: it must not be able to end the element.
  if (/<\/style/i.test(css.toString('utf8')))
    throw new Error(`${styles} contains "</style" and cannot be inlined`);
  return { script: file, styles: css };
}
