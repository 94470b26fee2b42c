/*
 * A seeded site for the browser journeys: a copy of a site the compiled server seeded with the
 * demo content, on the embedded engine (a copied data folder) or, with E2E_DATABASE_URL, on
 * PostgreSQL (a database made from a seeded template, and a copy of the template's media folder).
 *
 * `npm test` sets E2E_DATABASE_URL from TEST_DATABASE_URL (scripts/test.ts): the journeys then
 * run on the engine production sites run, and their queries run in PostgreSQL's processes
 * instead of the site's own event loop (PGlite is WebAssembly in the server's thread), which
 * is most of the journeys' CPU. Both engines keep their integration files (tests/integration).
 */
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { withDatabase } from './database-url';
import { seededDataDir, seededHash, startServer, tempDataDir } from './spawn-server';

/** The run's name in its databases' names (playwright.config.ts sets it for every process). */
const run = () => (process.env.E2E_RUN ?? 'solo').replace(/[^a-z0-9]/g, '');

/** Every database of this run's sites starts so; teardown drops them (dropRunDatabases). */
export const runDatabasePrefix = () => `patrika_e2e_${run()}_`;

const SEED_PREFIX = 'patrika_e2e_seed_';
/** One seeding at a time on the server, whichever process asks first. */
const SEED_LOCK = 0x7061_7472;

/** The environment a site's server needs: DATA_DIR, and DATABASE_URL on PostgreSQL. */
export async function seededSite(): Promise<Record<string, string>> {
  const adminUrl = process.env.E2E_DATABASE_URL;
  if (!adminUrl) return { DATA_DIR: await seededDataDir() };
  const hash = seededHash();
  const template = `${SEED_PREFIX}${hash}`;
  const templateDir = join(tmpdir(), `patrika-seeded-pg-${hash}`);
  const name = `${runDatabasePrefix()}${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [SEED_LOCK]);
    try {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
        template,
      ]);
      if (!rowCount || !existsSync(join(templateDir, 'ready')))
        await seedTemplate(admin, adminUrl, template, templateDir);
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [SEED_LOCK]);
    }
  } finally {
    await admin.end();
  }
  const dir = tempDataDir();
  cpSync(templateDir, dir, { recursive: true });
  rmSync(join(dir, 'ready'));
  return {
    DATA_DIR: dir,
    DATABASE_URL: withDatabase(adminUrl, name),
    // The embedded engine makes its own into DATA_DIR; on PostgreSQL the operator sets it (README),
    // and without it authenticator codes and single sign-on's secret are refused.
    SECRETS_KEY: randomBytes(32).toString('hex'),
    // One process, as on the embedded engine: a journey's second request meets the page cache
    // its first filled (several processes on one database are the comments journey's subject).
    WEB_CONCURRENCY: '1',
  };
}

/** Seeds a new template (dropping older ones: another build or day) with its media folder. */
async function seedTemplate(
  admin: pg.Client,
  adminUrl: string,
  template: string,
  templateDir: string,
): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    'SELECT datname FROM pg_database WHERE datname LIKE $1',
    [`${SEED_PREFIX}%`],
  );
  for (const { datname } of rows) await admin.query(`DROP DATABASE "${datname}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${template}"`);
  rmSync(templateDir, { recursive: true, force: true });
  mkdirSync(templateDir, { recursive: true });
  const server = await startServer({
    DATA_DIR: templateDir,
    DATABASE_URL: withDatabase(adminUrl, template),
    SEED_DEMO: '1',
  });
  const code = await server.stop();
  if (code !== 0) throw new Error(`the seeding server exited with ${code}:\n${server.output()}`);
  writeFileSync(join(templateDir, 'ready'), '');
}

/** Drops one site's database, or every database of this run (its connections closed first). */
export async function dropRunDatabases(only?: string): Promise<void> {
  const adminUrl = process.env.E2E_DATABASE_URL;
  if (!adminUrl) return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`${runDatabasePrefix()}%`],
    );
    for (const { datname } of rows)
      if (!only || new URL(only).pathname === `/${datname}`)
        await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
