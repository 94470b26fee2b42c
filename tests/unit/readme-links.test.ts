/*
 * A README for the first ten minutes (issue 45 item 7): it names no file a clone does not hold.
 * Every relative link and every path in backticks that names one of the repository's files
 * (a top-level folder, then a name) in README.md and the operations guide it
 * sends readers to must exist.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const DOCUMENTS = ['README.md', 'docs/operations.md'];
const TOP = new Set(
  readdirSync(ROOT, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules')
    .map((e) => e.name),
);

/** The repository paths a Markdown document refers to, each resolved from the repository root. */
export function referencedPaths(document: string, text: string): string[] {
  const found = new Set<string>();
  for (const [, target = ''] of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
    if (/^[a-z]+:/i.test(target) || target.startsWith('/')) continue;
    found.add(join(dirname(document), target));
  }
  for (const [, path = ''] of text.matchAll(/`([A-Za-z0-9_.-]+\/[A-Za-z0-9_./-]*[A-Za-z0-9_])`/g)) {
    if (TOP.has(path.split('/')[0] ?? '') && !path.includes('*')) found.add(path);
  }
  return [...found];
}

describe('the documents a newcomer reads first', () => {
  it.each(DOCUMENTS)('%s names only files the clone holds', (document) => {
    const paths = referencedPaths(document, readFileSync(join(ROOT, document), 'utf8'));
    expect(paths.length).toBeGreaterThan(2);
    expect(paths.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });

  it('a missing file is caught', () => {
    expect(
      referencedPaths('README.md', 'See [x](docs/nothing-here.md) and `server/none.ts`.'),
    ).toEqual(['docs/nothing-here.md', 'server/none.ts']);
  });
});
