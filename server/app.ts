import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AppContext, AppServices } from '../common/services';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import type { ServerBuild } from 'react-router';
import { openDatabase, type Database } from '../db/client';
import { isEmptySite, seedDemoContent } from '../db/seed/seed';
import type { Config } from './env';
import type { Clock } from './lib/clock';
import { articlesRoutes } from './modules/articles/articles-routes';
import { categoriesRoutes } from './modules/categories/categories-routes';
import { healthRoutes } from './modules/health/health-routes';
import { mediaFileRoutes, mediaUploadRoutes } from './modules/media/media-routes';
import { seoRoutes } from './modules/seo/seo-routes';
import { settingsRoutes } from './modules/settings/settings-routes';
import { statsRoutes } from './modules/stats/stats-routes';
import { usersRoutes } from './modules/users/users-routes';
import { AUTH_COOKIE, registerAuth } from './plugins/auth';
import { registerOpenApi } from './plugins/openapi';
import { registerErrorHandler, shortPath } from './plugins/errors';
import { mountReactRouter } from './plugins/react-router';
import { cspNonceOf, registerSecurity } from './plugins/security';
import { MAX_UPLOAD_BYTES } from './modules/media/media-service';
import { createServices, type Services } from './services';

export const ROOT_DIR = fileURLToPath(new URL('..', import.meta.url));
export const BUILD_DIR = join(ROOT_DIR, 'build');
const SERVER_BUILD = join(BUILD_DIR, 'server', 'index.js');

export interface BuildAppOptions {
  /** An open database to use instead of opening one from the config (tests). */
  database?: Database;
  /**
   * How pages are served: from the production build, through Vite (development), or not at all
   * (API-only tests). Defaults to 'dev' when NODE_ENV=development, else 'build'.
   */
  web?: 'build' | 'dev' | false;
  clock?: Clock;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/**
 * The services one page render sees. The root loader and the page's loader both need the
 * settings and the category lists; within one request each is read once.
 */
function perRequest(services: Services): AppServices {
  const once = <T>(read: () => Promise<T>) => {
    let value: Promise<T> | undefined;
    return () => (value ??= read());
  };
  return {
    ...services,
    settings: { ...services.settings, get: once(() => services.settings.get()) },
    categories: {
      ...services.categories,
      listHome: once(() => services.categories.listHome()),
      listAll: once(() => services.categories.listAll()),
    },
  };
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Builds the whole server without listening (STYLE.md §5): `npm start`, the tests and the
 * benchmark all use it. Opens the database (applying migrations), seeds an empty site when
 * asked, and closes the database when the app closes.
 */
export async function buildApp(
  config: Config,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const web = options.web ?? (config.dev ? 'dev' : 'build');
  if (web === 'build' && !existsSync(SERVER_BUILD)) {
    throw new Error(
      `No production build at ${SERVER_BUILD}: run "npm run build" first (npm start does it).`,
    );
  }

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // Rate limits and view counts key on the client's address; behind a proxy it comes from
    // X-Forwarded-For, trusted only as far as TRUST_PROXY says.
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const services = await createServices(config, database, options.clock);
  app.decorate('services', services);
  // Close the database last, after in-flight requests finished (Fastify runs onClose then).
  app.addHook('onClose', async () => {
    if (!options.database) await database.close();
  });

  try {
    if (config.seedDemo) {
      // Several processes may start together on one empty PostgreSQL: one seeds, the rest wait.
      await database.exclusive('patrika:seed', async () => {
        if (!(await isEmptySite(database.db))) return;
        const result = await seedDemoContent({
          db: database.db,
          storeImage: (data) => services.media.storeImage(data),
          now: services.clock.now(),
        });
        await database.analyze();
        app.log.info(result, 'seeded demo content into an empty site');
      });
    }

    registerErrorHandler(app);
    await registerSecurity(app, { dev: web === 'dev' });
    await app.register(cookie);
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
    registerAuth(app, services.users);
    await registerOpenApi(app, config);
    await app.register(compress, {
      global: true,
      encodings: ['br', 'gzip'],
      // On-the-fly brotli at its default quality 11 costs more than it saves.
      brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    });

    await app.register(healthRoutes(database));
    await app.register(
      usersRoutes(services.users, { secureCookies: config.publicUrl.startsWith('https:') }),
    );
    await app.register(categoriesRoutes(services.categories));
    await app.register(articlesRoutes(services.articles));
    await app.register(mediaUploadRoutes(services.media));
    await app.register(settingsRoutes(services.settings));
    await app.register(statsRoutes(services.stats));
    await app.register(mediaFileRoutes(services.media.storage));
    await app.register(seoRoutes(services.seo));
    app.all('/api/*', async (request, reply) =>
      reply
        .status(404)
        .send({ message: `No such API call: ${request.method} ${shortPath(request.url)}` }),
    );

    /** What a page's loaders get: the services, who is signed in, and the CSP nonce. */
    const pageContext = (
      { request, reply }: { request: FastifyRequest; reply: FastifyReply },
      nonce?: string,
    ): AppContext => ({
      services: perRequest(services),
      user: async () => {
        const actor = await request.actor().catch(() => null);
        return actor && { _id: actor.id, name: actor.name, email: actor.email, role: actor.role };
      },
      cspNonce: nonce ?? cspNonceOf(reply.raw),
      publicUrl: config.publicUrl,
    });

    if (web === 'build') {
      await app.register(fastifyStatic, {
        root: join(BUILD_DIR, 'client', 'assets'),
        prefix: '/assets/',
        // Hashed names never change content.
        immutable: true,
        maxAge: '365d',
        decorateReply: false,
      });
      const build = (await import(SERVER_BUILD)) as ServerBuild;
      await mountReactRouter(app, {
        loadBuild: async () => build,
        mode: 'production',
        context: pageContext,
        cache: {
          pages: services.pageCache,
          nonceOf: (reply) => cspNonceOf(reply.raw),
          cookieName: AUTH_COOKIE,
        },
      });
    } else if (web === 'dev') {
      const { mountViteDev } = await import('./dev');
      await mountViteDev(app, pageContext);
    }
  } catch (error) {
    await app.close().catch(() => {});
    if (options.database === undefined) await database.close().catch(() => {});
    throw error;
  }
  return app;
}
