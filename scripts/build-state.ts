import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForLockFile } from '../db/lock';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** React Router's server build: the pages (build/client holds what browsers fetch). */
export const SERVER_BUILD = join(ROOT, 'build', 'server', 'index.js');
/** The compiled server that `npm start` runs (scripts/build-server.ts), and its folder. */
export const SERVER_OUT_DIR = join(ROOT, 'build', 'patrika');
export const SERVER_BUNDLE = join(SERVER_OUT_DIR, 'server.js');

/**
 * The operator's commands (`npm run backup`, `npm run media:prune`, …): scripts/<name>.ts,
 * compiled beside the server as command-<name>.js and run by plain node, as the server is (a
 * TypeScript loader compiled the server's sources again at every run: seconds of CPU each).
 */
export const OPERATOR_COMMANDS = [
  'backup',
  'export',
  'import',
  'import-wordpress',
  'media-migrate',
  'media-prune',
  'media-strip-metadata',
  'media-variants',
  'restore',
  'seed',
  'user-password',
] as const;
export type OperatorCommand = (typeof OPERATOR_COMMANDS)[number];
/** Where a command's compiled file is. */
export const commandBundle = (name: OperatorCommand) => join(SERVER_OUT_DIR, `command-${name}.js`);

/** One build: what it writes, what it is made from (a change to any needs a new one), how. */
export interface BuildPart {
  output: string;
  /** Paths from the project's root. */
  sources: readonly string[];
  command: readonly [string, ...string[]];
}

/** The two builds, in the order they run: React Router's empties build/, so it goes first. */
const PARTS: readonly BuildPart[] = [
  {
    output: SERVER_BUILD,
    sources: ['app', 'common', 'vite.config.ts', 'react-router.config.ts', 'package-lock.json'],
    command: ['npx', 'react-router', 'build'],
  },
  {
    output: SERVER_BUNDLE,
    sources: [
      'server',
      'common',
      'db',
      'scripts/build-server.ts',
      ...OPERATOR_COMMANDS.map((name) => `scripts/${name}.ts`),
      'package-lock.json',
    ],
    command: [process.execPath, '--import', 'tsx', 'scripts/build-server.ts'],
  },
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Why this part needs building, or undefined when its build is current. */
function staleness(part: BuildPart, root: string): string | undefined {
  if (!existsSync(part.output)) return 'no build yet';
  const built = statSync(part.output).mtimeMs;
  const changed = part.sources.find((s) => newestMtime(join(root, s)) > built);
  return changed ? `${changed} changed since the last build` : undefined;
}

/** Why a build is needed, or undefined when both builds are current. */
export function buildNeeded(): string | undefined {
  for (const part of PARTS) {
    const reason = staleness(part, ROOT);
    if (reason) return reason;
  }
  return undefined;
}

/** Held while one process builds, so two starting at once do not write one build/ together. */
export const BUILD_LOCK = join(ROOT, 'build.lock');

/**
 * One build, its output kept and shown only when it fails (a first start shows one progress
 * line, not Vite's tables; issue 45 item 6).
 */
function run([command, ...args]: BuildPart['command'], root: string): void {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8' });
  if (result.status === 0) return;
  process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
  throw new Error(
    `the build failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`}); its output is above`,
  );
}

/**
 * Builds the parts that are missing or stale, in order, each judged when its turn comes: React
 * Router's build empties build/, the compiled server's folder with it, so the server is built
 * again after the pages. Says one line before and one after; a build's output only if it fails.
 */
export function buildStale(parts: readonly BuildPart[], root: string, say: (line: string) => void) {
  const started = Date.now();
  let built = false;
  for (const part of parts) {
    const reason = staleness(part, root);
    if (!reason) continue;
    const first = reason === 'no build yet' ? ', about a minute' : '';
    if (!built) say(`patrika: building the site (${reason}${first})…`);
    built = true;
    run(part.command, root);
  }
  if (built) say(`patrika: built in ${Math.round((Date.now() - started) / 1000)} s`);
}

/**
 * Builds what is missing or stale (npm start, the process tests, the bench): one line while it
 * builds, one when it is done. Only one process builds at a time; one that waited finds the build
 * current and goes on.
 */
export function ensureBuild(opts: { quiet?: boolean } = {}): void {
  if (!buildNeeded()) return;
  const say = (line: string) => {
    if (!opts.quiet) console.log(line);
  };
  const lock = waitForLockFile(BUILD_LOCK, {
    timeoutMs: 15 * 60_000,
    onWait: (pid) => say(`patrika: waiting for process ${pid}, which is building…`),
  });
  try {
    buildStale(PARTS, ROOT, say);
  } finally {
    lock.release();
  }
}
