/**
 * `npm run import -- <file.jsonl.gz>`: reads a site archive (npm run export) into an empty site,
 * in one transaction. Users arrive without passwords: an administrator sets them (README).
 * On the embedded engine the server must be stopped (one process per data folder).
 */
import { createFilesPrivately } from '../server/lib/private-files';
import { openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/lock';
import { ConfigError, loadConfig, databaseOptions } from '../server/env';
import { ArchiveError } from '../server/modules/archive/site-archive';
import { createServices } from '../server/services';
import { commandLine, UsageError } from './command-line';

// What this writes (archives, media, the database) is this user's alone.
createFilesPrivately();

const USAGE = 'usage: npm run import -- <site.jsonl.gz>';
const ABOUT =
  'Reads a site archive (npm run export) into this site: its content, people, settings and media.';

try {
  const { positionals } = commandLine({ about: ABOUT, usage: USAGE }, { allowPositionals: true });
  if (positionals.length !== 1) throw new UsageError(`Give one archive.\n${USAGE}`);
  const config = loadConfig();
  const database = await openDatabase(databaseOptions(config));
  try {
    const services = await createServices(config, database);
    const counts = await services.archive.importFrom(positionals[0] as string);
    await database.analyze();
    console.log(
      `patrika: imported ${Object.entries(counts)
        .map(([name, n]) => `${n} ${name}`)
        .join(', ')}.`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  const known =
    error instanceof ArchiveError ||
    error instanceof UsageError ||
    error instanceof ConfigError ||
    error instanceof DataDirLockedError;
  console.error(known ? (error as Error).message : error);
  process.exitCode = 1;
}
