import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { mediaRoot, removeLeftoverTemporaryFiles } from './modules/media/media-storage';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '../db/client';
import { databaseOptions, type Config } from './env';
import { beaconDispatch, beaconHandler } from './beacon-app';
import { registerHttp, type Web } from './http';
import type { Clock } from './lib/clock';
import { loggerOptions } from './lib/logger';
import { registerRequestLog, requestIdOf, sendRequestIds } from './lib/request-log';
import { answerClientError, answerFrameworkError } from './plugins/input-guard';
import { createServices, type Services } from './services';

type BeaconDispatch = ReturnType<typeof beaconDispatch>;

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
  web?: Web;
  clock?: Clock;
  /** False: no polling for due jobs; a test runs them with `services.jobs.runDue()`. */
  pollJobs?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
  /**
   * A worker of a cluster (server/cluster.ts), numbered from 1: its primary already migrated and
   * ran the one-off start-up work (prepareSite), and only worker 1 runs the background catch-up.
   */
  worker?: number;
  /** Seconds an upload's body may take to arrive, instead of UPLOAD_BODY_SECONDS (tests). */
  uploadBodySeconds?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export const JWT_SECRET_WARNING =
  'JWT_SECRET is not set: the key that signs sign-in tokens is kept in the database, so anyone who can read it or a backup of it can sign in as any user. Set JWT_SECRET (32+ characters) on PostgreSQL.';

const DISPLAY_NAME = Symbol.for('fastify.display-name');

/**
 * Fastify names every plugin it registers (for its errors and timeouts): one that has no name
 * of its own (fastify-plugin's) is looked for among every module Node has loaded
 * (`require.cache`: thousands in a test worker), twice a plugin. Each of ours is named here by
 * its function's name, or its first two lines as Fastify would show it, before it registers.
 */
function nameEveryPlugin(app: FastifyInstance) {
  const register = app.register;
  const named: typeof register = function (this: FastifyInstance, plugin, opts) {
    if (typeof plugin === 'function' && !(DISPLAY_NAME in plugin)) {
      const firstLines = String(plugin).split('\n').slice(0, 2);
      Object.defineProperty(plugin, DISPLAY_NAME, {
        value: plugin.name || firstLines.map((line) => line.trim()).join(' -- '),
      });
    }
    return register.call(this, plugin as never, opts as never);
  } as typeof register;
  app.register = named;
}

/** The Fastify instance with its logger, request ids and zod validation; no routes yet. */
function createFastify(
  config: Config,
  options: BuildAppOptions,
  serverFactory: BeaconDispatch['serverFactory'],
): FastifyInstance {
  const app = Fastify({
    // Beacons asked over HTTP go to their lean path (server/beacon-app.ts).
    serverFactory,
    logger: loggerOptions(config, { stream: options.logStream }),
    // One line per request instead of Fastify's two (server/lib/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    // Rate limits and view counts key on the client's address; behind a proxy it comes from
    // X-Forwarded-For, trusted only as far as TRUST_PROXY says.
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  nameEveryPlugin(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  sendRequestIds(app);
  registerRequestLog(app);
  return app;
}

/**
 * Demo content for an empty site (SEED_DEMO). Several processes may start together on one empty
 * PostgreSQL: one seeds, the rest wait and find the site no longer empty.
 */
async function seedEmptySite(
  log: StartupLog,
  database: Database,
  services: Services,
  epaper: boolean,
) {
  await database.exclusive('patrika:seed', async () => {
    const [articles, categories] = await Promise.all([
      services.articles.counts(),
      services.categories.count(),
    ]);
    if (articles.total > 0 || categories > 0) return;
    const { seedDemoContent } = await import('../db/seed/seed');
    const result = await seedDemoContent({
      db: database.db,
      storeImage: (data) => services.media.storeImage(data, { avifNow: true }),
      tagArticle: services.articles.setTags,
      seedElection: services.elections.seedDemo,
      rollUpAnalytics: async (from) => {
        await services.analytics.rollUpSince(from);
        await services.analytics.refreshMostRead();
      },
      now: services.clock.now(),
    });
    await services.search.reindex();
    await database.analyze();
    // The settings, band and "Most read" this process read while starting are not the demo's.
    services.pageCache.invalidate();
    log.info(result, 'seeded demo content into an empty site');
    // The demo's e-paper: its pages then go through the jobs like a desk's upload.
    if (epaper)
      await services.epaper.seedDemo().then(
        (made) => made && log.info({}, "made the demo's e-paper issue"),
        // Without Poppler (poppler-utils) the site starts all the same, with no demo e-paper.
        (error: unknown) =>
          log.info({ reason: (error as Error).message }, "the demo's e-paper was not made"),
      );
  });
}

/**
 * Articles whose search row an older normaliser made, or that have none (after an upgrade, or
 * written by a bulk load or an import), are re-indexed while the site serves; closing the app waits for the batch in hand.
 */
function reindexSearchInBackground(app: FastifyInstance, services: Services) {
  let stopped = false;
  const running = services.search
    .reindex({ stopped: () => stopped })
    .then((n) => {
      if (n > 0) app.log.info({ articles: n }, 're-indexed articles for search');
    })
    .catch((error: unknown) => app.log.error({ err: error }, 're-indexing for search failed'));
  closeWith(app, 're-indexing for search', async () => {
    stopped = true;
    await running;
  });
}

/**
 * Uploads from before crops existed get their 16:9, 4:3 and 1:1 crops (issue 12 item 4), then
 * those from before AVIF their AVIF variants (issue 11 item 1), while the site serves; until
 * then their pages name the original (crops) or offer WebP only. Closing waits for the one in
 * hand.
 */
function makeImagesInBackground(app: FastifyInstance, services: Services) {
  let stopped = false;
  const running = services.media
    .makeMissingCrops({ stopped: () => stopped })
    .then((n) => {
      if (n > 0) app.log.info({ uploads: n }, 'made image crops for earlier uploads');
    })
    .catch((error: unknown) => app.log.error({ err: error }, 'making image crops failed'))
    .then(() => (stopped ? 0 : services.media.makeMissingVariants({ stopped: () => stopped })))
    .then((n) => {
      if (n > 0) app.log.info({ uploads: n }, 'made AVIF variants for earlier uploads');
    })
    .catch((error: unknown) => app.log.error({ err: error }, 'making AVIF variants failed'));
  app.addHook('onClose', async () => {
    stopped = true;
    await running;
  });
}

/**
 * An onClose hook that names itself: while it runs, `lifecycle.closing` says what the app is
 * waiting on, which a shutdown that takes too long logs (server/serve.ts).
 */
function closeWith(app: FastifyInstance, name: string, close: () => unknown) {
  app.addHook('onClose', async () => {
    if (app.hasDecorator('services')) app.services.lifecycle.closing = name;
    await close();
  });
}

/**
 * Beacons asked over HTTP are answered on their lean path (server/beacon-answer.ts) from now
 * until the app begins to close; then the app answers them (503 while it closes).
 */
function answerBeaconsLean(
  app: FastifyInstance,
  beacons: BeaconDispatch,
  deps: { config: Config; services: Services },
) {
  beacons.use(beaconHandler(app, deps));
  app.addHook('preClose', async () => beacons.use(undefined));
}

/** How old a half-written file must be before a start removes it. */
export const LEFTOVER_AGE_MS = 60 * 60 * 1000;

interface StartupLog {
  info(details: object, message: string): void;
}

/**
 * What a site needs once before it serves, whichever process does it: every author page has its
 * address (db/schema/users.ts), an empty site gets its demo content when asked, and scheduled
 * articles have their go-live jobs.
 */
async function startupWork(
  config: Config,
  database: Database,
  services: Services,
  log: StartupLog,
): Promise<void> {
  // Files a killed process or a full disk left half-written (issue 24 item 4): an hour old is
  // no write in progress. This machine's media folder only; other machines clear their own.
  if (config.mediaStorage === 'fs') {
    const removed = await removeLeftoverTemporaryFiles(mediaRoot(config.dataDir), LEFTOVER_AGE_MS);
    if (removed > 0) log.info({ files: removed }, 'removed half-written media files left behind');
  }
  const slugged = await services.users.assignMissingSlugs();
  if (slugged > 0) log.info({ users: slugged }, 'gave users their author page slugs');
  if (config.seedDemo) await seedEmptySite(log, database, services, config.seedDemoEpaper);
  await services.newsroom.scheduleGoLives();
  // The coming days' partitions of the raw analytics events, and their jobs (issue 38 item 6).
  await services.analytics.start();
  // Run folders of e-paper processes killed on this machine.
  await services.epaper.start();
}

/**
 * The primary of a cluster (server/cluster.ts), before it forks workers: applies migrations and
 * does the start-up work once, so the workers start on a ready database and do neither.
 */
export async function prepareSite(config: Config, log: StartupLog): Promise<void> {
  const database = await openDatabase(databaseOptions(config));
  try {
    const services = await createServices(config, database);
    try {
      await startupWork(config, database, services, log);
    } finally {
      await services.cdnPurge?.close();
      services.push.close();
      await services.mailer.close();
    }
  } finally {
    await database.close();
  }
}

/**
 * Builds the whole server without listening (STYLE.md §5): `npm start`, the tests and the
 * benchmark all use it. In three steps: open the database (applying migrations), seed an empty
 * site when asked, then wire services, plugins and routes. The database closes with the app.
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

  const beacons = beaconDispatch();
  const app = createFastify(config, options, beacons.serverFactory);
  // A PostgreSQL database is usually shared and backed up apart from the server's own disk.
  if (config.databaseUrl && !config.jwtSecret) app.log.warn(JWT_SECRET_WARNING);
  const ownDatabase = options.database === undefined;
  const database =
    options.database ??
    (await openDatabase({ ...databaseOptions(config), migrate: options.worker === undefined }));
  // Close the database last, after in-flight requests finished (Fastify runs onClose then).
  closeWith(app, 'closing the database', async () => {
    if (ownDatabase) await database.close();
  });

  try {
    const services = await createServices(config, database, options.clock, app.log);
    app.decorate('services', services);
    // Views counted in memory are written once requests are done and before the database
    // closes: root onClose hooks run last added first, and the database's was added above.
    closeWith(app, 'writing counted views', () => services.views.close());
    closeWith(app, 'writing analytics', () => services.analytics.close());
    // What is left of the front-cache purges goes out as the app closes (a moment at most).
    closeWith(app, 'sending front-cache purges', () => services.cdnPurge?.close());
    // The push sender's kept-alive connections to push services.
    closeWith(app, 'closing push connections', () => services.push.close());
    // Keys' uses counted in memory are written every few seconds and as the app closes.
    closeWith(app, "writing keys' uses", services.keys.start());
    // House ads' impressions and clicks, counted in memory, likewise (issue 39 item 1).
    closeWith(app, "writing ads' counts", services.ads.start());
    closeWith(app, 'closing webhooks', () => services.webhooks.close());
    // E-paper pages in processing: their programs stopped, their leases let go for another start.
    closeWith(app, 'stopping e-paper processing', () => services.epaper.close());
    // Fedify's queue: its messages are jobs, run by whichever process leases them.
    services.fediverse.start();
    closeWith(app, 'closing the fediverse queue', () => services.fediverse.close());
    // Mail under way goes out (a moment at most) before the transport closes.
    closeWith(app, 'sending mail under way', () => services.mailer.close());
    // Before any page is served (a cluster's primary did it before forking its workers).
    if (options.worker === undefined) await startupWork(config, database, services, app.log);
    // Catching up in the background: one process of a cluster is enough.
    if ((options.worker ?? 1) === 1) {
      reindexSearchInBackground(app, services);
      makeImagesInBackground(app, services);
    }
    // Jobs due at a time (a scheduled article going live), polled by every process.
    if (options.pollJobs !== false) closeWith(app, 'finishing jobs', services.jobs.start());
    // Events other processes wrote (and consumers' retries), read at least every second.
    closeWith(app, "finishing events' consumers", services.events.poll());
    await registerHttp(app, {
      config,
      database,
      services,
      web,
      buildDir: BUILD_DIR,
      uploadBodySeconds: options.uploadBodySeconds,
      clustered: options.worker !== undefined,
    });
    answerBeaconsLean(app, beacons, { config, services });
  } catch (error) {
    await app.close().catch(() => {});
    if (ownDatabase) await database.close().catch(() => {});
    throw error;
  }
  return app;
}
