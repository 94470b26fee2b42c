import Fastify, { LogController, type FastifyInstance } from 'fastify';
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
import {
  closeWith,
  makeImagesInBackground,
  reindexSearchInBackground,
  startupWork,
} from './startup';

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
