import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { lockDataDir } from './lock';
import { applyMigrations } from './migrate';
import { createReplicaSet, keepErrorsQuiet, ReplicatedPool, type ReplicaSet } from './replicas';
import {
  exclusiveIn,
  listenConnection,
  migrateDirectly,
  readsPoolConfig,
  type PoolUse,
} from './postgres-connections';
import { releaseEveryTransaction } from './pg-transactions';

export type { PoolUse };

/**
 * Extensions the embedded engine loads with every database: the schema uses pg_trgm (search's
 * "Did you mean", db/migrations/0005_search.sql), as PostgreSQL does.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * PostgreSQL's own cache inside the embedded engine's WebAssembly memory. Its default, 128 MB,
 * grew that memory from 128 to 189 MB at start (WebAssembly memory never shrinks) and held
 * blocks the operating system caches anyway: the data folder is real files. 32 MB keeps the
 * engine within its initial 128 MB at 10,000 articles (docs/decisions/027, "Memory").
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

const pgliteOptions = {
  extensions: PGLITE_EXTENSIONS,
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
};

/** The one query interface repositories use, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  engine: Engine;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  /**
   * Runs `fn` while holding a lock shared by every process on this database (a PostgreSQL
   * advisory lock; the embedded engine has one process by construction).
   */
  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /**
   * Tells every process on this database, this one included, that `channel` happened, with a
   * `payload` (empty by default) the listeners get.
   */
  notify(channel: string, payload?: string): Promise<void>;
  /**
   * Calls `onMessage` on each notification of `onChannel`, and `onConnection(false)` whenever
   * some may be missed (the listening connection dropped), `onConnection(true)` once it is back.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onConnection?: (up: boolean) => void,
  ): Promise<void>;
  /** Refreshes planner statistics; PGlite has no working autovacuum (ARCHITECTURE.md). */
  analyze(): Promise<void>;
  /**
   * Embedded engine only: a consistent copy of the whole data folder (PGlite's tar.gz, what
   * `npm run backup` keeps; a plain tar with 'none'); queries wait while it is taken.
   */
  dumpDataDir?(compression?: Parameters<PGlite['dumpDataDir']>[0]): Promise<Blob>;
  /** PostgreSQL only: the connection pool's use now (the embedded engine has no pool). */
  poolUse?(): PoolUse;
  /** PostgreSQL with DATABASE_REPLICA_URL: the replicas anonymous reads may use (db/replicas.ts). */
  replicas?: ReplicaSet;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… to use a PostgreSQL server; absent for the embedded engine. */
  databaseUrl?: string | undefined;
  /** Where the embedded database lives (DATA_DIR/db); ignored with databaseUrl. */
  dataDir: string;
  /** Embedded engine only: keep the database in memory (tests). */
  inMemory?: boolean;
  /**
   * Embedded engine, in memory only: start from this dump of a migrated database (`dumpDataDir`)
   * instead of an empty one, as PostgreSQL's tests copy a template (tests/setup/test-db.ts).
   */
  fromDump?: Blob | File;
  poolSize?: number;
  /**
   * PostgreSQL only: false when another process already applied the migrations (the workers of
   * a cluster, whose primary migrated before forking them).
   */
  migrate?: boolean;
  /**
   * PostgreSQL only: false behind a pooler in transaction mode (PgBouncer before 1.21), where a
   * named prepared statement made on one server connection is missing on the next.
   */
  prepared?: boolean;
  /** PostgreSQL only: where LISTEN goes (a direct connection); DATABASE_URL by default. */
  listenUrl?: string | undefined;
  /** PostgreSQL only: streaming replicas for anonymous reads (DATABASE_REPLICA_URL). */
  replicaUrls?: string[];
  /** How far behind (ms) a replica may be and still be read (REPLICA_MAX_LAG). */
  replicaMaxLagMs?: number;
}

/** The handle each PostgreSQL database's named prepared statements run on (openPostgres). */
const preparedHandles = new WeakMap<Db, Db>();
/**
 * Whether a database of this process was opened with DATABASE_PREPARED=0 (behind a pooler):
 * then no statement is named, not even in a transaction, whose handle knows no database (a
 * process opens one database; tests that open others run in processes of their own).
 */
let unnamedStatements = false;

/** Whether statements on `db` may be named prepared statements (db/prepared.ts). */
export const usesNamedStatements = (_db: Db): boolean => !unnamedStatements;

/**
 * Where a named prepared statement of `db` should run: on PostgreSQL, connections that plan
 * it once (generic plans); anything else (the embedded engine, a transaction) runs it itself.
 */
export const preparedHandle = (db: Db): Db => preparedHandles.get(db) ?? db;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** The shared migrations' journal: every migration this version brings, oldest first. */
const journalEntries = () =>
  (
    JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    }
  ).entries;
/** The tag of the newest migration (e.g. `0004_moving_in_and_out`): the schema this code has. */
export const latestMigration = (): string => journalEntries().at(-1)?.tag ?? '';
/** How many migrations this version brings (the database has them all once it has started). */
export const migrationCount = (): number => journalEntries().length;

/** Opens the database, applies pending migrations and returns it ready for queries. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, {
        max: options.poolSize ?? 10,
        migrate: options.migrate ?? true,
        prepared: options.prepared ?? true,
        listenUrl: options.listenUrl ?? options.databaseUrl,
        replicaUrls: options.replicaUrls ?? [],
        replicaMaxLagMs: options.replicaMaxLagMs ?? 10_000,
      })
    : openPglite(options);
}

async function openPglite({ dataDir, inMemory, fromDump }: OpenDatabaseOptions): Promise<Database> {
  const lock = inMemory ? undefined : lockDataDir(dataDir);
  let client: PGlite | undefined;
  try {
    client = inMemory
      ? new PGlite({ ...pgliteOptions, loadDataDir: fromDump })
      : new PGlite(join(dataDir, 'db'), pgliteOptions);
    await client.waitReady;
    const db = drizzlePglite({ client, casing: 'snake_case' }) as unknown as Db;
    const engine = client;
    await applyMigrations(
      {
        engine: 'pglite',
        exec: (text) => engine.exec(text),
        query: <T>(text: string, params?: unknown[]) => engine.query<T>(text, params),
      },
      { migrationsFolder },
    );
    await client.exec('VACUUM ANALYZE');
    const pglite = client;
    let closed = false;
    return {
      db,
      engine: 'pglite',
      exclusive: (_name, fn) => fn(),
      notify: async (channel, payload = '') => {
        if (!closed) await pglite.query('SELECT pg_notify($1, $2)', [channel, payload]);
      },
      listen: async (channel, onMessage) => {
        await pglite.listen(channel, (payload) => onMessage(payload ?? ''));
      },
      ping: async () => {
        if (closed) throw new Error('database closed');
        await pglite.query('SELECT 1');
      },
      analyze: async () => {
        await pglite.exec('VACUUM ANALYZE');
      },
      dumpDataDir: (compression = 'gzip') => pglite.dumpDataDir(compression),
      close: async () => {
        if (closed) return;
        closed = true;
        try {
          await pglite.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    await client?.close().catch(() => {});
    lock?.release();
    throw error;
  }
}

/** How a PostgreSQL database is opened (OpenDatabaseOptions, with their defaults). */
interface PostgresOptions {
  max: number;
  migrate: boolean;
  /** Named prepared statements on connections of their own; false behind a pooler. */
  prepared: boolean;
  /** Where the LISTEN connection goes: straight to PostgreSQL, never through a pooler. */
  listenUrl: string;
  replicaUrls: string[];
  replicaMaxLagMs: number;
}

async function openPostgres(connectionString: string, opts: PostgresOptions): Promise<Database> {
  const { max, migrate } = opts;
  let replicas: ReplicaSet | undefined;
  const pool = new ReplicatedPool(
    { connectionString, max, connectionTimeoutMillis: 10_000 },
    () => replicas,
    false,
  );
  // A client that loses its server must not end the process (issue 24 R1): pg-pool listens for
  // errors only while a client is idle, so a connection lost inside a transaction or a held
  // lock raised an 'error' nobody heard. Every client gets its own listener for life; the query
  // it was running fails, and the pool replaces the connection.
  keepErrorsQuiet(pool);
  // Behind a pooler there are no named statements to plan, and no startup options it accepts.
  const readsPool = opts.prepared
    ? keepErrorsQuiet(
        new ReplicatedPool(readsPoolConfig(connectionString, max), () => replicas, true),
      )
    : undefined;
  if (migrate)
    try {
      await migrateDirectly(opts.listenUrl, migrationsFolder);
    } catch (error) {
      await Promise.all([pool.end(), readsPool?.end()]).catch(() => {});
      throw error;
    }
  if (opts.replicaUrls.length > 0)
    replicas = createReplicaSet({
      urls: opts.replicaUrls,
      primary: pool,
      maxLagMs: opts.replicaMaxLagMs,
      poolSize: max,
      readsPool: opts.prepared
        ? (url) => keepErrorsQuiet(new pg.Pool(readsPoolConfig(url, max)))
        : undefined,
    });
  const pgDb = drizzlePg({ client: pool, casing: 'snake_case' });
  releaseEveryTransaction(pgDb);
  const db = pgDb as unknown as Db;
  if (readsPool)
    preparedHandles.set(
      db,
      drizzlePg({ client: readsPool, casing: 'snake_case' }) as unknown as Db,
    );
  else unnamedStatements = true;
  const listening = listenConnection(opts.listenUrl);
  let closed = false;
  return {
    db,
    engine: 'postgres',
    replicas,
    notify: async (channel, payload = '') => {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    listen: listening.listen,
    exclusive: (name, fn) => exclusiveIn(pool, name, fn),
    ping: async () => {
      await pool.query('SELECT 1');
    },
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max,
    }),
    analyze: async () => {
      await db.execute(sql`ANALYZE`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await listening.close();
      await Promise.all([pool.end(), readsPool?.end(), replicas?.close()]);
    },
  };
}
