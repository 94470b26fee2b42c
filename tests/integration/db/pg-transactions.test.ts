/*
 * Transactions on PostgreSQL's pool give their connection back however they end
 * (db/pg-transactions.ts). drizzle-orm 0.45 kept the connection of a transaction whose BEGIN
 * failed: after a database restart, a stopping server waited on its pool for ever (the fault
 * test's "shutdown took too long"), and each such failure took one connection from the pool.
 * On a pool of one connection, one leaked connection makes the next transaction wait for the
 * pool's 10 s and fail, and closing the database never ends.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../../db/client';
import { createTestDatabase, testEngine } from '../../setup/test-db';

let template: Database & { url: string | undefined };
let database: Database;

/** What the pool has out: open connections and how many of them are idle. */
const poolOut = () => {
  const use = database.poolUse?.();
  return use ? use.total - use.idle : 0;
};

describe.skipIf(testEngine() !== 'postgres')('a transaction on the PostgreSQL pool', () => {
  beforeAll(async () => {
    template = await createTestDatabase();
    database = await openDatabase({
      databaseUrl: template.url!,
      dataDir: '',
      migrate: false,
      poolSize: 1,
    });
  });
  afterAll(async () => {
    await database?.close();
    await template?.close();
  });

  it('whose BEGIN fails gives its connection back', async () => {
    // A BEGIN the database refuses, as it refuses one on a connection a restart cut.
    await expect(
      database.db.transaction(async () => 'never', {
        isolationLevel: 'no such level' as 'serializable',
      }),
    ).rejects.toThrow();
    expect(poolOut()).toBe(0);
    const answer = await database.db.transaction(async (tx) => {
      const result = await tx.execute(sql`SELECT 41 + 1 AS n`);
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
    });
    expect(answer).toBe(42);
    expect(poolOut()).toBe(0);
  });

  it('whose connection is cut inside it leaves a pool that works, and is not committed', async () => {
    await database.db.execute(sql`CREATE TABLE IF NOT EXISTS cut_marks (n int)`);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO cut_marks VALUES (1)`);
        await tx.execute(sql`SELECT pg_terminate_backend(pg_backend_pid())`);
      }),
    ).rejects.toThrow();
    expect(poolOut()).toBe(0);
    const rows = await database.db.transaction(async (tx) =>
      tx.execute(sql`SELECT count(*)::int AS n FROM cut_marks`),
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('that throws is rolled back and its connection pooled again', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO cut_marks VALUES (2)`);
        throw new Error('the work changed its mind');
      }),
    ).rejects.toThrow('the work changed its mind');
    const rows = await database.db.execute(sql`SELECT count(*)::int AS n FROM cut_marks`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    expect(database.poolUse?.()).toMatchObject({ total: 1, idle: 1 });
  });

  it('closes the pool afterwards', async () => {
    // A leaked connection never lets it end: the test's own time limit would stop it.
    await database.close();
    expect(database.poolUse?.()).toMatchObject({ total: 0 });
  });
});
