/**
 * `npm run media:migrate -- --to s3|fs|db [--from fs|db|s3] [--remove-source]`: copies every
 * stored file (uploads, the e-paper's pages and clips) from the configured media storage (or
 * `--from`) to another, checking each copy (server/modules/media/media-migrate.ts). The
 * bucket's settings (S3_*) and DATA_DIR are read as for the site. Exits 1 when a file is missing from the source or a copy failed.
 */
import { openDatabase } from '../db/client';
import { createFilesPrivately } from '../server/lib/private-files';
import { ConfigError, databaseOptions, loadConfig, type Config } from '../server/env';
import { STORED_FILES } from '../server/modules/archive/stored-files';
import { migrateMedia } from '../server/modules/media/media-migrate';
import { storageFor } from '../server/modules/media/media-storage';
import { commandLine, UsageError } from './command-line';

createFilesPrivately();

const USAGE = 'usage: npm run media:migrate -- --to s3|fs|db [--from fs|db|s3] [--remove-source]';
const KINDS = ['fs', 'db', 's3'] as const;
type Kind = (typeof KINDS)[number];
const ABOUT =
  'Copies every stored file (uploads, the e-paper’s pages and clips) from the media storage in use (or --from) to another, checking each copy.';

const kind = (value: string | undefined, name: string): Kind | undefined => {
  if (value === undefined) return undefined;
  if ((KINDS as readonly string[]).includes(value)) return value as Kind;
  throw new UsageError(`--${name} must be fs, db or s3 (got "${value}").\n${USAGE}`);
};

function options() {
  const parsed = commandLine(
    { about: ABOUT, usage: USAGE },
    {
      options: {
        to: { type: 'string' },
        from: { type: 'string' },
        'remove-source': { type: 'boolean' },
      },
    },
  );
  const to = kind(parsed.values.to, 'to');
  if (!to) throw new UsageError(`--to is needed.\n${USAGE}`);
  return {
    to,
    from: kind(parsed.values.from, 'from'),
    removeSource: !!parsed.values['remove-source'],
  };
}

/** The configuration with media kept in `storage` (the S3_* settings checked when it is s3). */
const configFor = (storage: Kind): Config => loadConfig({ ...process.env, MEDIA_STORAGE: storage });

try {
  const { to, from: given, removeSource } = options();
  const config = loadConfig();
  const from = given ?? config.mediaStorage;
  if (from === to) throw new UsageError(`The media are in ${from} already.\n${USAGE}`);
  const database = await openDatabase(databaseOptions(config));
  try {
    const report = await migrateMedia(
      database.db,
      storageFor(configFor(from), database.db),
      storageFor(configFor(to), database.db),
      STORED_FILES,
      {
        removeSource,
        progress: (n, owner) => {
          if (n % 100 === 0) console.log(`patrika: ${n} ${owner} done…`);
        },
      },
    );
    console.log(
      `patrika: media from ${from} to ${to}: ${report.copied} files copied, ${report.alreadyThere} there already` +
        (removeSource ? `, ${report.removed} removed from ${from}` : '') +
        '.',
    );
    for (const key of report.missing) console.log(`  missing in ${from}: ${key}`);
    for (const key of report.failed) console.log(`  copy did not read back the same: ${key}`);
    if (report.missing.length + report.failed.length > 0) {
      console.log(
        `patrika: ${report.missing.length} files missing and ${report.failed.length} failed copies; run again once they are there.`,
      );
      process.exitCode = 1;
    } else if (config.mediaStorage !== to) {
      console.log(
        `patrika: next, set MEDIA_STORAGE=${to} and restart every server, then run this again to copy what was uploaded meanwhile.`,
      );
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(
    error instanceof ConfigError || error instanceof UsageError ? error.message : error,
  );
  process.exitCode = process.exitCode || 2;
}
