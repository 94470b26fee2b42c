import { spawn } from 'node:child_process';
import { pipeline } from 'node:stream/promises';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  createReadStream,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import * as tar from 'tar';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { latestMigration, openDatabase } from '../../../db/client';
import { askRunningServer, CONTROL_PATHS } from '../../control-socket';
import type { Config, S3Config } from '../../env';
import { createS3Storage, mediaRoot, isStoredKey, s3ClientFor } from '../media/media-storage';

/*
 * `npm run backup` / `npm run restore` (docs/decisions/009, docs/archive-format.md): a
 * physical copy of the database (PGlite's data folder, or pg_dump's custom format) and the
 * media folder in one tar.gz, taken while the site runs. The database is copied first, then
 * the media: uploads write their files before their row, so every upload the copy knows has
 * its files in the media copy.
 */

export const BACKUP_FORMAT = 'patrika-backup';
export const BACKUP_VERSION = 1;
export const MANIFEST = 'patrika-backup.json';
const PGLITE_FILE = 'database/pglite-datadir.tar.gz';
const PG_DUMP_FILE = 'database/postgres.dump';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  engine: 'pglite' | 'postgres';
  /** The newest migration of the code that took it. */
  schema: string;
  database: { file: string; bytes: number; sha256: string; tool: string };
  media: { storage: 'fs' | 'db' | 's3'; files: number };
}

export class BackupError extends Error {
  override name = 'BackupError';
}

/**
 * A file's SHA-256, read as a stream: a million stories' database copy is 5.8 GB, and reading it
 * whole failed past Node's 2 GiB buffer (ERR_FS_FILE_TOO_LARGE; docs/perf/scale.md).
 */
export async function sha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/** Runs a command; resolves with its stdout, rejects with its stderr. ENOENT says what is missing. */
export function runTool(
  command: string,
  args: string[],
  missing: string,
  env?: NodeJS.ProcessEnv,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new BackupError(missing) : error),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve(out)
        : reject(new BackupError(`${command} failed (exit ${code}): ${err.trim()}`)),
    );
  });
}

export const NEEDS_PG_DUMP =
  'Backing up PostgreSQL needs pg_dump, and restoring it pg_restore, from PostgreSQL client ' +
  "tools of the server's major version or newer (Debian: apt-get install postgresql-client). " +
  'Without them, npm run export makes a logical archive that npm run import reads back.';

/** Whether `path` is a folder with something in it. */
export const nonEmptyDir = (path: string) => existsSync(path) && readdirSync(path).length > 0;

/** Files under `root`, as paths relative to it (temporary files of writes in flight left out). */
export function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true }) as string[])
    .map(String)
    .filter((p) => !p.endsWith('.tmp') && statSync(join(root, p)).isFile());
}

/** Hard-links (same disk) or copies `from` to `to`; media files never change once written. */
export function linkOrCopy(from: string, to: string) {
  mkdirSync(dirname(to), { recursive: true });
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/** Takes a backup of the configured site into `out` (a .tar.gz). Works while the site runs. */
export async function createBackup(
  config: Config,
  out: string,
  log: (line: string) => void = () => {},
): Promise<BackupManifest> {
  const staging = mkdtempSync(join(tmpdir(), 'patrika-backup-'));
  try {
    mkdirSync(join(staging, 'database'));
    const { engine, file, tool } = config.databaseUrl
      ? await dumpPostgres(config.databaseUrl, staging, log)
      : await copyEmbeddedDatabase(config.dataDir, staging, log);
    // Then the media folder or bucket (MEDIA_STORAGE=db keeps media in the database copy).
    const files =
      config.mediaStorage === 'fs'
        ? copyMediaFolder(config.dataDir, staging, log)
        : config.s3
          ? await copyBucket(config.s3, staging, log)
          : 0;
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      engine,
      schema: latestMigration(),
      database: {
        file,
        bytes: statSync(join(staging, file)).size,
        sha256: await sha256(join(staging, file)),
        tool,
      },
      media: { storage: config.mediaStorage, files },
    };
    writeFileSync(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    // Written beside its final name, renamed once whole; a failure (a full disk) leaves neither.
    const partial = `${out}.partial`;
    try {
      await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [
        MANIFEST,
        'database',
        ...(files > 0 ? ['media'] : []),
      ]);
      renameSync(partial, out);
    } catch (error) {
      rmSync(partial, { force: true });
      throw error;
    }
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** The database copy in a backup: which engine, where in the archive, made by what. */
type DatabaseCopy = Pick<BackupManifest, 'engine'> &
  Pick<BackupManifest['database'], 'file' | 'tool'>;

/**
 * Copies the embedded database of `dataDir` into `staging`: from the running site when there
 * is one (it holds the folder), else straight from the folder.
 */
async function copyEmbeddedDatabase(
  dataDir: string,
  staging: string,
  log: (line: string) => void,
): Promise<DatabaseCopy> {
  const viaServer = await askRunningServer(dataDir, CONTROL_PATHS.database);
  let dump: Buffer;
  if (viaServer) {
    log('The site is running: asking it for a copy of its database.');
    const chunks: Buffer[] = [];
    for await (const chunk of viaServer) chunks.push(chunk as Buffer);
    dump = Buffer.concat(chunks);
  } else {
    if (!nonEmptyDir(join(dataDir, 'db')))
      throw new BackupError(`There is no database in ${dataDir} to back up (is DATA_DIR right?).`);
    log('The site is not running: copying its database directly.');
    const database = await openDatabase({ dataDir });
    try {
      dump = Buffer.from(await (await database.dumpDataDir!()).arrayBuffer());
    } finally {
      await database.close();
    }
  }
  writeFileSync(join(staging, PGLITE_FILE), dump);
  return { engine: 'pglite', file: PGLITE_FILE, tool: 'PGlite dumpDataDir' };
}

/** Dumps the PostgreSQL database at `databaseUrl` into `staging` with pg_dump. */
async function dumpPostgres(
  databaseUrl: string,
  staging: string,
  log: (line: string) => void,
): Promise<DatabaseCopy> {
  const tool = (await runTool('pg_dump', ['--version'], NEEDS_PG_DUMP)).trim();
  log(`Copying the PostgreSQL database with ${tool}.`);
  // pg_dump reads one snapshot, so the copy is consistent while the site writes.
  await runTool(
    'pg_dump',
    [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${join(staging, PG_DUMP_FILE)}`,
      databaseUrl,
    ],
    NEEDS_PG_DUMP,
  );
  return { engine: 'postgres', file: PG_DUMP_FILE, tool };
}

/** Links or copies the media folder of `dataDir` into `staging`; answers how many files. */
function copyMediaFolder(dataDir: string, staging: string, log: (line: string) => void): number {
  const root = mediaRoot(dataDir);
  let files = 0;
  for (const path of filesUnder(root)) {
    linkOrCopy(join(root, path), join(staging, 'media', path));
    files++;
  }
  log(`Copied ${files} media files.`);
  return files;
}

/**
 * Copies every media object of the bucket into `staging` (the same tree as a media folder);
 * answers how many. Objects never change once written, so a copy taken while uploads go on
 * holds every upload the database copy knows.
 */
export async function copyBucket(s3: S3Config, staging: string, log: (line: string) => void) {
  const client = s3ClientFor(s3);
  const storage = createS3Storage(s3, client);
  let files = 0;
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken: token }),
    );
    for (const { Key: key } of page.Contents ?? []) {
      if (!key || !isStoredKey(key)) continue;
      const object = await storage.get(key);
      if (!object) continue;
      const to = join(staging, 'media', key);
      mkdirSync(dirname(to), { recursive: true });
      writeFileSync(to, object.data);
      files++;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  log(`Copied ${files} media objects from the bucket ${s3.bucket}.`);
  return files;
}
