/*
 * What `npm start` builds before it serves (scripts/build-state.ts): only the stale parts, in
 * order, each judged when its turn comes (React Router's build empties build/, the compiled
 * server with it), with one line before and one after, and a build's output only when it fails
 * (issue 36 item 4, issue 45 item 6). Real commands in a folder of the test's own.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildStale, type BuildPart } from '../../scripts/build-state';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'patrika-build-state-'));
  for (const folder of ['app', 'server']) {
    mkdirSync(join(root, folder));
    writeFileSync(join(root, folder, 'source.ts'), '');
  }
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Like the real two: the pages' build empties out/ before it writes; the server's adds to it. */
const parts = (): BuildPart[] => [
  {
    output: join(root, 'out', 'pages.js'),
    sources: ['app'],
    command: ['sh', '-c', 'rm -rf out && mkdir out && echo built > out/pages.js'],
  },
  {
    output: join(root, 'out', 'server', 'server.js'),
    sources: ['server'],
    command: ['sh', '-c', 'mkdir -p out/server && echo built > out/server/server.js'],
  },
];

/** Makes a source newer than every build. */
const touch = (path: string) => {
  const later = new Date(Date.now() + 60_000);
  utimesSync(join(root, path), later, later);
};

describe('buildStale', () => {
  it('builds both when there is no build, saying one line before and one after', () => {
    const said: string[] = [];
    buildStale(parts(), root, (line) => said.push(line));
    expect(existsSync(join(root, 'out', 'pages.js'))).toBe(true);
    expect(existsSync(join(root, 'out', 'server', 'server.js'))).toBe(true);
    expect(said).toHaveLength(2);
    expect(said[0]).toContain('no build yet');
    expect(said[1]).toMatch(/^patrika: built in \d+ s$/);
  });

  it('says nothing and builds nothing when both builds are current', () => {
    buildStale(parts(), root, () => {});
    const said: string[] = [];
    buildStale(parts(), root, (line) => said.push(line));
    expect(said).toEqual([]);
  });

  it('builds the server again after a pages build emptied its folder', () => {
    buildStale(parts(), root, () => {});
    touch('app/source.ts');
    const said: string[] = [];
    buildStale(parts(), root, (line) => said.push(line));
    expect(said[0]).toContain('app changed since the last build');
    expect(existsSync(join(root, 'out', 'pages.js'))).toBe(true);
    expect(existsSync(join(root, 'out', 'server', 'server.js'))).toBe(true);
  });

  it("shows a failed build's output, and only then", () => {
    const written = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const failing: BuildPart = {
        output: join(root, 'out', 'never.js'),
        sources: ['app'],
        command: [
          'sh',
          '-c',
          'echo "transforming…"; echo "app/x.tsx: Unexpected token" >&2; exit 1',
        ],
      };
      expect(() => buildStale([failing], root, () => {})).toThrow(/the build failed \(exit 1\)/);
      const shown = written.mock.calls.map((c) => String(c[0])).join('');
      expect(shown).toContain('transforming…');
      expect(shown).toContain('app/x.tsx: Unexpected token');
      written.mockClear();
      buildStale(parts(), root, () => {});
      expect(written).not.toHaveBeenCalled();
    } finally {
      written.mockRestore();
    }
  });
});
