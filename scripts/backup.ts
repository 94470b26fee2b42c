/**
 * `npm run backup -- <file.tar.gz>`: a consistent copy of the database and the media while the
 * site runs (docs/decisions/009). A running embedded site is asked over its control socket;
 * PostgreSQL is copied with pg_dump.
 */
import { createFilesPrivately } from '../server/lib/private-files';
import { DataDirLockedError } from '../db/lock';
import { ConfigError, loadConfig } from '../server/env';
import { BackupError, createBackup } from '../server/modules/archive/backup';
import { commandLine, UsageError } from './command-line';

// What this writes (archives, media, the database) is this user's alone.
createFilesPrivately();

const USAGE = 'usage: npm run backup -- <backup.tar.gz>';
const ABOUT =
  'Writes a consistent copy of the database and the media to one file, while the site runs.';

try {
  const { positionals } = commandLine({ about: ABOUT, usage: USAGE }, { allowPositionals: true });
  if (positionals.length !== 1) throw new UsageError(`Give one file to write.\n${USAGE}`);
  const out = positionals[0] as string;
  const manifest = await createBackup(loadConfig(), out, (line) => console.error(line));
  console.log(
    `patrika: backup written to ${out} (${manifest.engine} database ${(manifest.database.bytes / 1024 / 1024).toFixed(1)} MB, ${manifest.media.files} media files).`,
  );
} catch (error) {
  const known =
    error instanceof BackupError ||
    error instanceof UsageError ||
    error instanceof ConfigError ||
    error instanceof DataDirLockedError;
  console.error(known ? (error as Error).message : error);
  process.exitCode = 1;
}
