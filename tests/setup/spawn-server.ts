import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuild as ensureProductionBuild, ROOT } from '../../scripts/build-state';
import { waitUntil } from './wait-until';

/** Longer than the server's own 20 s shutdown grace. */
const STOP_TIMEOUT_MS = 30_000;

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  /** Sends a signal and answers the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** Makes sure the production build exists (npm test builds before this suite; a lone run may not). */
export const ensureBuild = () => ensureProductionBuild({ quiet: true });

/** The process ids whose parent is `pid` (a cluster primary's workers). */
export const childrenOf = (pid: number) =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .map((l) => Number(l.trim()))
    .filter((n) => n > 0);

export const tempDataDir = () => mkdtempSync(join(tmpdir(), 'patrika-proc-'));

/** How a test starts the server: `npm start`'s command itself, or `npm start` (signals go to npm). */
export type Launcher = 'node' | 'npm';

const COMMANDS: Record<Launcher, [string, string[]]> = {
  node: [process.execPath, ['--import', 'tsx', 'server/index.ts']],
  npm: ['npm', ['start', '--silent']],
};

/** Runs `npm start`'s command (or `npm start` itself) as a real process. */
export function startProcess(
  env: Record<string, string>,
  launcher: Launcher = 'node',
  umask?: number,
): {
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  let output = '';
  const [program, programArgs] = COMMANDS[launcher];
  // A umask is the shell's to set: `sh -c 'umask 000; exec node …'`.
  const [command, args] =
    umask === undefined
      ? [program, programArgs]
      : [
          '/bin/sh',
          [
            '-c',
            `umask ${umask.toString(8).padStart(3, '0')} && exec "$0" "$@"`,
            program,
            ...programArgs,
          ],
        ];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { process: child, output: () => output, exited };
}

/** Starts a server and waits until /api/health answers 200. */
export async function startServer(
  env: Record<string, string>,
  {
    // Seeding the demo site takes a minute or more on a busy machine: a bound, not a measure.
    timeoutMs = 240_000,
    launcher = 'node',
    umask,
  }: { timeoutMs?: number; launcher?: Launcher; umask?: number } = {},
): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = startProcess({ HOST: '127.0.0.1', PORT: String(port), ...env }, launcher, umask);
  let exitCode: number | null | undefined;
  void started.exited.then((code) => (exitCode = code));
  const healthy = async () => {
    if (exitCode !== undefined)
      throw new Error(`server exited with ${exitCode}:\n${started.output()}`);
    try {
      return (await fetch(`${url}/api/health`)).ok;
    } catch {
      return false; // not listening yet
    }
  };
  try {
    await waitUntil(healthy, {
      timeoutMs,
      intervalMs: 200,
      message: `server at ${url} did not answer /api/health with 200`,
      detail: started.output,
    });
  } catch (error) {
    started.process.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    process: started.process,
    output: started.output,
    async stop(signal = 'SIGTERM') {
      if (exitCode !== undefined) return exitCode;
      started.process.kill(signal);
      // The server's own shutdown grace is 20 s (server/index.ts); past that it is stuck.
      let timer: NodeJS.Timeout | undefined;
      const stuck = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          started.process.kill('SIGKILL');
          reject(
            new Error(
              `server did not exit within ${STOP_TIMEOUT_MS} ms of ${signal}:\n${started.output()}`,
            ),
          );
        }, STOP_TIMEOUT_MS);
      });
      try {
        return await Promise.race([started.exited, stuck]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
