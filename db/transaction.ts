import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Runs `work` in one transaction on `db` and answers what it answers; a throw rolls it back.
 * Drizzle types a transaction apart from its database (PgTransaction), though it takes every
 * query a database takes; repositories are written against `Db`, so the one cast lives here.
 */
export function transaction<T>(
  db: Db,
  work: (tx: Db) => Promise<T>,
  config?: PgTransactionConfig,
): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db), config);
}
