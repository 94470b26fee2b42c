/*
 * Every core on PostgreSQL (DECISIONS.md §13, docs/decisions/027): the primary process applies
 * migrations and does the one-off start-up work once, then forks WEB_CONCURRENCY workers (one
 * per CPU by default) that share the port through node:cluster. Each worker is a whole server
 * with its own page cache, kept in step with the others by the database's NOTIFY as separate
 * servers are. A signal to the primary stops every worker gracefully and the primary last.
 *
 * The embedded engine stays one process: PGlite lives inside the process that opened it, and
 * its data folder is locked to that process (db/lock.ts), so a second one could not open it.
 */
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism, hostname } from 'node:os';
import { prepareSite } from './startup';
import type { Config } from './env';
import { mallocEnv } from './memory-settings';

/** A worker that dies after it started is replaced after this pause (no tight crash loop). */
const RESTART_DELAY_MS = 1_000;

/** The environment variable that tells a forked process which worker it is (1…N). */
export const WORKER_ENV = 'PATRIKA_WORKER';

/** Worker processes to run: 1 for the embedded engine and development, else WEB_CONCURRENCY or the CPUs. */
export function workerCount(config: Config): { count: number; note?: string } {
  if (!config.databaseUrl) {
    return config.webConcurrency && config.webConcurrency > 1
      ? {
          count: 1,
          note: `WEB_CONCURRENCY=${config.webConcurrency} is ignored: the embedded engine runs in one process (its data folder is locked to the process that opened it); use DATABASE_URL for several`,
        }
      : { count: 1 };
  }
  if (config.dev) return { count: 1 };
  return { count: config.webConcurrency ?? availableParallelism() };
}

/**
 * What a worker's environment adds to the primary's: its number, and the allocator's settings
 * (server/memory-settings.ts) even when the primary was started without `npm start`: glibc reads them
 * as a process starts, so the primary sets them for the processes that serve.
 */
export function workerEnv(n: number, env: NodeJS.ProcessEnv): Record<string, string> {
  return { ...mallocEnv(env), [WORKER_ENV]: String(n) };
}

/** This process's worker number in a cluster, or undefined when it is the only process. */
export function workerNumber(): number | undefined {
  if (!cluster.isWorker) return undefined;
  const n = Number(process.env[WORKER_ENV]);
  return Number.isInteger(n) && n >= 1 ? n : undefined;
}

const LEVELS: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

/** The primary's log lines, in the workers' format (pino's JSON lines). */
function primaryLog(level: string) {
  const threshold = LEVELS[level] ?? 30;
  const line = (n: number) => (details: object, msg: string) => {
    if (n < threshold) return;
    process.stdout.write(
      `${JSON.stringify({ level: n, time: Date.now(), pid: process.pid, hostname: hostname(), role: 'primary', ...details, msg })}\n`,
    );
  };
  return { info: line(30), warn: line(40), error: line(50) };
}

/**
 * Runs the primary: prepares the site, forks `count` workers, replaces a worker that dies after
 * it started, and stops everything on SIGTERM or SIGINT within `graceMs` (then force).
 */
export async function runPrimary(config: Config, count: number, graceMs: number): Promise<void> {
  const log = primaryLog(config.logLevel);
  log.info({ workers: count }, 'preparing the database before starting the workers');
  await prepareSite(config, log);

  const numbers = new Map<Worker, number>();
  const started = new Set<Worker>();
  let stopping = false;
  let failed = false;

  const fork = (n: number) => {
    const worker = cluster.fork(workerEnv(n, process.env));
    numbers.set(worker, n);
    worker.once('listening', () => {
      started.add(worker);
      log.info({ worker: n, workerPid: worker.process.pid }, 'a worker is serving');
    });
  };

  const stop = (reason: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    if (exitCode !== 0) failed = true;
    log.info({ reason }, 'stopping every worker: no new connections, finishing in-flight requests');
    for (const worker of numbers.keys()) worker.process.kill('SIGTERM');
    // The workers give up after the same grace; a little longer here, then force.
    const force = setTimeout(() => {
      log.error({}, 'workers took too long to stop; killing them');
      for (const worker of numbers.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, graceMs + 2_000);
    force.unref();
    if (numbers.size === 0) process.exit(failed ? 1 : 0);
  };

  cluster.on('exit', (worker, code, signal) => {
    const n = numbers.get(worker) ?? 0;
    numbers.delete(worker);
    if (stopping) {
      // A worker still starting has nothing in flight: the signal's default action is a clean stop.
      const stoppedWhileStarting = signal === 'SIGTERM' && !started.has(worker);
      if (code !== 0 && !stoppedWhileStarting) failed = true;
      if (numbers.size === 0) process.exit(failed ? 1 : 0);
      return;
    }
    if (!started.has(worker)) {
      // It never listened: the same would happen again (a port in use, a broken build).
      log.error({ worker: n, code, signal }, 'a worker could not start');
      stop('a worker could not start', 1);
      return;
    }
    log.error({ worker: n, code, signal }, 'a worker stopped unexpectedly; starting another');
    setTimeout(() => {
      if (!stopping) fork(n);
    }, RESTART_DELAY_MS).unref();
  });

  // `on`, not `once`: Ctrl-C reaches this process more than once (terminal, npm).
  process.on('SIGTERM', () => stop('SIGTERM', 0));
  process.on('SIGINT', () => stop('SIGINT', 0));

  for (let n = 1; n <= count; n++) fork(n);
  await new Promise<void>((resolve) => {
    const check = () => {
      if (started.size >= count) {
        cluster.off('listening', check);
        resolve();
      }
    };
    cluster.on('listening', check);
  });
  log.info(
    { workers: count, url: config.publicUrl },
    `Patrika is serving ${config.publicUrl} with ${count} worker processes`,
  );
}
