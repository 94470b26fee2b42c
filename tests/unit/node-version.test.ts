/*
 * Patrika runs on Node 22 (issue 36 item 8, docs/decisions/048) even where the system's Node is
 * 20: the `node` package puts Node 22 at node_modules/.bin/node, which npm and npx put first on
 * the PATH of everything they run, these tests included.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/build-state';

const major = (version: string) => Number(version.replace(/^v/, '').split('.')[0]);

describe('the Node that runs Patrika', () => {
  it('is the one npm installed, Node 22 or later, for these tests too', () => {
    const installed = execFileSync(join(ROOT, 'node_modules', '.bin', 'node'), ['--version'], {
      encoding: 'utf8',
    }).trim();
    expect(major(installed)).toBe(22);
    expect(major(process.version)).toBeGreaterThanOrEqual(22);
  });

  it('is what package.json asks for and pins', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      engines: { node: string };
      dependencies: Record<string, string>;
    };
    expect(pkg.engines.node).toMatch(/^>=22\./);
    // Pinned exactly: the runtime changes only when someone changes this line.
    expect(pkg.dependencies.node).toMatch(/^22\.\d+\.\d+$/);
  });
});
