/*
 * No JIT compilation on PostgreSQL (docs/decisions/086, db/migrations-postgres/0001_jit_off.sql):
 * at a million stories, LLVM compiled the home's three-card statement for a second on every
 * request. The PostgreSQL migrations turn it off for the database, so every new session (the
 * pools', a replica's, through a pooler) starts without it; a role that does not own the
 * database is warned and the migration goes on. The reads pool says so at connect as well.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, type MigrationSession } from '../../../db/migrate';
import { readsPoolConfig } from '../../../db/postgres-connections';
import { createTestDatabase, testEngine } from '../../setup/test-db';

const FOLDER = fileURLToPath(new URL('../../../db/migrations-postgres', import.meta.url));

const sessionOf = (client: pg.Client): MigrationSession => ({
  engine: 'postgres',
  exec: (text) => client.query(text),
  query: async <T>(text: string, params?: unknown[]) => ({
    rows: (await client.query(text, params)).rows as T[],
  }),
});

/** `SHOW jit` on a session opened now with `config`. */
async function jitOf(config: pg.ClientConfig): Promise<string> {
  const client = new pg.Client(config);
  await client.connect();
  try {
    return (await client.query<{ jit: string }>('SHOW jit')).rows[0]!.jit;
  } finally {
    await client.end();
  }
}

describe.runIf(testEngine() === 'postgres')('JIT on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>> & { url: string };
  beforeAll(async () => {
    // A copy of the run's template: a database's settings are not copied with it.
    const made = await createTestDatabase();
    database = { ...made, url: made.url! };
  });
  afterAll(async () => database?.close());

  it('is off for every new session once the PostgreSQL migrations ran', async () => {
    expect(await jitOf({ connectionString: database.url })).toBe('on');
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await applyMigrations(sessionOf(client), {
        migrationsFolder: FOLDER,
        migrationsTable: '__jit_test_migrations',
      });
    } finally {
      await client.end();
    }
    expect(await jitOf({ connectionString: database.url })).toBe('off');
  });

  it("is off on the reads pool's connections whatever the database says", async () => {
    const { options } = readsPoolConfig(database.url, 2);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const name = new URL(database.url).pathname.slice(1);
      await admin.query(`ALTER DATABASE "${name}" RESET jit`);
    } finally {
      await admin.end();
    }
    expect(await jitOf({ connectionString: database.url })).toBe('on');
    expect(await jitOf({ connectionString: database.url, options })).toBe('off');
  });

  it('warns, and goes on, where the role does not own the database', async () => {
    const role = `jit_guest_${Date.now()}`;
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const notices: string[] = [];
    try {
      await admin.query(`CREATE ROLE ${role} LOGIN`);
      await admin.query(`SET ROLE ${role}`);
      admin.on('notice', (n) => notices.push(n.message ?? ''));
      await admin.query(readFileSync(`${FOLDER}/0001_jit_off.sql`, 'utf8'));
      await admin.query('RESET ROLE');
    } finally {
      await admin.query(`DROP ROLE IF EXISTS ${role}`).catch(() => {});
      await admin.end();
    }
    expect(notices.join('\n')).toMatch(/jit stays on for .*only its owner may turn it off/);
  });
});
