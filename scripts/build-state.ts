import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForLockFile } from '../db/lock';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_BUILD = join(ROOT, 'build', 'server', 'index.js');

/** What the browser build is made from; a change to any of them needs a new build. */
const SOURCES = ['app', 'common', 'vite.config.ts', 'react-router.config.ts', 'package-lock.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Why a build is needed, or undefined when the existing one is current. */
export function buildNeeded(): string | undefined {
  if (!existsSync(SERVER_BUILD)) return 'no build yet';
  const built = statSync(SERVER_BUILD).mtimeMs;
  const changed = SOURCES.find((s) => newestMtime(join(ROOT, s)) > built);
  return changed ? `${changed} changed since the last build` : undefined;
}

/** Held while one process builds, so two starting at once do not write one build/ together. */
export const BUILD_LOCK = join(ROOT, 'build.lock');

/**
 * Builds when the build is missing or stale (npm start, the process tests, the bench). Only one
 * process builds at a time; one that waited finds the build current and goes on.
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
    const reason = buildNeeded();
    if (!reason) return;
    say(`patrika: building (${reason})…`);
    execSync('npx react-router build', { cwd: ROOT, stdio: opts.quiet ? 'ignore' : 'inherit' });
  } finally {
    lock.release();
  }
}
