/*
 * PostgreSQL's connections beside the main pool (db/client.ts): migrating, the reading pages' pool of
 * named prepared statements, a transaction's advisory lock, and the one connection that holds
 * the LISTENs.
 */
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { applyMigrations, type MigrationSession } from './migrate';

/**
 * Migrations PostgreSQL alone gets, after the shared ones, recorded in a table of their own:
 * what the embedded engine cannot have (btree_gin beside pg_trgm broke PGlite 0.5.16's "Did you
 * mean" and then hung it), where PostgreSQL needs it for speed.
 */
const postgresMigrationsFolder = fileURLToPath(new URL('./migrations-postgres', import.meta.url));
const POSTGRES_MIGRATIONS_TABLE = '__drizzle_migrations_postgres';
/** The connection pool's use now (Database.poolUse). */
export interface PoolUse {
  /** Open connections, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

const MIGRATION_LOCK_KEY = 7_232_011; // any constant shared by every Patrika process

/**
 * Applies pending migrations over a connection of its own, straight to PostgreSQL (the listen
 * address, never a pooler: DDL and a session's lock need one real session), one process at a
 * time.
 */
export async function migrateDirectly(connectionString: string, migrationsFolder: string) {
  const conn = new pg.Client({ connectionString });
  conn.on('error', () => {});
  await conn.connect();
  try {
    // Tried, not waited for inside a statement: a statement waiting for the lock holds a
    // snapshot, which the holder's CREATE INDEX CONCURRENTLY would wait for in turn (a
    // deadlock PostgreSQL breaks by failing one of them).
    while (
      !(
        await conn.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1) AS got', [
          MIGRATION_LOCK_KEY,
        ])
      ).rows[0]?.got
    )
      await new Promise((resolve) => setTimeout(resolve, 200));
    // Each migration in its own transaction, or none (db/migrate.ts).
    const session: MigrationSession = {
      engine: 'postgres',
      exec: (text) => conn.query(text),
      query: async <T>(text: string, params?: unknown[]) => ({
        rows: (await conn.query(text, params)).rows as T[],
      }),
    };
    await applyMigrations(session, { migrationsFolder });
    await applyMigrations(session, {
      migrationsFolder: postgresMigrationsFolder,
      migrationsTable: POSTGRES_MIGRATIONS_TABLE,
    });
  } finally {
    await conn.end().catch(() => {});
  }
}

/** The longest wait between two tries to get the listening connection back. */
const LISTEN_RETRY_MAX_MS = 30_000;

/**
 * The pool of the reading pages' hot reads, named prepared statements (preparedHandle above).
 * Left to choose, PostgreSQL planned each again at every execution (a custom plan for its
 * values), which took longer than running it (docs/perf/query-notes.md); their generic plans,
 * made once per connection, run as fast. The setting is per connection and holds for every
 * statement with values, so these statements get connections of their own: on the main pool
 * it gave search a generic plan that scanned the whole table (docs/decisions/027).
 */
export function readsPoolConfig(connectionString: string, max: number): pg.PoolConfig {
  return {
    connectionString,
    max: Math.max(2, Math.ceil(max / 2)),
    connectionTimeoutMillis: 10_000,
    // No JIT for these generic plans either (docs/decisions/086): one estimates a LIMIT
    // placeholder as a tenth of the table, and at a million stories LLVM compiled a
    // three-card statement for a second on every request.
    options: [process.env.PGOPTIONS, '-c plan_cache_mode=force_generic_plan -c jit=off']
      .filter(Boolean)
      .join(' '),
  };
}

/**
 * A transaction's lock, held by keeping the transaction open while `fn` runs: a pooler in
 * transaction mode keeps that one server connection for it, where a session's lock could be
 * taken on one server connection and released on another.
 */
export async function exclusiveIn<T>(
  pool: pg.Pool,
  name: string,
  fn: () => Promise<T>,
): Promise<T> {
  const conn = await pool.connect();
  try {
    await conn.query('BEGIN');
    await conn.query('SELECT pg_advisory_xact_lock(hashtext($1))', [name]);
    const result = await fn();
    await conn.query('COMMIT');
    return result;
  } catch (error) {
    await conn.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    conn.release();
  }
}

/**
 * One connection of its own holds the LISTENs; if it drops, listeners hear it (onConnection)
 * and it reconnects with a capped backoff until it is closed (issue 24 R2).
 */
export function listenConnection(listenUrl: string) {
  const listeners: {
    channel: string;
    onMessage: (payload: string) => void;
    onConnection: (up: boolean) => void;
  }[] = [];
  let listener: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let closed = false;
  const connectListener = (): Promise<void> => {
    connecting ??= (async () => {
      const client = new pg.Client({ connectionString: listenUrl });
      client.on('notification', (msg) =>
        listeners
          .filter((l) => l.channel === msg.channel)
          .forEach((l) => l.onMessage(msg.payload ?? '')),
      );
      const lost = () => {
        if (closed || listener !== client) return;
        listener = undefined;
        listeners.forEach((l) => l.onConnection(false));
        reconnect(0);
      };
      client.on('error', lost);
      client.on('end', lost);
      try {
        await client.connect();
      } catch (error) {
        client.removeAllListeners('end');
        await client.end().catch(() => {});
        throw error;
      }
      listener = client;
      for (const channel of new Set(listeners.map((l) => l.channel))) {
        await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      }
      listeners.forEach((l) => l.onConnection(true));
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };
  /** Tries again after 1, 2, 4 … s, at most LISTEN_RETRY_MAX_MS apart, until it is back. */
  const reconnect = (attempt: number) => {
    const delay = Math.min(LISTEN_RETRY_MAX_MS, 1000 * 2 ** attempt);
    setTimeout(() => {
      if (closed || listener) return;
      connectListener().catch(() => reconnect(attempt + 1));
    }, delay).unref();
  };
  const listen = async (
    channel: string,
    onMessage: (payload: string) => void,
    onConnection: (up: boolean) => void = () => {},
  ): Promise<void> => {
    listeners.push({ channel, onMessage, onConnection });
    if (listener) await listener.query(`LISTEN "${channel.replace(/"/g, '')}"`);
    else await connectListener();
  };
  const close = async () => {
    closed = true;
    await listener?.end().catch(() => {});
  };
  return { listen, close };
}
