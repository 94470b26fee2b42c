import { randomUUID } from 'node:crypto';
import type { AppServices } from '../common/services';
import { latestMigration, type Database } from '../db/client';
import type { Config } from './env';
import { systemClock, type Clock } from './lib/clock';
import { CONTENT_CHANNEL, createPageCache } from './lib/page-cache';
import { createPreviewTokens, createTokens, loadJwtSecret } from './lib/tokens';
import { previewPath } from '../common/paths';
import { createJobsService } from './modules/jobs/jobs-service';
import { createSiteArchive } from './modules/archive/site-archive';
import {
  createArticlesService,
  GO_LIVE_JOB,
  type ArticlesService,
} from './modules/articles/articles-service';
import { createCategoriesService } from './modules/categories/categories-service';
import { createMediaService } from './modules/media/media-service';
import { createWordPressImporter } from './modules/imports/wordpress-import';
import { createPagesService } from './modules/pages/pages-service';
import { createDbStorage, createFsStorage, mediaRoot } from './modules/media/media-storage';
import { createSearchService } from './modules/search/search-service';
import { createSeoService } from './modules/seo/seo-service';
import { createSettingsService, type SettingsService } from './modules/settings/settings-service';
import { createStatsService } from './modules/stats/stats-service';
import { createUsersService } from './modules/users/users-service';
import { createViewsService } from './modules/views/views-service';
import { createRateLimitCounters } from './plugins/rate-limit';

/**
 * The composition root (STYLE.md §3): everything is wired here, once, at boot. Nothing else
 * imports a database or a storage singleton, and modules reach each other only through the
 * services passed in here (server/modules/README.md).
 */
export async function createServices(
  config: Config,
  database: Database,
  clock: Clock = systemClock,
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
) {
  const { db } = database;
  const storage =
    config.mediaStorage === 'db' ? createDbStorage(db) : createFsStorage(mediaRoot(config.dataDir));
  const secret = await loadJwtSecret(db, config.jwtSecret);
  const tokens = createTokens(secret, clock);
  const previewTokens = createPreviewTokens(secret, clock);
  // Pages for anonymous readers are cached whole; any content change, in any process on this
  // database, empties the cache (NOTIFY), and a lost listening connection stops caching.
  const pageCache = createPageCache({ clock });
  // This process's own NOTIFY comes back to it too, a moment after it emptied its cache
  // already; it says who sent it, so that echo does not empty the cache again (it would keep a
  // page rendered in between out of the cache for nothing).
  const sender = randomUUID();
  await database.listen(
    CONTENT_CHANNEL,
    (from) => {
      if (from !== sender) pageCache.invalidate();
    },
    (up) => (up ? pageCache.trust() : pageCache.distrust()),
  );
  const contentChanged = async () => {
    pageCache.invalidate();
    await database.notify(CONTENT_CHANNEL, sender).catch(() => pageCache.distrust());
  };

  const media = createMediaService({
    db,
    storage,
    clock,
    storageIn: config.mediaStorage === 'db' ? (tx) => createDbStorage(tx) : undefined,
  });
  const users = createUsersService({ db, tokens, clock, contentChanged });
  // Articles and categories need each other (an article's category; a category's articles):
  // the categories service asks the articles service, made just below, when it is called.
  let articles: ArticlesService | undefined = undefined;
  const articlesOf = () => {
    if (!articles) throw new Error('the articles service is not wired yet');
    return articles;
  };
  // Likewise settings and categories: a home section names a category, a category may not go
  // while a setting names it.
  let settings: SettingsService | undefined = undefined;
  const settingsOf = () => {
    if (!settings) throw new Error('the settings service is not wired yet');
    return settings;
  };
  const categories = createCategoriesService({
    db,
    clock,
    contentChanged,
    articles: {
      countInCategory: (id) => articlesOf().countInCategory(id),
      recordCategoryMove: (tx, id, formerSlug) =>
        articlesOf().recordCategoryMove(tx, id, formerSlug),
    },
    settings: {
      naming: (slug) => settingsOf().naming(slug),
      categoryMoved: (formerSlug, slug) => settingsOf().categoryMoved(formerSlug, slug),
    },
  });
  const jobs = createJobsService({ db, clock, log });
  // A scheduled article goes live: every process's page cache empties at that minute
  // (DECISIONS.md §11), by this job, run once, and the NOTIFY it sends.
  jobs.handle(GO_LIVE_JOB, async (job) => {
    await contentChanged();
    log?.info({ article: job.subjectId }, 'a scheduled article went live');
  });
  articles = createArticlesService({
    db,
    clock,
    categories,
    users,
    media,
    contentChanged,
    jobs,
    review: { authorsNeedReview: async () => (await settingsOf().get()).authorsNeedReview },
    previews: {
      sign: async (articleId) => {
        const { token, expiresAt } = previewTokens.sign(articleId);
        return { url: `${config.publicUrl}${previewPath(token)}`, expiresAt };
      },
      verify: async (token) => previewTokens.verify(token),
    },
  });
  const timeZone = async () => (await settingsOf().get()).timeZone;
  const views = createViewsService({ db, clock, articles, timeZone });
  settings = createSettingsService({ db, categories, contentChanged });
  const services = {
    clock,
    database,
    rateLimits: createRateLimitCounters(db, clock),
    media,
    pageCache,
    jobs,
    users,
    articles,
    categories,
    views,
    settings,
    pages: createPagesService({ db }),
    imports: { wordpress: createWordPressImporter({ db, clock, media, contentChanged }) },
    archive: createSiteArchive({ db, clock, media, schema: latestMigration() }),
    stats: createStatsService({ articles, categories, users, views, settings: { timeZone } }),
    search: createSearchService({ articles }),
    seo: createSeoService({
      db,
      clock,
      settings,
      categories,
      users,
      publicUrl: config.publicUrl,
    }),
  };
  return services satisfies AppServices;
}
export type Services = Awaited<ReturnType<typeof createServices>>;
