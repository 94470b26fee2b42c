/**
 * `npm run export -- <file.jsonl.gz>`: the whole site in one archive (docs/archive-format.md)
 * that `npm run import` reads into an empty site. A running embedded site writes it through its
 * control socket; otherwise the database is read directly (one read-only snapshot).
 */
import { createFilesPrivately } from '../server/lib/private-files';
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/lock';
import { askRunningServer, CONTROL_PATHS } from '../server/control-socket';
import { ConfigError, loadConfig } from '../server/env';
import { createServices } from '../server/services';
import { commandLine, UsageError } from './command-line';

// What this writes (archives, media, the database) is this user's alone.
createFilesPrivately();

const USAGE = 'usage: npm run export -- <site.jsonl.gz>';
const ABOUT =
  'Writes the whole site (content, people, settings, media) to one archive that npm run import reads.';

try {
  const { positionals } = commandLine({ about: ABOUT, usage: USAGE }, { allowPositionals: true });
  if (positionals.length !== 1) throw new UsageError(`Give one file to write.\n${USAGE}`);
  const out = positionals[0] as string;
  const partial = `${out}.partial`;
  const config = loadConfig();
  try {
    const viaServer = config.databaseUrl
      ? undefined
      : await askRunningServer(config.dataDir, CONTROL_PATHS.export);
    if (viaServer) {
      console.error('The site is running: it writes the archive.');
      await pipeline(viaServer, createWriteStream(partial));
    } else {
      const database = await openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
      });
      try {
        const services = await createServices(config, database);
        await services.archive.exportToFile(partial);
      } finally {
        await database.close();
      }
    }
    renameSync(partial, out);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  console.log(`patrika: site archive written to ${out}.`);
} catch (error) {
  const known =
    error instanceof UsageError ||
    error instanceof ConfigError ||
    error instanceof DataDirLockedError;
  console.error(known ? (error as Error).message : error);
  process.exitCode = 1;
}
