/*
 * Applying migrations (db/README.md "Migrations that never lock readers", issue 71 item 4).
 * Drizzle's own migrator runs every pending migration in one transaction, where
 * `CREATE INDEX CONCURRENTLY` cannot run at all. This one reads the same files and keeps the
 * same record (drizzle.__drizzle_migrations, one row per migration with its hash and time), and
 * differs in three ways:
 * - each migration is its own transaction, begun with `SET LOCAL lock_timeout`: a statement
 *   that waits for a table's lock (behind a long read, with readers queueing behind it) gives up
 *   within the bound and the migration is tried again after a pause, instead of stopping every
 *   reader of the table while it waits;
 * - a migration with `CONCURRENTLY` in it runs outside a transaction, a statement at a time,
 *   on PostgreSQL: its indexes are built while readers and writers go on. Its statements say
 *   `IF NOT EXISTS` / `IF EXISTS`, so a migration stopped half-way runs again from the start;
 *   an index a failed build left invalid is dropped before it is built again;
 * - on the embedded engine (one process, nothing else reading while it starts) `CONCURRENTLY`
 *   is dropped and the migration runs in a transaction like any other.
 */
import { readMigrationFiles } from 'drizzle-orm/migrator';

/** A connection that runs SQL as given: many statements at once (`exec`), or one with values. */
export interface MigrationSession {
  engine: 'pglite' | 'postgres';
  exec(text: string): Promise<unknown>;
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface MigrateOptions {
  migrationsFolder: string;
  migrationsTable?: string;
  /** How long a statement may wait for a lock before the migration is tried again. */
  lockTimeoutMs?: number;
  /** How many times a migration that waited too long for a lock is tried in all. */
  attempts?: number;
  /** The pause before the next try (grows with each). */
  pauseMs?: number;
}

/** The bound of DECISIONS.md §33: a migration never holds readers up for more than a second. */
export const MIGRATION_LOCK_TIMEOUT_MS = 1000;

/** Whether a migration's SQL asks to run outside a transaction. */
export const runsConcurrently = (statements: string[]) =>
  statements.some((s) => /\bCONCURRENTLY\b/i.test(withoutComments(s)));

/** SQL without its `--` comments (what a statement does, not what it says about itself). */
export const withoutComments = (text: string) => text.replace(/--[^\n]*/g, '');

const CREATE_CONCURRENTLY =
  /\bCREATE\s+(?:UNIQUE\s+)?INDEX\s+CONCURRENTLY\s+(?:IF\s+NOT\s+EXISTS\s+)?"?([\w$]+)"?/i;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Applies the folder's pending migrations, oldest first, each in its own way (above). */
export async function applyMigrations(session: MigrationSession, options: MigrateOptions) {
  const table = `drizzle."${options.migrationsTable ?? '__drizzle_migrations'}"`;
  const lockTimeoutMs = options.lockTimeoutMs ?? MIGRATION_LOCK_TIMEOUT_MS;
  const attempts = options.attempts ?? 30;
  const pauseMs = options.pauseMs ?? 500;
  await session.exec(`CREATE SCHEMA IF NOT EXISTS drizzle`);
  await session.exec(
    `CREATE TABLE IF NOT EXISTS ${table} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
  );
  const { rows } = await session.query<{ created_at: string | number }>(
    `SELECT created_at FROM ${table} ORDER BY created_at DESC LIMIT 1`,
  );
  const last = rows[0] ? Number(rows[0].created_at) : undefined;
  const pending = readMigrationFiles({ migrationsFolder: options.migrationsFolder }).filter(
    (m) => last === undefined || last < m.folderMillis,
  );
  const record = (m: { hash: string; folderMillis: number }) =>
    session.query(`INSERT INTO ${table} ("hash", "created_at") VALUES ($1, $2)`, [
      m.hash,
      m.folderMillis,
    ]);
  for (const migration of pending) {
    const statements = migration.sql.filter((s) => s.trim() !== '');
    if (session.engine === 'postgres' && runsConcurrently(statements)) {
      for (const statement of statements) await concurrently(session, statement);
      await record(migration);
      continue;
    }
    const plain = statements.map((s) => s.replace(/\s+CONCURRENTLY\b/gi, ''));
    for (let attempt = 1; ; attempt++) {
      try {
        await session.exec('BEGIN');
        await session.exec(`SET LOCAL lock_timeout = ${Math.max(1, Math.round(lockTimeoutMs))}`);
        for (const statement of plain) await session.exec(statement);
        await record(migration);
        await session.exec('COMMIT');
        break;
      } catch (error) {
        await session.exec('ROLLBACK').catch(() => {});
        const lockWait = (error as { code?: string }).code === '55P03';
        if (!lockWait || attempt >= attempts) throw error;
        await sleep(pauseMs * attempt);
      }
    }
  }
}

/**
 * One statement of a concurrent migration, outside any transaction. Such a build waits for
 * the transactions already running to end (it blocks no reader meanwhile), so it gets no lock
 * timeout. An index a stopped build left invalid is dropped first, then built again.
 */
async function concurrently(session: MigrationSession, statement: string) {
  const index = CREATE_CONCURRENTLY.exec(withoutComments(statement))?.[1];
  if (index) {
    const { rows } = await session.query<{ valid: boolean }>(
      `SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
        WHERE c.relname = $1 AND c.relnamespace = 'public'::regnamespace`,
      [index],
    );
    if (rows[0] && !rows[0].valid)
      await session.exec(`DROP INDEX CONCURRENTLY IF EXISTS "${index}"`);
  }
  await session.exec(statement);
}
