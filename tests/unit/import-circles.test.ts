/*
 * `npm run lint` fails on an import circle, `import type` included (issue 36 item 1): the
 * project's dependency-cruiser configuration, run as the lint script runs it, over a folder
 * whose two files import each other's types only, and over the same folder without the circle.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/build-state';

const DEPCRUISE = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const FIXTURES = 'tests/fixtures/import-circle';

function cruise(folder: string) {
  const result = spawnSync(
    process.execPath,
    [
      DEPCRUISE,
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'err',
      `${FIXTURES}/${folder}`,
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('the lint rule against import circles', () => {
  it('fails on a circle made only of type imports', () => {
    const { status, output } = cruise('type-only');
    expect(status).not.toBe(0);
    expect(output).toContain('no-circular');
    expect(output).toContain(`${FIXTURES}/type-only/article.ts`);
  }, 60_000);

  it('passes the same files without the circle', () => {
    const { status, output } = cruise('none');
    expect(output).not.toContain('no-circular');
    expect(status).toBe(0);
  }, 60_000);
});
