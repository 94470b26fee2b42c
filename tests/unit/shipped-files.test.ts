/*
 * Files the product reads from beside its sources (`new URL('./…', import.meta.url)`) reach a
 * clean clone: none of them is ignored by git. The elections' shipped seats once lived in a
 * folder named `data/`, which .gitignore's pattern for the embedded database's folder matched
 * at every depth: the tests passed here and failed in CI's fresh clone.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const FILE_BESIDE = /new URL\((['"])(\.[^'"\n]+)\1,\s*import\.meta\.url\)/g;

const sources = execFileSync(
  'git',
  ['ls-files', '-z', 'server', 'db', 'common', 'app', 'scripts'],
  {
    cwd: ROOT,
    encoding: 'utf8',
  },
)
  .split('\0')
  .filter((path) => /\.tsx?$/.test(path));

/** Every file or folder a source names beside it that exists in this checkout. */
function namedBeside() {
  const named: string[] = [];
  for (const source of sources) {
    const text = readFileSync(resolve(ROOT, source), 'utf8');
    for (const match of text.matchAll(FILE_BESIDE)) {
      const target = resolve(dirname(resolve(ROOT, source)), match[2]!);
      if (existsSync(target)) named.push(relative(ROOT, target));
    }
  }
  return named;
}

describe('files read beside the sources', () => {
  it('finds the shipped elections data among them', () => {
    expect(namedBeside()).toContain('server/modules/elections/data/eci-codes.json');
  });

  it('are never ignored by git, so a clean clone has them', () => {
    const ignored = namedBeside().filter((path) => {
      try {
        execFileSync('git', ['check-ignore', '-q', '--no-index', path], { cwd: ROOT });
        return true;
      } catch {
        return false;
      }
    });
    // The demo images are made by `npm install` (scripts/postinstall.ts), not shipped.
    expect(ignored.filter((path) => path !== 'db/seed/images')).toEqual([]);
  });
});
