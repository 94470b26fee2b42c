/*
 * The demo's content written through the site's own services (db/seed/seed.ts says what it is):
 * for an empty site at its start (server/startup.ts, SEED_DEMO) and for `npm run seed`.
 */
import type { Database } from '../db/client';
import type { Services } from './services';

/** Seeds the demo's content; safe to run again. Loads the seed module only when asked. */
export async function seedDemo(database: Database, services: Services) {
  const { seedDemoContent } = await import('../db/seed/seed');
  return seedDemoContent({
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
}
