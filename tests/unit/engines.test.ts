/*
 * README.md promises that Node.js 20.19 is enough to install Patrika, and a clean `npm ci` on it
 * prints no EBADENGINE warning (issue 14 item 9). npm runs on the system's Node, the oldest of
 * which package.json's `devEngines.runtime` names; Patrika itself runs on the Node 22 that npm
 * installs (`engines.node`, docs/decisions/048). npm warns for every installed package whose
 * `engines.node` leaves out the Node npm runs on; optional packages that do are skipped instead
 * (a platform binary for a newer Node), so they are allowed. When a dependency moves to a range
 * that leaves out that Node, pin it in package.json's `overrides` or raise
 * `devEngines.runtime.version` and README together.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const readJson = (file: string): unknown => JSON.parse(readFileSync(join(root, file), 'utf8'));

interface LockEntry {
  version?: string;
  optional?: boolean;
  engines?: { node?: string } | string[];
}
interface Lock {
  packages: Record<string, LockEntry>;
}

/** The installed packages (name@version: range) whose `engines.node` refuses `node`. */
function refusing(lock: Lock, node: string): string[] {
  return Object.entries(lock.packages).flatMap(([path, entry]) => {
    // Old lock files may hold engines as an array of strings; npm only checks the object form.
    const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (path === '' || entry.optional || range === undefined) return [];
    if (semver.satisfies(node, range, { includePrerelease: true })) return [];
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    return [`${name}@${entry.version ?? '?'}: ${range}`];
  });
}

/** The oldest Node package.json lets npm install on (devEngines.runtime). */
function oldestNode(): string {
  const pkg = readJson('package.json') as {
    devEngines: { runtime: { name: string; version: string } };
  };
  expect(pkg.devEngines.runtime.name).toBe('node');
  const oldest = semver.minVersion(pkg.devEngines.runtime.version);
  if (!oldest) throw new Error(`devEngines ${pkg.devEngines.runtime.version} accepts no version`);
  return oldest.version;
}

describe('engines', () => {
  it('README names the oldest Node that package.json installs on', () => {
    const [major, minor] = oldestNode().split('.');
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain(
      `Node.js ${major}.${minor} or newer`,
    );
  });

  it('every installed package accepts the oldest Node npm may install on', () => {
    expect(refusing(readJson('package-lock.json') as Lock, oldestNode())).toEqual([]);
  });

  it('the check names a package that needs a newer Node, and lets optional ones pass', () => {
    const lock: Lock = {
      packages: {
        '': { version: '0.1.0' },
        'node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
        'node_modules/a/node_modules/@scope/b': { version: '1.0.0', engines: { node: '>=18' } },
        'node_modules/@napi-rs/x': { version: '1.0.0', optional: true, engines: { node: '>=22' } },
      },
    };
    expect(refusing(lock, '20.19.0')).toEqual(['cookie@2.0.2: >=22']);
  });
});
