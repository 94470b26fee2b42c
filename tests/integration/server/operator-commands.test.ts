/*
 * The operators' commands as npm runs them (their compiled files on plain node): `--help` says
 * what a command does and how to call it and exits 0 before anything is opened; a mistyped
 * option is one message ending with the usage, exit 1, never a stack (scripts/command-line.ts).
 * Before, `npm run backup -- --help` printed Node's TypeError with its stack, and
 * `npm run media:strip-metadata -- --help` went on to rewrite the stored originals.
 * No database is opened: the same on either engine.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT, type OperatorCommand } from '../../../scripts/build-state';
import { operatorCommand } from '../../setup/spawn-server';

const run = promisify(execFile);
/** A command run where nothing could be opened: a data folder that is not there. */
const command = (name: OperatorCommand, ...args: string[]) =>
  run(process.execPath, operatorCommand(name, ...args), {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: '/nonexistent/never-opened', LOG_LEVEL: 'silent' },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

describe('the operators’ commands', () => {
  it.each([
    ['backup', 'usage: npm run backup -- <backup.tar.gz>'],
    ['import-wordpress', 'usage: npm run import:wordpress -- <export.xml>'],
    ['media-strip-metadata', 'usage: npm run media:strip-metadata'],
  ] as const)(
    '%s --help says what it does and how to call it, and opens nothing',
    async (name, usage) => {
      const res = await command(name, '--help');
      expect(res.code, res.stderr).toBe(0);
      expect(res.stdout).toContain(usage);
      expect(res.stdout.split('\n')[0]!.length).toBeGreaterThan(20);
      expect(res.stderr).toBe('');
    },
  );

  it('answers a mistyped option with one message and the usage, not a stack', async () => {
    const res = await command('backup', '--bogus', 'site.tar.gz');
    expect(res.code).toBe(1);
    expect(res.stderr).toBe(
      "Unknown option '--bogus'.\nusage: npm run backup -- <backup.tar.gz>\n",
    );
    expect(res.stdout).toBe('');
  });
});
