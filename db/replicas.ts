/*
 * Reads from streaming replicas (issue 28 item 2, docs/decisions/036). Anonymous readers' reads
 * (pages, feeds, sitemaps, search, public API calls) may run on a replica; writes, transactions
 * and everything a signed-in person or a recent writer asks run on the primary.
 *
 * A replica is used only while it is at least as new as every change this process has heard of:
 * a content change notice (NOTIFY, sent after its transaction committed) raises the WAL position
 * replicas must have replayed (the primary's position when the notice was heard). Until the
 * replica has replayed that far, its reads go to the primary. So a page refreshed because of a
 * change is never made from a replica that has not seen the change, and kept as fresh.
 *
 * A replica further behind than REPLICA_MAX_LAG seconds, or unreachable, is skipped until it
 * catches up; a read that fails on a replica because it went away runs again on the primary.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { shownUrl } from '../common/shown-url';

/** How often each process asks the primary and the replicas where they are. */
const POLL_MS = 500;

/** A WAL position (`16/B374D848`) as one number. */
export function lsnValue(text: string): bigint {
  const [high = '0', low = '0'] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** The scope of one request whose reads may run on a replica. */
const replicaScope = new AsyncLocalStorage<true>();

/** Runs `fn` (an anonymous reader's request) with its reads allowed on a replica. */
export const withReplicaReads = <T>(fn: () => T): T => replicaScope.run(true, fn);

/**
 * Runs `fn` with its reads on the primary, within an anonymous request: for a row whose change
 * sends no event, so no fence waits for a replica to replay it (a gift link given or stopped).
 */
export const withPrimaryReads = <T>(fn: () => T): T => replicaScope.exit(fn);

/**
 * Whether a statement only reads and may run on a replica: a SELECT that locks nothing, sends
 * no notice and takes no sequence value or advisory lock.
 */
export function isPlainRead(text: string): boolean {
  if (!/^\s*select\b/i.test(text)) return false;
  return !/\bfor\s+(no\s+key\s+)?(update|share|key\s+share)\b|pg_notify|nextval\s*\(|pg_advisory|set_config/i.test(
    text,
  );
}

/** What a process knows of one replica (metrics and health). */
export interface ReplicaStatus {
  /** The replica's address without its user info or parameter values (common/shown-url.ts). */
  name: string;
  reachable: boolean;
  /** Seconds behind the primary, as last measured; undefined while unreachable. */
  lagSeconds: number | undefined;
  /** Whether anonymous reads go to it now. */
  usable: boolean;
  /** Statements it has run for this process, and those that fell back to the primary. */
  reads: number;
  fallbacks: number;
}

interface Replica {
  name: string;
  pool: pg.Pool;
  /** The pool of prepared hot reads on it, when the primary has one (openReadsPool). */
  readsPool: pg.Pool | undefined;
  replayed: bigint;
  reachable: boolean;
  lagMs: number;
  reads: number;
  fallbacks: number;
}

/**
 * Gives every client of `pool` an error listener for as long as it lives: a connection lost
 * while checked out (in a transaction) must not end the process (issue 24 R1).
 */
export function keepErrorsQuiet<P extends pg.Pool>(pool: P): P {
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** A connection failure, not a query's own error: the read may run again elsewhere. */
const isConnectionError = (error: unknown) => {
  const code = (error as { code?: string }).code ?? '';
  const message = (error as Error).message ?? '';
  return (
    /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|57P0[1-3]|08\d\d[0-9A-Z]?)$/.test(code) ||
    /Connection terminated|timeout exceeded when trying to connect|not queryable/i.test(message)
  );
};

export interface ReplicaSet {
  /**
   * The pool a statement should run on, or undefined for the primary. `prepared` picks the
   * replica's pool of prepared hot reads.
   */
  pick(text: string, prepared: boolean): Replica | undefined;
  /** A read failed on `replica`: whether it may run again on the primary (it went away). */
  failed(replica: Replica, error: unknown): boolean;
  /** A content change was heard: reads wait for replicas to replay past it. */
  changeHeard(): void;
  status(): ReplicaStatus[];
  close(): Promise<void>;
}

export interface ReplicaOptions {
  urls: string[];
  primary: pg.Pool;
  maxLagMs: number;
  poolSize: number;
  /** Makes a replica's pool of prepared hot reads, as the primary's (undefined: none). */
  readsPool?: (url: string) => pg.Pool | undefined;
  pollMs?: number;
}

/** Starts watching the replicas; reads go to them only once a first poll found them current. */
export function createReplicaSet(options: ReplicaOptions): ReplicaSet {
  const replicas: Replica[] = options.urls.map((url) => {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize,
      connectionTimeoutMillis: 2_000,
    });
    keepErrorsQuiet(pool);
    return {
      name: shownUrl(url),
      pool,
      readsPool: options.readsPool?.(url),
      replayed: 0n,
      reachable: false,
      lagMs: Infinity,
      reads: 0,
      fallbacks: 0,
    };
  });
  const watch = watchPositions(replicas, options);
  let next = 0;
  const usable = (r: Replica) =>
    r.reachable && r.lagMs <= options.maxLagMs && watch.current(r.replayed);
  return {
    pick(text, prepared) {
      if (replicaScope.getStore() !== true || !isPlainRead(text)) return undefined;
      for (let i = 0; i < replicas.length; i++) {
        const r = replicas[(next + i) % replicas.length]!;
        if (!usable(r) || (prepared && !r.readsPool)) continue;
        next = (next + i + 1) % replicas.length;
        r.reads++;
        return r;
      }
      return undefined;
    },
    failed(replica, error) {
      if (!isConnectionError(error)) return false;
      replica.reachable = false;
      replica.fallbacks++;
      return true;
    },
    changeHeard: watch.changeHeard,
    status: () =>
      replicas.map((r) => ({
        name: r.name,
        reachable: r.reachable,
        lagSeconds: r.reachable ? r.lagMs / 1000 : undefined,
        usable: usable(r),
        reads: r.reads,
        fallbacks: r.fallbacks,
      })),
    async close() {
      watch.stop();
      await Promise.all(replicas.flatMap((r) => [r.pool.end(), r.readsPool?.end()]));
    },
  };
}

/**
 * Polls where the primary and each replica are. A replica's lag is how long ago the primary was
 * where the replica has replayed to (from the primary's recent positions); `current` says
 * whether a replayed position holds every change heard so far.
 */
function watchPositions(replicas: Replica[], options: ReplicaOptions) {
  /** The primary's recent positions, oldest first, kept for a little over the lag allowed. */
  const history: { at: number; lsn: bigint }[] = [];
  /** Where replicas must have replayed to: the primary's position after the last heard change. */
  let mustReach = 0n;
  /** Changes heard whose position is not known yet: replicas are not used meanwhile. */
  let pending = 0;
  let stopped = false;
  const primaryPosition = async () => {
    const { rows } = await options.primary.query<{ lsn: string }>(
      'SELECT pg_current_wal_lsn()::text AS lsn',
    );
    return lsnValue(rows[0]!.lsn);
  };
  const lagOf = (replayed: bigint, now: number) => {
    const ahead = history.find((h) => h.lsn > replayed);
    return ahead ? now - ahead.at : 0;
  };
  const pollReplica = async (r: Replica) => {
    try {
      const { rows } = await r.pool.query<{ lsn: string | null }>(
        'SELECT pg_last_wal_replay_lsn()::text AS lsn',
      );
      // Not in recovery (a promoted replica, or a primary named by mistake): nothing to compare.
      r.replayed = rows[0]?.lsn ? lsnValue(rows[0].lsn) : 0n;
      r.reachable = rows[0]?.lsn != null;
      r.lagMs = r.reachable ? lagOf(r.replayed, Date.now()) : Infinity;
    } catch {
      r.reachable = false;
      r.lagMs = Infinity;
    }
  };
  const poll = async () => {
    try {
      const lsn = await primaryPosition();
      const now = Date.now();
      history.push({ at: now, lsn });
      while (history.length > 2 && now - history[1]!.at > options.maxLagMs * 2) history.shift();
    } catch {
      // The primary is away: replicas keep their last known place.
    }
    await Promise.all(replicas.map(pollReplica));
  };
  let timer: NodeJS.Timeout | undefined;
  const loop = () => {
    if (stopped) return;
    void poll().finally(() => {
      if (!stopped) timer = setTimeout(loop, options.pollMs ?? POLL_MS).unref();
    });
  };
  loop();
  return {
    current: (replayed: bigint) => pending === 0 && replayed >= mustReach,
    changeHeard() {
      pending++;
      // Outside any reader's scope: this is the process's own bookkeeping.
      replicaScope.exit(() => {
        void primaryPosition()
          .then((lsn) => {
            if (lsn > mustReach) mustReach = lsn;
          })
          .catch(() => {
            // Unknown: demand the newest position seen, and more, until a poll knows better.
            const last = history.at(-1)?.lsn ?? 0n;
            if (last + 1n > mustReach) mustReach = last + 1n;
          })
          .finally(() => {
            pending--;
            void Promise.all(replicas.map(pollReplica));
          });
      });
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

/**
 * The primary's pool, whose plain reads inside a replica scope run on a replica (ReplicaSet.pick)
 * and run again on the primary if that replica went away. Drizzle runs its statements through
 * `query` and its transactions on a client from `connect`, which stays the primary's.
 */
export class ReplicatedPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly replicas: () => ReplicaSet | undefined,
    private readonly prepared: boolean,
  ) {
    super(config);
  }

  // pg's overloads, passed through as they come.
  override query(...args: unknown[]): never {
    const primary = () => (super.query as (...a: unknown[]) => unknown).apply(this, args) as never;
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    // A callback-style call (never drizzle's) runs where it always did.
    if (typeof args.at(-1) === 'function') return primary();
    const set = this.replicas();
    const replica = set?.pick(text, this.prepared);
    if (!set || !replica) return primary();
    const pool = (this.prepared ? replica.readsPool : replica.pool) ?? replica.pool;
    return (pool.query as (...a: unknown[]) => Promise<unknown>)
      .apply(pool, args)
      .catch((error: unknown) => {
        if (set.failed(replica, error)) return primary();
        throw error;
      }) as never;
  }
}
