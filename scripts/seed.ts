/** `npm run seed`: adds the demo content to the configured database; safe to run again. */
import { createFilesPrivately } from '../server/lib/private-files';
import { openDatabase, type Database } from '../db/client';
import { DEMO_SETTINGS } from '../db/seed/seed';
import { removeDemoContent } from '../db/seed/demo-remove';
import { ConfigError, loadConfig, databaseOptions } from '../server/env';
import { createServices } from '../server/services';
import { seedDemo } from '../server/demo-seed';
import { commandLine, UsageError } from './command-line';

// What this writes (archives, media, the database) is this user's alone.
createFilesPrivately();

const ABOUT = [
  'Adds the demo content to the site; safe to run again: 9 categories and 44 stories in Hindi',
  'and English with images, writers and tags, the contact details and map, a daily newsletter',
  'with a sent issue, two weeks of analytics, a membership plan and a members-only story,',
  'comments (one held for moderation), a live blog with its breaking band, and corrections.',
  'With --remove, takes all of it away again (what the site made itself stays).',
].join('\n');

type Services = Awaited<ReturnType<typeof createServices>>;

async function seed(database: Database, services: Services) {
  const result = await seedDemo(database, services);
  // The demo's e-paper (server/modules/epaper/epaper-demo.ts): its pages are processed by the
  // jobs of the next server start.
  const epaper = await services.epaper.seedDemo();
  console.log(
    `patrika: seeded ${result.categoriesCreated} new categories, ${result.articlesCreated} new articles ` +
      `and ${result.editionsCreated} new editions${epaper ? ", and the demo's e-paper issue" : ''} (${database.engine}).`,
  );
}

async function remove(database: Database, services: Services) {
  // Before the editions: the demo's e-paper issue is Jaipur's.
  await services.epaper.removeDemo();
  const result = await removeDemoContent(database.db, DEMO_SETTINGS);
  // The demo's uploads are no story's any more: the media prune takes them.
  await services.search.reindex();
  console.log(
    `patrika: removed the demo content: ${result.categories} categories and ${result.articles} articles ` +
      `(${database.engine}). A running server shows pages it kept until they expire or it restarts.`,
  );
}

try {
  const { values } = commandLine(
    { about: ABOUT, usage: 'usage: npm run seed [-- --remove]' },
    { options: { remove: { type: 'boolean' } } },
  );
  const config = loadConfig();
  const database = await openDatabase(databaseOptions(config));
  try {
    const services = await createServices(config, database);
    await (values.remove ? remove(database, services) : seed(database, services));
    await database.analyze();
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(
    error instanceof ConfigError || error instanceof UsageError ? error.message : error,
  );
  process.exitCode = 1;
}
