/*
 * The memory settings of the processes that serve (server/memory-settings.ts, docs/decisions/
 * 083): `npm start` runs node with them and a cluster's primary gives the allocator's to its
 * workers, an operator's own values winning; with them a process that made AVIF variants keeps
 * little of the encoders' freed memory (without them it kept 110–220 MB, and a worker at 20,000
 * stories peaked at 750 MB).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WORKER_ENV, workerEnv } from '../../server/cluster';
import { MALLOC_ENV, mallocEnv, NODE_MEMORY_FLAGS } from '../../server/memory-settings';
import { SLOW_TEST } from '../setup/timeouts';

const root = join(import.meta.dirname, '..', '..');
const SERVER_COMMAND = `node ${NODE_MEMORY_FLAGS.join(' ')} --enable-source-maps build/patrika/server.js`;
const startScript = (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start;

/** The environment `npm start`'s script gives the server, with `env` around it. */
function startEnv(env: Record<string, string>): Record<string, string> {
  // The script as npm runs it (sh -c), the server's command replaced by `env`.
  const shown = execFileSync('sh', ['-c', startScript.replace(SERVER_COMMAND, 'env')], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  return Object.fromEntries(
    shown
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/** The C library is glibc: the settings are its (musl and others ignore them). */
const glibc = Boolean(
  (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header
    ?.glibcVersionRuntime,
);

describe('the memory settings of the serving processes', () => {
  it('are what `npm start` runs the server with, unless the operator set the allocator’s', () => {
    expect(startScript).toContain(`exec ${SERVER_COMMAND}`);
    expect(startEnv({})).toMatchObject(MALLOC_ENV);
    expect(startEnv({ MALLOC_ARENA_MAX: '8' })).toMatchObject({
      ...MALLOC_ENV,
      MALLOC_ARENA_MAX: '8',
    });
  });

  it('are given to every worker a primary forks, an operator’s own kept', () => {
    expect(workerEnv(2, {})).toEqual({ ...MALLOC_ENV, [WORKER_ENV]: '2' });
    expect(workerEnv(1, { MALLOC_TRIM_THRESHOLD_: '0' })).toEqual({
      ...MALLOC_ENV,
      MALLOC_TRIM_THRESHOLD_: '0',
      [WORKER_ENV]: '1',
    });
    expect(mallocEnv({ MALLOC_ARENA_MAX: '1' })).toEqual({ ...MALLOC_ENV, MALLOC_ARENA_MAX: '1' });
  });

  it.skipIf(!glibc)(
    'leave a process that made AVIF variants with little of the memory the encoders freed',
    SLOW_TEST,
    () => {
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', join(root, 'tests', 'fixtures', 'memory', 'avif-variants.ts'), '6'],
        { cwd: root, encoding: 'utf8', env: { ...process.env, ...MALLOC_ENV } },
      );
      expect(run.status, run.stderr).toBe(0);
      const { before, after } = JSON.parse(run.stdout) as { before: number; after: number };
      // 21–22 MB more with the settings; 114–136 MB more without them (the same six images).
      expect(after - before).toBeLessThan(60);
    },
  );
});
