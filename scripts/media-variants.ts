/**
 * `npm run media:variants`: makes the AVIF variants of uploads stored before AVIF or whose
 * `media-variants` job has not run yet (docs/decisions/035) (and the one
 * WebP variant of an original narrower than every variant width). The site does the same in
 * the background at start-up; this does it at once, e.g. before putting a cache in front.
 * Running it again changes nothing. With the embedded database, stop the site first (it holds
 * the data folder).
 */
import { createFilesPrivately } from '../server/lib/private-files';
import { openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/lock';
import { ConfigError, loadConfig, databaseOptions } from '../server/env';
import { createServices } from '../server/services';
import { commandLine, UsageError } from './command-line';

// What this writes (archives, media, the database) is this user's alone.
createFilesPrivately();

const ABOUT =
  'Makes the AVIF variants of uploads that lack them, at once (the site does it in the background at start-up).';

try {
  commandLine({ about: ABOUT, usage: 'usage: npm run media:variants' }, {});
  const config = loadConfig();
  const database = await openDatabase(databaseOptions(config));
  try {
    const services = await createServices(config, database);
    const started = performance.now();
    const done = await services.media.makeMissingVariants();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`patrika: AVIF variants made for ${done} uploads in ${seconds} s.`);
  } finally {
    await database.close();
  }
} catch (error) {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof UsageError
  ) {
    console.error(error.message);
  } else {
    console.error('patrika: could not make the variants:', error);
  }
  process.exitCode = 1;
}
