/*
 * Rooms you can see (issue 36 item 7): a folder README that lists its folders lists every one
 * of them, so a new module or feature cannot arrive unnamed. Each README below names its
 * folders in a table's first column (`ads/` or `ads`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const LISTING = ['app/features', 'server/modules'];

describe('folder READMEs', () => {
  it.each(LISTING)('%s/README.md names every folder in %s', (folder) => {
    const readme = readFileSync(join(ROOT, folder, 'README.md'), 'utf8');
    const named = new Set(
      [...readme.matchAll(/^\|\s*`?([a-z0-9-]+)\/?`?\s*\|/gm)].map((m) => m[1]),
    );
    const folders = readdirSync(join(ROOT, folder), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
      .map((entry) => entry.name);
    expect(folders.length).toBeGreaterThan(5);
    expect(folders.filter((name) => !named.has(name))).toEqual([]);
  });
});
