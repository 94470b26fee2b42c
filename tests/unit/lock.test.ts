import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../db/lock';

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
