import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuild as ensureProductionBuild, ROOT } from '../../scripts/build-state';

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

export const tempDataDir = () => mkdtempSync(join(tmpdir(), 'patrika-proc-'));

/** Runs `npm start`'s command as a real process. */
export function startProcess(env: Record<string, string>): {
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
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
  timeoutMs = 90_000,
): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = startProcess({ HOST: '127.0.0.1', PORT: String(port), ...env });
  let exitCode: number | null | undefined;
  void started.exited.then((code) => (exitCode = code));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exitCode !== undefined)
      throw new Error(`server exited with ${exitCode}:\n${started.output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  if (Date.now() >= deadline) {
    started.process.kill('SIGKILL');
    throw new Error(`server did not become healthy in ${timeoutMs} ms:\n${started.output()}`);
  }
  return {
    url,
    process: started.process,
    output: started.output,
    async stop(signal = 'SIGTERM') {
      if (exitCode !== undefined) return exitCode;
      started.process.kill(signal);
      return started.exited;
    },
  };
}
