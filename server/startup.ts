/*
 * A site's start (server/app.ts buildApp, and a cluster's primary through prepareSite): the
 * work done once before it serves, the catching up done while it serves, and the hooks that
 * say what a closing app is waiting on.
 */
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../db/client';
import { databaseOptions, type Config } from './env';
import { mediaRoot, removeLeftoverTemporaryFiles } from './modules/media/media-storage';
import { createServices, type Services } from './services';
import { seedDemo } from './demo-seed';

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
    const result = await seedDemo(database, services);
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
export function reindexSearchInBackground(app: FastifyInstance, services: Services) {
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
export function makeImagesInBackground(app: FastifyInstance, services: Services) {
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
export function closeWith(app: FastifyInstance, name: string, close: () => unknown) {
  app.addHook('onClose', async () => {
    if (app.hasDecorator('services')) app.services.lifecycle.closing = name;
    await close();
  });
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
export async function startupWork(
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
