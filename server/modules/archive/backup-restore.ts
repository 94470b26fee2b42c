/*
 * `npm run restore` (docs/decisions/009, docs/archive-format.md): a backup that
 * `npm run backup` took (server/modules/archive/backup.ts), read back into an empty site.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as tar from 'tar';
import { openDatabase, PGLITE_EXTENSIONS, type Database } from '../../../db/client';
import { lockDataDir } from '../../../db/lock';
import type { Config } from '../../env';
import { contentTypeOfKey, mediaRoot, isStoredKey, storageFor } from '../media/media-storage';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  filesUnder,
  linkOrCopy,
  MANIFEST,
  NEEDS_PG_DUMP,
  nonEmptyDir,
  runTool,
  sha256,
  type BackupManifest,
} from './backup';

/** Reads and checks a backup's manifest and database file, unpacked into `staging`. */
async function unpack(file: string, staging: string): Promise<BackupManifest> {
  try {
    await tar.extract({ file, cwd: staging, strict: true });
  } catch (error) {
    throw new BackupError(`${file} is not a readable backup: ${(error as Error).message}`);
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(join(staging, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${file} is not a Patrika backup (no ${MANIFEST}).`);
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a Patrika backup.`);
  if (manifest.version > BACKUP_VERSION)
    throw new BackupError(`${file} is backup format ${manifest.version}; update Patrika first.`);
  const db = join(staging, manifest.database.file);
  if (!existsSync(db) || (await sha256(db)) !== manifest.database.sha256)
    throw new BackupError(`${file} is damaged: its database copy does not match its checksum.`);
  return manifest;
}

/**
 * Restores a backup into the configured site, which must be empty: a DATA_DIR without a
 * database (embedded) or a database without tables (PostgreSQL), and no media. Answers the
 * counts of what the restored site holds.
 */
export async function restoreBackup(
  config: Config,
  file: string,
  log: (line: string) => void = () => {},
): Promise<{ manifest: BackupManifest; counts: Record<string, number> }> {
  const staging = mkdtempSync(join(tmpdir(), 'patrika-restore-'));
  try {
    const manifest = await unpack(file, staging);
    const media = mediaRoot(config.dataDir);
    const mediaFiles = filesUnder(join(staging, 'media'));
    if (config.mediaStorage === 'fs' && mediaFiles.length > 0 && nonEmptyDir(media))
      throw new BackupError(`${media} is not empty: restore needs an empty data folder.`);
    const copy = join(staging, manifest.database.file);
    if (manifest.engine === 'pglite') await restoreEmbedded(config, copy);
    else await restorePostgres(config, copy);
    log('Database restored.');

    // Open it the usual way (a backup from older code gets the newer migrations), put the
    // media where this configuration keeps them, and count what is there.
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
    });
    try {
      await restoreMedia(config, database, join(staging, 'media'), mediaFiles);
      log(`${mediaFiles.length} media files restored.`);
      const counts = await countRows(database);
      counts.mediaFiles = mediaFiles.length;
      await database.analyze();
      return { manifest, counts };
    } finally {
      await database.close();
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Makes the embedded database of an empty DATA_DIR from the data-folder `copy`. */
async function restoreEmbedded(config: Config, copy: string) {
  if (config.databaseUrl)
    throw new BackupError(
      'This backup is of an embedded site: restore it without DATABASE_URL (into an empty DATA_DIR), ' +
        'or move between engines with npm run export and npm run import.',
    );
  const target = join(config.dataDir, 'db');
  if (nonEmptyDir(target))
    throw new BackupError(`${target} already holds a database: restore needs an empty DATA_DIR.`);
  const lock = lockDataDir(config.dataDir);
  try {
    const data = readFileSync(copy);
    const restored = new PGlite(target, {
      loadDataDir: new Blob([data]),
      extensions: PGLITE_EXTENSIONS,
    });
    await restored.waitReady;
    await restored.close();
  } finally {
    lock.release();
  }
}

/** The memory each restore job may take to build an index (PostgreSQL's maintenance_work_mem). */
const RESTORE_MAINTENANCE_MEMORY = '512MB';

/** Restores the pg_dump `copy` into DATABASE_URL, which must have no tables yet. */
async function restorePostgres(config: Config, copy: string) {
  if (!config.databaseUrl)
    throw new BackupError(
      'This backup is of a PostgreSQL site: set DATABASE_URL to an empty database to restore it.',
    );
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "SELECT count(*) AS n FROM information_schema.tables WHERE table_schema IN ('public', 'drizzle')",
    );
    if (Number(rows[0]?.n) > 0)
      throw new BackupError(
        'The database in DATABASE_URL already has tables: restore needs an empty database (createdb a new one).',
      );
  } finally {
    await client.end();
  }
  await runTool('pg_restore', ['--version'], NEEDS_PG_DUMP);
  await runTool(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      // The tables' rows and then their indexes, a job per core: a million stories' search
      // indexes were most of a restore, one after another (docs/perf/scale.md).
      `--jobs=${availableParallelism()}`,
      `--dbname=${config.databaseUrl}`,
      copy,
    ],
    NEEDS_PG_DUMP,
    // Each job's index builds in memory, not in sorted runs on disk (PostgreSQL's 64 MB default
    // spilled a million stories' GIN index for tens of minutes); an operator's PGOPTIONS wins.
    {
      ...process.env,
      PGOPTIONS:
        `-c maintenance_work_mem=${RESTORE_MAINTENANCE_MEMORY} ${process.env.PGOPTIONS ?? ''}`.trim(),
    },
  );
}

/** Puts the backup's media files (`paths` under `from`) where this configuration keeps media. */
async function restoreMedia(config: Config, database: Database, from: string, paths: string[]) {
  if (config.mediaStorage === 'fs') {
    const media = mediaRoot(config.dataDir);
    for (const path of paths) linkOrCopy(join(from, path), join(media, path));
    return;
  }
  const storage = storageFor(config, database.db);
  for (const path of paths) {
    const key = relative('.', path);
    if (!isStoredKey(key)) continue;
    await storage.put(key, readFileSync(join(from, path)), contentTypeOfKey(key));
  }
}

/** How many rows the restored site holds of what a person would check. */
async function countRows(database: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['articles', 'categories', 'users', 'media']) {
    const { rows } = (await database.db.execute(
      sql.raw(`SELECT count(*)::int AS n FROM "${table}"`),
    )) as unknown as { rows: { n: number }[] };
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}
