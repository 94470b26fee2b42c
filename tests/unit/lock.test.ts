import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { DataDirLockedError, lockDataDir, tryLockFile, waitForLockFile } from '../../db/lock';
import { SLOW_TEST } from '../setup/timeouts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'patrika-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('lockDataDir', () => {
  it('holds the directory until released', () => {
    const dir = tempDir();
    const lock = lockDataDir(dir);
    expect(readFileSync(lock.path, 'utf8')).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    lockDataDir(dir).release();
  });

  it('refuses while another live process holds it, naming that process', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'patrika.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`pid ${process.ppid}`));
  });

  it('takes over a lock whose process is gone (after kill -9)', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'patrika.lock'), '2147483646');
    const lock = lockDataDir(dir);
    expect(readFileSync(lock.path, 'utf8')).toBe(String(process.pid));
    lock.release();
  });
});

describe('tryLockFile', () => {
  it('releases only its own lock, never one another process took since', () => {
    const path = join(tempDir(), 'build.lock');
    const attempt = tryLockFile(path);
    if (!('lock' in attempt)) throw new Error('expected the lock');
    // Say it was taken over meanwhile (our process was thought gone).
    writeFileSync(path, String(process.ppid));
    attempt.lock.release();
    expect(readFileSync(path, 'utf8')).toBe(String(process.ppid));
  });

  it('takes over a lock file that names no process', () => {
    const path = join(tempDir(), 'build.lock');
    writeFileSync(path, '');
    const attempt = tryLockFile(path);
    expect('lock' in attempt).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe(String(process.pid));
  });

  it('leaves no files of its own beside the lock', () => {
    const dir = tempDir();
    const path = join(dir, 'build.lock');
    writeFileSync(path, '2147483646');
    const attempt = tryLockFile(path);
    if (!('lock' in attempt)) throw new Error('expected the lock');
    expect(readdirSync(dir)).toEqual(['build.lock']);
    attempt.lock.release();
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('waitForLockFile', () => {
  it('waits while another process holds the lock, then takes it', SLOW_TEST, async () => {
    const path = join(tempDir(), 'build.lock');
    // Another process holds the lock for a moment, as a second `npm start` building would.
    const holder = spawn(process.execPath, [
      '-e',
      // Written aside and moved into place, so the lock never appears empty.
      `const fs = require('node:fs');
       fs.writeFileSync(${JSON.stringify(path + '.tmp')}, String(process.pid));
       fs.renameSync(${JSON.stringify(path + '.tmp')}, ${JSON.stringify(path)});
       setTimeout(() => fs.rmSync(${JSON.stringify(path)}), 700);`,
    ]);
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    // Node may take more than expect.poll's default second to start on a busy machine.
    await expect
      .poll(() => existsSync(path), { timeout: 10_000, message: 'the other process took the lock' })
      .toBe(true);

    const waitedFor: number[] = [];
    const lock = waitForLockFile(path, { timeoutMs: 30_000, onWait: (pid) => waitedFor.push(pid) });
    expect(waitedFor).toEqual([holder.pid]);
    expect(readFileSync(path, 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(existsSync(path)).toBe(false);
    await exited;
  });

  it('gives up after its time, naming the process that holds the lock', () => {
    const path = join(tempDir(), 'build.lock');
    writeFileSync(path, String(process.ppid));
    expect(() => waitForLockFile(path, { timeoutMs: 300 })).toThrow(
      new RegExp(`process ${process.ppid} to release`),
    );
    expect(readFileSync(path, 'utf8')).toBe(String(process.ppid));
  });

  it('takes a lock left by a process that is gone without waiting', () => {
    const path = join(tempDir(), 'build.lock');
    writeFileSync(path, '2147483646');
    const waitedFor: number[] = [];
    const lock = waitForLockFile(path, { timeoutMs: 300, onWait: (pid) => waitedFor.push(pid) });
    expect(waitedFor).toEqual([]);
    lock.release();
  });
});
