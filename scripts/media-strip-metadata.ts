/**
 * `npm run media:strip-metadata`: removes camera, GPS and other metadata from uploads stored
 * before uploads were cleaned (docs/decisions/014), and turns them upright, in place. Run it
 * once after upgrading; running it again changes nothing. With the embedded database, stop the
 * site first (it holds the data folder).
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
  'Removes camera, GPS and other metadata from uploads stored before uploads were cleaned, in place.';

try {
  commandLine({ about: ABOUT, usage: 'usage: npm run media:strip-metadata' }, {});
  const config = loadConfig();
  const database = await openDatabase(databaseOptions(config));
  try {
    const services = await createServices(config, database);
    const { checked, stripped } = await services.media.stripStoredMetadata();
    console.log(
      `patrika: ${checked} uploads looked at, metadata removed from ${stripped}` +
        (stripped > 0 ? ' (the same addresses now serve the clean files).' : '.'),
    );
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
    console.error('patrika: could not strip the metadata:', error);
  }
  process.exitCode = 1;
}
