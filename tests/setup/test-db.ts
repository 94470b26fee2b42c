import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { withDatabase } from './global-db';

export const testEngine = () => (process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite');

let pgliteDump: Blob | undefined;

/** The run's migrated embedded database (tests/setup/global-db.ts), read once per worker. */
function pgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplateFile');
  if (!file) return undefined;
  pgliteDump ??= new Blob([readFileSync(file)]);
  return pgliteDump;
}

/**
 * A fresh, migrated database owned by one test file: an in-memory PGlite, or on PostgreSQL a
 * copy of the run's template database (through PgBouncer when the run started one, as a
 * site with DATABASE_PREPARED=0 and DATABASE_LISTEN_URL would). `close()` drops it.
 */
export async function createTestDatabase(): Promise<Database & { url: string | undefined }> {
  const templateUrl = inject('pgTemplateUrl');
  const prefix = inject('pgRunPrefix');
  if (!templateUrl || !prefix) {
    const database = await openDatabase({
      dataDir: '',
      inMemory: true,
      fromDump: pgliteTemplate(),
    });
    return { ...database, url: undefined };
  }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const templateName = new URL(templateUrl).pathname.slice(1);
  const adminUrl = withDatabase(templateUrl, 'postgres');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${templateName}"`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(templateUrl, name);
  const poolerUrl = inject('pgPoolerUrl');
  const database = poolerUrl
    ? await openDatabase({
        databaseUrl: withDatabase(poolerUrl, name),
        listenUrl: url,
        prepared: false,
        dataDir: '',
        poolSize: 4,
      })
    : await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 4 });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}
