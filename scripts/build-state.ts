import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
