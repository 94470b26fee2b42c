/*
 * The scale bench on the embedded engine (`npm run bench -- --scale=N --scale-engine=pglite`,
 * issue 71 item 5): the same N-story site as on PostgreSQL, built by the same bulk statements
 * (bench/scale-data.ts) run inside PGlite on a data folder of its own
 * (`$TMPDIR/patrika-scale-pglite-<N>`, emptied and made again; kept after the run so
 * `--scale-reuse` measures it again), then moved to PostgreSQL as the README tells a site that
 * outgrows the embedded engine to: `npm run export` of the data folder and `npm run import`
 * into an empty PostgreSQL database (`patrika_bench_pglite_<N>`, dropped once counted), each
 * timed.
 */
import { PGlite } from '@electric-sql/pglite';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { PGLITE_EXTENSIONS, PGLITE_SHARED_BUFFERS } from '../db/client';
import { ROOT } from '../scripts/build-state';
import { pgliteBulk, type BulkClient } from './bulk-client';
import { fillSite, LOCAL, prepare, stepTimer, totalSeconds } from './scale-data';

/** The embedded site's data folder for N stories. */
export const pgliteDataDir = (stories: number): string =>
  join(tmpdir(), `patrika-scale-pglite-${stories}`);

/** The data folder's database opened as the server opens it, for bulk statements. */
export async function withPglite<T>(dataDir: string, work: (c: BulkClient) => Promise<T>) {
  const pglite = new PGlite(join(dataDir, 'db'), {
    extensions: PGLITE_EXTENSIONS,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  await pglite.waitReady;
  try {
    return await work(pgliteBulk(pglite));
  } finally {
    await pglite.close();
  }
}

/** Builds the site in its data folder (migrated by the server's own code first). */
export async function buildPgliteSite(stories: number, log: (s: string) => void) {
  const dataDir = pgliteDataDir(stories);
  const steps: Record<string, number> = {};
  const timed = stepTimer(steps, log);
  await timed('data folder made and migrated, images stored', async () => {
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    await prepare(undefined, dataDir);
  });
  await withPglite(dataDir, (client) => fillSite(client, stories, timed));
  return { dataDir, databaseUrl: '', steps, buildSeconds: totalSeconds(steps) };
}

/** A folder's size in MB, every file under it. */
export function folderMb(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) bytes += statSync(join(entry.parentPath, entry.name)).size;
  return Math.round(bytes / 1024 / 1024);
}

/** Runs one of the built commands (`npm run <name>` without npm), answering its seconds. */
async function command(name: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const started = performance.now();
  await promisify(execFile)(
    process.execPath,
    ['--enable-source-maps', join(ROOT, 'build', 'patrika', `command-${name}.js`), ...args],
    { env, maxBuffer: 16 * 1024 * 1024 },
  );
  return Number(((performance.now() - started) / 1000).toFixed(1));
}

/** The move to PostgreSQL, measured: export, import into an empty database, stories counted. */
export async function moveToPostgres(stories: number, dataDir: string) {
  const work = mkdtempSync(join(tmpdir(), 'patrika-scale-move-'));
  const name = `patrika_bench_pglite_${stories}`;
  const admin = new pg.Client({ connectionString: `${LOCAL}/postgres` });
  await admin.connect();
  try {
    const archive = join(work, 'site.jsonl.gz');
    const { DATABASE_URL: _unset, ...env } = process.env;
    const exportSeconds = await command('export', [archive], { ...env, DATA_DIR: dataDir });
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    const databaseUrl = `${LOCAL}/${name}`;
    const importSeconds = await command('import', [archive], {
      ...env,
      DATA_DIR: join(work, 'postgres-site'),
      DATABASE_URL: databaseUrl,
    });
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const moved = await client
      .query<{ n: number }>(`SELECT count(*)::int AS n FROM articles WHERE status = 'published'`)
      .finally(() => client.end());
    return {
      exportSeconds,
      archiveMb: Number((statSync(archive).size / 1024 / 1024).toFixed(1)),
      importSeconds,
      publishedMoved: moved.rows[0]!.n,
    };
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end();
    rmSync(work, { recursive: true, force: true });
  }
}
