import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../db/client';
import { withDatabase } from './database-url';
import { startPgBouncer } from './pgbouncer';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://… of a migrated template database, when the run is on PostgreSQL. */
    pgTemplateUrl: string | undefined;
    pgRunPrefix: string | undefined;
    /** postgres://… of a PgBouncer in transaction mode in front of it (TEST_PGBOUNCER=1). */
    pgPoolerUrl: string | undefined;
    /** A file holding a dump of a migrated embedded database, when the run is on PGlite. */
    pgliteTemplateFile: string | undefined;
  }
}

export { withDatabase };

/** Every database of a run is named `patrika_test_<its start, base 36>_<pid>…`. */
const RUN_PREFIX = 'patrika_test_';
/** A run this old has ended, whatever ended it: no run lasts a day (CI stops one at 90 min). */
const LEFTOVER_AFTER_MS = 24 * 60 * 60 * 1000;
/** A run's database name: its start in base 36 (eight or nine digits) and its process. */
const RUN_NAME = /^patrika_test_([0-9a-z]{8,9})_\d+(_|$)/;
const EARLIEST_RUN = Date.UTC(2025, 0, 1);

/**
 * Drops the databases of runs that were killed before their teardown (a stopped gate), once they
 * are a day old and nobody is connected to them: otherwise they stay on the server for good.
 */
async function dropLeftovers(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database d WHERE datname LIKE $1
       AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.datname = d.datname)`,
    [`${RUN_PREFIX}%`],
  );
  const old = rows.filter(({ datname }) => {
    const started = parseInt(RUN_NAME.exec(datname)?.[1] ?? '', 36);
    return started > EARLIEST_RUN && Date.now() - started > LEFTOVER_AFTER_MS;
  });
  for (const { datname } of old)
    // One that another run has just opened, or dropped, stays for later: this is only tidying.
    await admin.query(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => undefined);
}

/**
 * With TEST_ENGINE=postgres, the run gets its own databases on TEST_DATABASE_URL's server:
 * a migrated template, and one copy per test file (tests/setup/test-db.ts). All are dropped at
 * the end, and a killed run's are dropped by a later one. Otherwise every test file opens its own
 * in-memory PGlite. With TEST_PGBOUNCER=1 as well, the copies are reached through a PgBouncer in
 * transaction mode the run starts.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_ENGINE !== 'postgres') {
    project.provide('pgTemplateUrl', undefined);
    project.provide('pgRunPrefix', undefined);
    project.provide('pgPoolerUrl', undefined);
    // Migrating an empty embedded database costs seconds of CPU; each file's database starts
    // from one migrated dump instead, as PostgreSQL's copies start from the template. The dump
    // is a plain tar (44 MB): a file's database starts from it in 1.1 CPU-seconds, from its
    // tar.gz (5 MB) in 1.5.
    const folder = mkdtempSync(join(tmpdir(), 'patrika-pglite-template-'));
    const file = join(folder, 'migrated.tar');
    const migrated = await openDatabase({ dataDir: '', inMemory: true });
    writeFileSync(file, Buffer.from(await (await migrated.dumpDataDir!('none')).arrayBuffer()));
    await migrated.close();
    project.provide('pgliteTemplateFile', file);
    return () => rmSync(folder, { recursive: true, force: true });
  }
  project.provide('pgliteTemplateFile', undefined);
  if (!adminUrl)
    throw new Error(
      'TEST_ENGINE=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)',
    );
  const prefix = `${RUN_PREFIX}${Date.now().toString(36)}_${process.pid}`;
  const template = `${prefix}_template`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await dropLeftovers(admin);
  await admin.query(`CREATE DATABASE "${template}"`);
  const migrated = await openDatabase({
    databaseUrl: withDatabase(adminUrl, template),
    dataDir: '',
  });
  await migrated.close();
  project.provide('pgTemplateUrl', withDatabase(adminUrl, template));
  project.provide('pgRunPrefix', prefix);
  // The smoke set through a pooler (issue 28 item 3): each file's database is reached through
  // PgBouncer with no named prepared statements; migrations and LISTEN still go direct.
  const pooler =
    process.env.TEST_PGBOUNCER === '1' ? await startPgBouncer({ target: adminUrl }) : undefined;
  project.provide('pgPoolerUrl', pooler?.url(adminUrl));

  return async () => {
    await pooler?.stop();
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`${prefix}%`],
    );
    // The template last: copies were made from it.
    for (const { datname } of rows.sort((a) => (a.datname === template ? 1 : -1))) {
      await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
    await admin.end();
  };
}
