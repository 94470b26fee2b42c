/*
 * Transactions on the PostgreSQL pool, with their connection always given back.
 *
 * drizzle-orm 0.45's node-postgres session (NodePgSession.transaction) takes a connection from
 * the pool and sends BEGIN before the `try` whose `finally` releases it. A BEGIN that fails (a
 * connection the database cut while it sat idle, as a restart does; a statement timeout) keeps
 * that connection checked out for the life of the process: the pool shrinks by one each time
 * until every query waits, and closing the pool waits for it forever, so a stopping process
 * outlives its grace (a fault test's restart showed it). Upstream drizzle-orm#6241, open at
 * 0.45.4. This is the same method with BEGIN inside the `try`, and a connection whose ROLLBACK
 * failed destroyed rather than pooled again (docs/decisions/064).
 */
import { type SQL, sql } from 'drizzle-orm';
import { type NodePgDatabase, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type pg from 'pg';

/** What NodePgSession keeps that its declarations call protected or leave out. */
interface SessionParts {
  client: pg.Pool;
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
}

/** PgTransaction's own words for a config (`isolation level …`), internal to its declarations. */
const configSql = (tx: unknown, config: PgTransactionConfig) =>
  (tx as { getTransactionConfigSQL(c: PgTransactionConfig): SQL }).getTransactionConfigSQL(config);

const asError = (thrown: unknown) => (thrown instanceof Error ? thrown : new Error(String(thrown)));

type Work<T> = (tx: NodePgTransaction<Record<string, unknown>, never>) => Promise<T>;

/** Replaces the pool-backed `db`'s transaction method (nested ones, savepoints, are unchanged). */
export function releaseEveryTransaction(db: NodePgDatabase): void {
  const session = (db as unknown as { session: NodePgSession<never, never> }).session;
  const parts = session as unknown as SessionParts;
  const transaction = async <T>(work: Work<T>, config?: PgTransactionConfig): Promise<T> => {
    const client = await parts.client.connect();
    const own = new NodePgSession(client, parts.dialect, parts.schema, parts.options);
    const tx = new NodePgTransaction(parts.dialect, own, parts.schema as never);
    // An error that leaves the connection in doubt: pg-pool then closes it instead of pooling it.
    let doubtful: Error | undefined;
    try {
      try {
        await tx.execute(sql`begin${config ? sql` ${configSql(tx, config)}` : undefined}`);
      } catch (error) {
        doubtful = asError(error);
        throw error;
      }
      try {
        const result = await work(tx as never);
        await tx.execute(sql`commit`);
        return result;
      } catch (error) {
        await tx.execute(sql`rollback`).catch((failed: unknown) => {
          doubtful = asError(failed);
        });
        throw error;
      }
    } finally {
      client.release(doubtful);
    }
  };
  (session as unknown as { transaction: typeof transaction }).transaction = transaction;
}
