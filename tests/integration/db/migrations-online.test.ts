/*
 * Migrations that never hold readers (issue 71 item 4, db/migrate.ts, db/README.md), run with
 * the real runner over migrations made for the test in a folder of their own, recorded in a
 * table of their own. On PostgreSQL: an index built CONCURRENTLY while a transaction is open
 * leaves readers and writers of the table free; a migration that must wait for a lock gives
 * up within the lock timeout, so the readers queued behind it wait no longer than that, and it
 * is tried again until it passes; a concurrent build that failed leaves an invalid index, which
 * the next run drops and builds again. On the embedded engine the same files run, in a
 * transaction.
 */
import { PGlite } from '@electric-sql/pglite';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, type MigrationSession } from '../../../db/migrate';
import { createTestDatabase, testEngine } from '../../setup/test-db';

const TABLE = '__online_migrations';
let folder: string;

/** A migrations folder of these files, in order (a drizzle journal beside them). */
function writeMigrations(files: string[]) {
  rmSync(join(folder, 'meta'), { recursive: true, force: true });
  mkdirSync(join(folder, 'meta'), { recursive: true });
  const entries = files.map((sql, idx) => {
    const tag = `${String(idx).padStart(4, '0')}_online`;
    writeFileSync(join(folder, `${tag}.sql`), sql);
    return { idx, version: '7', when: 1_800_000_000_000 + idx, tag, breakpoints: true };
  });
  writeFileSync(
    join(folder, 'meta', '_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
  );
}

const CREATE = `CREATE TABLE online_t (id serial PRIMARY KEY, x int NOT NULL);--> statement-breakpoint
INSERT INTO online_t (x) SELECT g % 1000 FROM generate_series(1, 20000) g;`;
const CONCURRENT_INDEX = `CREATE INDEX CONCURRENTLY IF NOT EXISTS "online_t_x_idx" ON "online_t" ("x");`;

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'patrika-online-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const sessionOf = (client: pg.Client): MigrationSession => ({
  engine: 'postgres',
  exec: (text) => client.query(text),
  query: async <T>(text: string, params?: unknown[]) => ({
    rows: (await client.query(text, params)).rows as T[],
  }),
});

/** Milliseconds `fn` took. */
const timed = async (fn: () => Promise<unknown>) => {
  const start = performance.now();
  await fn();
  return performance.now() - start;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(testEngine() === 'postgres')('on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const clients: pg.Client[] = [];
  const connect = async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    clients.push(client);
    return client;
  };
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end().catch(() => {})));
    await database?.close();
  });

  it('builds an index CONCURRENTLY while a transaction is open: readers and writers go on', async () => {
    const migrator = await connect();
    writeMigrations([CREATE]);
    await applyMigrations(sessionOf(migrator), {
      migrationsFolder: folder,
      migrationsTable: TABLE,
    });
    const holder = await connect();
    const other = await connect();
    // A write not yet committed: the build waits for it (as for every older transaction).
    await holder.query('BEGIN');
    await holder.query('INSERT INTO online_t (x) VALUES (7)');
    writeMigrations([CREATE, CONCURRENT_INDEX]);
    let done = false;
    const migrating = applyMigrations(sessionOf(migrator), {
      migrationsFolder: folder,
      migrationsTable: TABLE,
    }).then(() => (done = true));
    try {
      await sleep(300);
      // The build waits for the open transaction; the table's readers and writers do not.
      expect(done).toBe(false);
      const read = await timed(() => other.query('SELECT count(*) FROM online_t WHERE x = 5'));
      const write = await timed(() => other.query('INSERT INTO online_t (x) VALUES (5)'));
      expect(read).toBeLessThan(1000);
      expect(write).toBeLessThan(1000);
    } finally {
      await holder.query('COMMIT');
      await migrating;
    }
    const { rows } = await other.query(
      `SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = 'online_t_x_idx'`,
    );
    expect(rows).toEqual([{ valid: true }]);
    const recorded = await other.query(`SELECT count(*)::int AS n FROM drizzle."${TABLE}"`);
    expect(recorded.rows[0].n).toBe(2);
  });

  /**
   * A migration that needs the table to itself while a long read holds it: the reader that
   * comes next waits how long? With the lock timeout, at most about the timeout.
   */
  async function readerWaitBehindAlter(lockTimeoutMs: number, column: string, files: string[]) {
    const migrator = await connect();
    const holder = await connect();
    const reader = await connect();
    await holder.query('BEGIN');
    await holder.query('SELECT count(*) FROM online_t');
    writeMigrations([...files, `ALTER TABLE "online_t" ADD COLUMN "${column}" integer;`]);
    const migrating = applyMigrations(sessionOf(migrator), {
      migrationsFolder: folder,
      migrationsTable: TABLE,
      lockTimeoutMs,
      pauseMs: 300,
    });
    await sleep(300);
    // The long read ends four seconds after the reader comes.
    const released = sleep(4000).then(() => holder.query('COMMIT'));
    const waited = await timed(() => reader.query('SELECT count(*) FROM online_t'));
    await released;
    await migrating;
    const { rows } = await reader.query(
      `SELECT 1 FROM information_schema.columns WHERE table_name = 'online_t' AND column_name = $1`,
      [column],
    );
    expect(rows).toHaveLength(1);
    return waited;
  }

  it('a migration waiting for a lock gives up within a second, readers pass, and it is tried again until it passes', async () => {
    const files = [CREATE, CONCURRENT_INDEX];
    expect(await readerWaitBehindAlter(1000, 'y', files)).toBeLessThan(2500);
    // Without the bound the reader queues behind the migration until the long read ends.
    expect(
      await readerWaitBehindAlter(60_000, 'z', [
        ...files,
        `ALTER TABLE "online_t" ADD COLUMN "y" integer;`,
      ]),
    ).toBeGreaterThan(3000);
  }, 60_000);

  it('a concurrent build that failed is dropped and built again on the next run', async () => {
    const migrator = await connect();
    const unique = `CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "online_t_unique_idx" ON "online_t" ("id", "x");`;
    const files = [
      CREATE,
      CONCURRENT_INDEX,
      `ALTER TABLE "online_t" ADD COLUMN "y" integer;`,
      `ALTER TABLE "online_t" ADD COLUMN "z" integer;`,
    ];
    // Duplicates: the unique build fails and leaves its index invalid; nothing is recorded.
    await migrator.query('ALTER TABLE online_t DROP CONSTRAINT online_t_pkey');
    await migrator.query('INSERT INTO online_t (id, x) SELECT id, x FROM online_t WHERE id <= 3');
    writeMigrations([...files, unique]);
    const options = { migrationsFolder: folder, migrationsTable: TABLE };
    await expect(applyMigrations(sessionOf(migrator), options)).rejects.toThrow(
      /duplicate|unique/i,
    );
    const state = () =>
      migrator.query(
        `SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = 'online_t_unique_idx'`,
      );
    expect((await state()).rows).toEqual([{ valid: false }]);
    await migrator.query(
      'DELETE FROM online_t a USING online_t b WHERE a.ctid < b.ctid AND a.id = b.id AND a.x = b.x',
    );
    await applyMigrations(sessionOf(migrator), options);
    expect((await state()).rows).toEqual([{ valid: true }]);
  });
});

describe('on the embedded engine', () => {
  it('runs the same files, CONCURRENTLY dropped, each in a transaction', async () => {
    const pglite = new PGlite();
    try {
      writeMigrations([CREATE, CONCURRENT_INDEX]);
      const session: MigrationSession = {
        engine: 'pglite',
        exec: (text) => pglite.exec(text),
        query: <T>(text: string, params?: unknown[]) => pglite.query<T>(text, params),
      };
      await applyMigrations(session, { migrationsFolder: folder, migrationsTable: TABLE });
      // Again: nothing left to do.
      await applyMigrations(session, { migrationsFolder: folder, migrationsTable: TABLE });
      const index = await pglite.query(
        `SELECT 1 FROM pg_indexes WHERE indexname = 'online_t_x_idx'`,
      );
      expect(index.rows).toHaveLength(1);
      const recorded = await pglite.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM drizzle."${TABLE}"`,
      );
      expect(recorded.rows[0]?.n).toBe(2);
    } finally {
      await pglite.close();
    }
  });
});
