/*
 * A real connection pooler in front of the test PostgreSQL (issue 28 item 3): Debian's
 * pgbouncer in transaction mode, in a work folder of its own, on a free port. Transaction mode
 * hands each transaction whichever server connection is free, so a named prepared statement
 * made on one is missing on the next: Patrika behind it runs with DATABASE_PREPARED=0.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './spawn-server';
import { startDaemon } from './daemon';

/** pgbouncer's path (Debian puts it in /usr/sbin), or undefined. */
export function findPgBouncer(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v pgbouncer'], { encoding: 'utf8' });
  const onPath = found.status === 0 ? found.stdout.trim() : '';
  if (onPath) return onPath;
  return existsSync('/usr/sbin/pgbouncer') ? '/usr/sbin/pgbouncer' : undefined;
}

export interface RunningPgBouncer {
  /** `target` with its host and port replaced by the pooler's. */
  url(target: string): string;
  port: number;
  output(): string;
  /** Stops pgbouncer and removes its folder; safe to call twice. */
  stop(): Promise<void>;
}

/** The configuration: every database of `server` (trust auth, as on these machines). */
function configFor(server: URL, user: string, port: number, dir: string, poolSize: number): string {
  return [
    '[databases]',
    `* = host=${server.hostname} port=${server.port || '5432'}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'auth_type = trust',
    `auth_file = ${join(dir, 'users.txt')}`,
    `admin_users = ${user}`,
    'pool_mode = transaction',
    // Fewer server connections than the clients a test opens: transactions must share them.
    `default_pool_size = ${poolSize}`,
    'max_client_conn = 500',
    // node-postgres sends no startup options by default; psql and others may.
    'ignore_startup_parameters = extra_float_digits,options',
    `logfile = ${join(dir, 'pgbouncer.log')}`,
    `pidfile = ${join(dir, 'pgbouncer.pid')}`,
    '',
  ].join('\n');
}

/** Starts pgbouncer in front of the PostgreSQL of `target` and waits until it listens. */
export async function startPgBouncer(opts: {
  target: string;
  poolSize?: number;
}): Promise<RunningPgBouncer> {
  const binary = findPgBouncer();
  if (!binary)
    throw new Error("pgbouncer is not installed: apt-get install pgbouncer (Debian's package)");
  const server = new URL(opts.target);
  const user = decodeURIComponent(server.username || 'postgres');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'patrika-pgbouncer-'));
  // pgbouncer refuses to run as root: started as root it is told to become `postgres`, which
  // must read its configuration and write its log in this folder.
  const asRoot = process.getuid?.() === 0;
  chmodSync(dir, 0o777);
  const config = join(dir, 'pgbouncer.ini');
  writeFileSync(config, configFor(server, user, port, dir, opts.poolSize ?? 3), { mode: 0o644 });
  writeFileSync(join(dir, 'users.txt'), `"${user}" ""\n`, { mode: 0o644 });
  const daemon = await startDaemon({
    name: 'pgbouncer',
    command: binary,
    args: [...(asRoot ? ['-u', 'postgres'] : []), config],
    port,
    workdir: dir,
    stopSignal: 'SIGINT',
    timeoutMs: 30_000,
  });
  return {
    url(target) {
      const u = new URL(target);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      // A socket folder (`?host=/var/run/postgresql`, .ci/run) names PostgreSQL itself: left in,
      // node-postgres and libpq would go there and past PgBouncer.
      u.searchParams.delete('host');
      return u.toString();
    },
    port,
    output: daemon.output,
    stop: daemon.stop,
  };
}
