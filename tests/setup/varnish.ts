/*
 * A real Varnish in front of a Patrika (issue 23 item 6): Debian's varnishd with the shipped
 * docs/deploy/varnish.vcl, only its backend's port changed, in its own work folder. For the
 * integration tests and the bench.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../scripts/build-state';
import { freePort } from './spawn-server';
import { startDaemon } from './daemon';

export const VARNISH_VCL = join(ROOT, 'docs', 'deploy', 'varnish.vcl');

/** varnishd's path (Debian puts it in /usr/sbin, not on every user's PATH), or undefined. */
export function findVarnishd(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v varnishd'], { encoding: 'utf8' });
  const onPath = found.status === 0 ? found.stdout.trim() : '';
  if (onPath) return onPath;
  return existsSync('/usr/sbin/varnishd') ? '/usr/sbin/varnishd' : undefined;
}

/** The shipped VCL with its backend at `port` (everything else as shipped). */
export function vclFor(backendPort: number): string {
  const vcl = readFileSync(VARNISH_VCL, 'utf8');
  const port = /(\.port = ")\d+(";)/;
  if (!port.test(vcl)) throw new Error(`no backend port to change in ${VARNISH_VCL}`);
  return vcl.replace(port, `$1${backendPort}$2`);
}

export interface RunningVarnish {
  /** http://127.0.0.1:PORT, where readers (and purges) go. */
  url: string;
  port: number;
  /** Its -n work folder (for varnishstat and varnishadm). */
  workdir: string;
  process: ChildProcess;
  output(): string;
  /** varnishstat's counters (MAIN.cache_hit, MAIN.cache_miss, …) by name. */
  stats(): Record<string, number>;
  /** Stops varnishd and removes its work folder; safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Starts varnishd in the foreground (-F) on a free port, in front of Patrika at `backendPort`,
 * and waits until it listens. `port` may be chosen first (Patrika is told it as CDN_PURGE_URL
 * before either starts).
 */
export async function startVarnish(opts: {
  backendPort: number;
  port?: number;
  timeoutMs?: number;
}): Promise<RunningVarnish> {
  const varnishd = findVarnishd();
  if (!varnishd)
    throw new Error(
      "varnishd is not installed: apt-get install varnish varnish-modules (Debian's packages)",
    );
  const port = opts.port ?? (await freePort());
  const workdir = mkdtempSync(join(tmpdir(), 'patrika-varnish-'));
  // Run as root, varnishd reads the VCL and works in the folder as its own user.
  chmodSync(workdir, 0o755);
  const vcl = join(workdir, 'patrika.vcl');
  writeFileSync(vcl, vclFor(opts.backendPort), { mode: 0o644 });
  const daemon = await startDaemon({
    name: 'varnishd',
    command: varnishd,
    args: ['-F', '-a', `127.0.0.1:${port}`, '-f', vcl, '-n', workdir, '-s', 'malloc,64m'],
    port,
    workdir,
    stopSignal: 'SIGTERM',
    timeoutMs: opts.timeoutMs ?? 60_000,
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    workdir,
    process: daemon.process,
    output: daemon.output,
    stats() {
      const run = spawnSync('varnishstat', ['-n', workdir, '-1', '-j'], { encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`varnishstat failed: ${run.stderr}`);
      const parsed = JSON.parse(run.stdout) as {
        counters?: Record<string, { value: number }>;
      } & Record<string, unknown>;
      // Varnish 6.5+ nests the counters under "counters"; older versions do not.
      const counters = (parsed.counters ?? parsed) as Record<string, { value?: number }>;
      return Object.fromEntries(
        Object.entries(counters)
          .filter(([, c]) => typeof c === 'object' && c !== null && typeof c.value === 'number')
          .map(([name, c]) => [name, c.value as number]),
      );
    },
    stop: daemon.stop,
  };
}
