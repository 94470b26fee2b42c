import type { AppServices } from '../common/services';
import type { Database } from '../db/client';
import type { Config } from './env';
import { systemClock, type Clock } from './lib/clock';
import { CONTENT_CHANNEL, createPageCache } from './lib/page-cache';
import { createRateLimiter } from './lib/rate-limiter';
import { createTokens, loadJwtSecret } from './lib/tokens';
import { createArticlesService } from './modules/articles/articles-service';
import { createCategoriesService } from './modules/categories/categories-service';
import { createMediaService } from './modules/media/media-service';
import { createDbStorage, createFsStorage, mediaRoot } from './modules/media/media-storage';
import { createSeoService } from './modules/seo/seo-service';
import { createSettingsService } from './modules/settings/settings-service';
import { createStatsService } from './modules/stats/stats-service';
import { createUsersService } from './modules/users/users-service';

/**
 * The composition root (STYLE.md §3): everything is wired here, once, at boot. Nothing else
 * imports a database or a storage singleton.
 */
export async function createServices(
  config: Config,
  database: Database,
  clock: Clock = systemClock,
) {
  const { db } = database;
  const storage =
    config.mediaStorage === 'db' ? createDbStorage(db) : createFsStorage(mediaRoot(config.dataDir));
  const limiter = createRateLimiter(db, clock);
  const tokens = createTokens(await loadJwtSecret(db, config.jwtSecret), clock);
  // Pages for anonymous readers are cached whole; any content change, in any process on this
  // database, empties the cache (NOTIFY), and a lost listening connection stops caching.
  const pageCache = createPageCache({ clock });
  await database.listen(
    CONTENT_CHANNEL,
    () => pageCache.invalidate(),
    (up) => (up ? pageCache.trust() : pageCache.distrust()),
  );
  const contentChanged = async () => {
    pageCache.invalidate();
    await database.notify(CONTENT_CHANNEL).catch(() => pageCache.distrust());
  };
  const settings = createSettingsService({ db, contentChanged });
  const services = {
    clock,
    database,
    limiter,
    media: createMediaService({ db, storage, clock }),
    pageCache,
    users: createUsersService({ db, tokens, limiter, clock, contentChanged }),
    articles: createArticlesService({ db, clock, limiter, contentChanged }),
    categories: createCategoriesService({ db, contentChanged }),
    settings,
    stats: createStatsService({ db, clock }),
    seo: createSeoService({ db, clock, settings, publicUrl: config.publicUrl }),
  };
  return services satisfies AppServices;
}
export type Services = Awaited<ReturnType<typeof createServices>>;
