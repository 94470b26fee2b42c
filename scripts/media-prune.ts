/**
 * `npm run media:prune`: lists the uploads no article and no setting uses, older than 30 days
 * (`--days N`); `--delete` removes them. Without `--delete` nothing changes.
 */
import { createFilesPrivately } from '../server/lib/private-files';
import { openDatabase } from '../db/client';
import { ConfigError, loadConfig, databaseOptions } from '../server/env';
import { findUnusedMedia, removeUnusedMedia } from '../server/modules/media/media-prune';
import { createServices } from '../server/services';
import { commandLine, UsageError } from './command-line';

// What this writes (archives, media, the database) is this user's alone.
createFilesPrivately();

const DAY_MS = 24 * 3600 * 1000;
const USAGE = 'usage: npm run media:prune -- [--days N] [--delete]';
const ABOUT =
  'Lists the uploads no article and no setting uses, older than 30 days (--days N); --delete removes them.';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function options(): { days: number; remove: boolean } {
  const parsed = commandLine(
    { about: ABOUT, usage: USAGE },
    { options: { days: { type: 'string', default: '30' }, delete: { type: 'boolean' } } },
  );
  const days = Number(parsed.values.days);
  if (!Number.isInteger(days) || days < 1) {
    throw new UsageError(
      `--days must be a whole number of days, 1 or more (got "${parsed.values.days}").\n${USAGE}`,
    );
  }
  return { days, remove: parsed.values.delete === true };
}

try {
  const { days, remove } = options();
  const config = loadConfig();
  const database = await openDatabase(databaseOptions(config));
  try {
    const services = await createServices(config, database);
    const uploadedBefore = new Date(services.clock.now().getTime() - days * DAY_MS);
    const unused = await findUnusedMedia(database.db, { uploadedBefore });
    const total = unused.reduce((sum, m) => sum + m.bytes, 0);
    if (unused.length === 0) {
      console.log(`patrika: no unused uploads older than ${days} days.`);
    } else if (!remove) {
      for (const m of unused)
        console.log(
          `  ${m.folder}  uploaded ${m.createdAt.toISOString().slice(0, 10)}  ${megabytes(m.bytes)}`,
        );
      console.log(
        `patrika: ${unused.length} unused uploads older than ${days} days (originals ${megabytes(total)}). ` +
          'Nothing was removed; run again with --delete to remove them.',
      );
    } else {
      let removed = 0;
      let kept = 0;
      for (const m of unused) {
        if (await removeUnusedMedia(database.db, services.media.storage, m, services.outbox))
          removed++;
        else kept++;
      }
      console.log(
        `patrika: removed ${removed} unused uploads older than ${days} days` +
          (kept ? `; ${kept} came into use meanwhile and were kept.` : '.'),
      );
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(
    error instanceof ConfigError || error instanceof UsageError ? error.message : error,
  );
  process.exitCode = 1;
}
