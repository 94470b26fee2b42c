/** `npm run seed`: adds the demo content to the configured database; safe to run again. */
import { createFilesPrivately } from '../server/lib/private-files';
import { openDatabase } from '../db/client';
import { seedDemoContent } from '../db/seed/seed';
import { ConfigError, loadConfig, databaseOptions } from '../server/env';
import { createServices } from '../server/services';
import { commandLine, UsageError } from './command-line';

// What this writes (archives, media, the database) is this user's alone.
createFilesPrivately();

const ABOUT = 'Adds the demo content (categories, stories, images) to the site; safe to run again.';

try {
  commandLine({ about: ABOUT, usage: 'usage: npm run seed' }, {});
  const config = loadConfig();
  const database = await openDatabase(databaseOptions(config));
  try {
    const services = await createServices(config, database);
    const result = await seedDemoContent({
      db: database.db,
      storeImage: (data) => services.media.storeImage(data, { avifNow: true }),
      tagArticle: services.articles.setTags,
      now: services.clock.now(),
    });
    await database.analyze();
    console.log(
      `patrika: seeded ${result.categoriesCreated} new categories, ${result.articlesCreated} new articles ` +
        `and ${result.editionsCreated} new editions ` +
        `(${database.engine}).`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(
    error instanceof ConfigError || error instanceof UsageError ? error.message : error,
  );
  process.exitCode = 1;
}
