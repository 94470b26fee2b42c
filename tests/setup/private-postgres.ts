/*
 * A PostgreSQL cluster of a test's own (issue 24 item 6), made with the initdb and pg_ctl of the
 * PostgreSQL already on the machine, in a temporary folder, on a free port: a test may restart
 * it, stop it and start it again without touching the shared server on 5432. As root (as CI
 * runs) the cluster belongs to the `postgres` user, as PostgreSQL refuses to run as root.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './spawn-server';

/** The bin folder of the newest PostgreSQL installed the Debian way, or undefined. */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  /** pg_ctl restart (fast): every connection is cut, as an operator's restart does. */
  restart(): void;
  /** pg_ctl stop (fast). */
  stop(): void;
  start(): void;
  /** Stops the cluster if it runs and removes its folder; safe to call twice. */
  destroy(): void;
}

/** Runs a PostgreSQL program, as the `postgres` user when this is root. */
function runAs(bin: string, program: string, args: string[]) {
  const command = join(bin, program);
  const result =
    process.getuid?.() === 0
      ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
      : spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${program} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
}

/** A folder for a cluster, open to the `postgres` user. */
function clusterFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'patrika-pg-'));
  chmodSync(dir, 0o777);
  return dir;
}

/** Starts the cluster in `dir`/data on `port` and answers its controls. */
function runCluster(bin: string, dir: string, port: number, extra = ''): PrivatePostgres {
  const data = join(dir, 'data');
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off ${extra}`;
  const log = join(dir, 'log');
  const ctl = (action: string, extra: string[] = []) =>
    runAs(bin, 'pg_ctl', [action, '-D', data, '-w', '-t', '120', '-l', log, ...extra]);
  const start = () => ctl('start', ['-o', options]);
  start();
  let destroyed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    restart: () => ctl('restart', ['-m', 'fast', '-o', options]),
    stop: () => ctl('stop', ['-m', 'fast']),
    start,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      try {
        ctl('stop', ['-m', 'immediate']);
      } catch {
        // Not running.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function requireBin(): string {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL under /usr/lib/postgresql to make a private cluster');
  return bin;
}

/**
 * Makes and starts a cluster (trust authentication on 127.0.0.1 only). `preload` names server
 * libraries to load at start (e.g. `pg_stat_statements`, which counts statements at once, where
 * the table counters of pg_stat_user_tables reach other sessions up to a second or more late).
 */
export async function startPrivatePostgres({
  preload,
}: { preload?: string[] } = {}): Promise<PrivatePostgres> {
  const bin = requireBin();
  const dir = clusterFolder();
  runAs(bin, 'initdb', [
    '-D',
    join(dir, 'data'),
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const libraries = preload?.length ? `-c shared_preload_libraries=${preload.join(',')}` : '';
  return runCluster(bin, dir, await freePort(), libraries);
}

/**
 * Makes and starts a streaming replica of `primary` (issue 28 item 2): `pg_basebackup -R` copies
 * it and writes the standby settings, so the copy starts in recovery and follows the primary.
 * `applyDelay` (PostgreSQL's recovery_min_apply_delay, e.g. `2s`) makes it a replica that lags.
 */
export async function startReplicaOf(
  primary: PrivatePostgres,
  { applyDelay }: { applyDelay?: string } = {},
): Promise<PrivatePostgres> {
  const bin = requireBin();
  const dir = clusterFolder();
  runAs(bin, 'pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    join(dir, 'data'),
    '-R',
    '-X',
    'stream',
    '--no-sync',
  ]);
  const delay = applyDelay ? `-c recovery_min_apply_delay=${applyDelay}` : '';
  return runCluster(bin, dir, await freePort(), delay);
}

/** Whether a private cluster can be made here (PostgreSQL installed; runuser when root). */
export function canMakePrivatePostgres(): boolean {
  if (!postgresBin()) return false;
  if (process.getuid?.() !== 0) return true;
  try {
    execFileSync('runuser', ['-u', 'postgres', '--', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
