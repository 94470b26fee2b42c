import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  commandBundle,
  ensureBuild as ensureProductionBuild,
  type OperatorCommand,
  ROOT,
  SERVER_BUNDLE,
} from '../../scripts/build-state';
import { mallocEnv, NODE_MEMORY_FLAGS } from '../../server/memory-settings';
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

/**
 * The arguments that run an operator's command (`npm run media:prune`, …) as npm runs it: its
 * compiled file on plain node, on a current build. For `execFile(process.execPath, …)`.
 */
export function operatorCommand(name: OperatorCommand, ...args: string[]): string[] {
  ensureBuild();
  return ['--enable-source-maps', commandBundle(name), ...args];
}

/** The process ids whose parent is `pid` (a cluster primary's workers). */
export const childrenOf = (pid: number) =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .map((l) => Number(l.trim()))
    .filter((n) => n > 0);

export const tempDataDir = () => mkdtempSync(join(tmpdir(), 'patrika-proc-'));

/** db/migrations, folder and contents: what a migrated embedded database was made from. */
function migrationsHash(): string {
  const folder = join(ROOT, 'db', 'migrations');
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      hash.update(entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(readFileSync(path));
    }
  };
  walk(folder);
  return hash.digest('hex').slice(0, 16);
}

/**
 * A data folder whose embedded database has every migration applied and nothing else (no
 * signing key, no content): made once per version of the migrations on this machine, then
 * copied. Applying the migrations to a new embedded database costs seconds of CPU; a spawned
 * server whose subject is not its first start begins from a copy instead. A first start, and
 * what it writes (file modes, seeding), is tested on a folder of its own (`tempDataDir`).
 */
export async function migratedDataDir(): Promise<string> {
  const template = join(tmpdir(), `patrika-migrated-${migrationsHash()}`);
  if (!existsSync(join(template, 'ready'))) {
    const making = mkdtempSync(`${template}-making-`);
    // Imported here: a test that never needs the template never loads the database's code.
    const { openDatabase } = await import('../../db/client');
    const { DATA_DIR_LOCK_FILE } = await import('../../db/lock');
    const database = await openDatabase({ dataDir: making });
    await database.close();
    rmSync(join(making, DATA_DIR_LOCK_FILE), { force: true });
    writeFileSync(join(making, 'ready'), '');
    try {
      renameSync(making, template);
    } catch {
      // Another worker made it first: theirs serves as well.
      rmSync(making, { recursive: true, force: true });
    }
  }
  const dir = tempDataDir();
  cpSync(join(template, 'db'), join(dir, 'db'), { recursive: true });
  return dir;
}

/**
 * What a seeded site is made from: the migrations, the demo content and its images, the compiled
 * server that seeded it, and the day (the demo's dates are days before "now").
 */
export function seededHash(): string {
  const hash = createHash('sha256');
  hash.update(migrationsHash());
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      hash.update(entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(readFileSync(path));
    }
  };
  walk(join(ROOT, 'db', 'seed'));
  hash.update(readFileSync(SERVER_BUNDLE));
  hash.update(new Date().toISOString().slice(0, 10));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A data folder of a site the compiled server seeded with the demo content (SEED_DEMO=1: its
 * articles, images with every variant, search index) and stopped, with no account yet: made
 * once per build and day on this machine, then copied. Seeding makes every demo image's
 * variants, AVIF included, about 45 s of CPU; the browser tests' sites, whose subject is not
 * the seeding, begin from a copy instead. Seeding itself is tested on folders of its own
 * (db/seed.test.ts, the process tests).
 */
export async function seededDataDir(): Promise<string> {
  ensureBuild();
  const template = join(tmpdir(), `patrika-seeded-${seededHash()}`);
  if (!existsSync(join(template, 'ready'))) {
    const making = mkdtempSync(`${template}-making-`);
    const server = await startServer({ DATA_DIR: making, SEED_DEMO: '1' });
    const code = await server.stop();
    if (code !== 0) throw new Error(`the seeding server exited with ${code}:\n${server.output()}`);
    writeFileSync(join(making, 'ready'), '');
    try {
      renameSync(making, template);
    } catch {
      // Another process made it first: theirs serves as well.
      rmSync(making, { recursive: true, force: true });
    }
  }
  const dir = tempDataDir();
  cpSync(template, dir, { recursive: true });
  rmSync(join(dir, 'ready'));
  return dir;
}

/** How a test starts the server: `npm start`'s command itself, or `npm start` (signals go to npm). */
export type Launcher = 'node' | 'npm';

/** `npm start`'s command: the compiled server on plain node, what readers are served by. */
const COMMANDS: Record<Launcher, [string, string[]]> = {
  node: [process.execPath, [...NODE_MEMORY_FLAGS, '--enable-source-maps', SERVER_BUNDLE]],
  npm: ['npm', ['start', '--silent']],
};

/** Runs `npm start`'s command (or `npm start` itself) on a current build, as a real process. */
export function startProcess(
  env: Record<string, string>,
  launcher: Launcher = 'node',
  umask?: number,
): {
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  // The compiled server is what runs: built from these sources, never an older one.
  ensureBuild();
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
    env: {
      // The allocator's settings `npm start` gives the server (server/memory-settings.ts);
      // through npm, its own script's (a test there sees what `npm start` sets).
      ...(launcher === 'node' ? mallocEnv(process.env) : {}),
      ...process.env,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
    },
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
  // The demo's e-paper only where a test asks for it (epaper-demo.test.ts reads it in process):
  // no demo page rendered and read by OCR beside every seeded test server.
  const started = startProcess(
    { HOST: '127.0.0.1', PORT: String(port), SEED_DEMO_EPAPER: '0', ...env },
    launcher,
    umask,
  );
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
