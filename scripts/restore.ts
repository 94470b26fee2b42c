/**
 * `npm run restore -- <file.tar.gz>`: restores a backup into an empty DATA_DIR (embedded) or an
 * empty database (DATABASE_URL), then prints what the restored site holds.
 */
import { createFilesPrivately } from '../server/lib/private-files';
import { DataDirLockedError } from '../db/lock';
import { ConfigError, loadConfig } from '../server/env';
import { BackupError } from '../server/modules/archive/backup';
import { restoreBackup } from '../server/modules/archive/backup-restore';
import { commandLine, UsageError } from './command-line';

// What this writes (archives, media, the database) is this user's alone.
createFilesPrivately();

const USAGE = 'usage: npm run restore -- <backup.tar.gz>';
const ABOUT =
  'Replaces the site’s database and media with those of a backup (npm run backup). Stop the site first.';

try {
  const { positionals } = commandLine({ about: ABOUT, usage: USAGE }, { allowPositionals: true });
  if (positionals.length !== 1) throw new UsageError(`Give one backup file.\n${USAGE}`);
  const file = positionals[0] as string;
  const { manifest, counts } = await restoreBackup(loadConfig(), file, (line) =>
    console.error(line),
  );
  console.log(
    `patrika: restored the backup of ${manifest.createdAt}: ${counts.articles} articles, ` +
      `${counts.categories} categories, ${counts.users} users, ${counts.media} uploads ` +
      `(${counts.mediaFiles} media files).`,
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
