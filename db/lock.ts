import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another Patrika process (pid ${pid}) is already using the embedded database in ${dataDir}. ` +
        'Two processes on one embedded database would corrupt it: stop the other process, ' +
        'give this one its own DATA_DIR, or use PostgreSQL with DATABASE_URL to run several.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface FileLock {
  path: string;
  release(): void;
}

/**
 * Takes the lock file at `path` for this process, or answers the pid of the live process that
 * holds it. The file holds the owner's pid; a lock left by a process that no longer runs
 * (kill -9, power loss) is taken over.
 */
export function tryLockFile(path: string): { lock: FileLock } | { heldBy: number } {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        lock: {
          path,
          release() {
            if (released) return;
            released = true;
            rmSync(path, { force: true });
          },
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let owner = Number.NaN;
      try {
        owner = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
      } catch (readError) {
        // Released between our open and our read: try again.
        if ((readError as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw readError;
      }
      if (Number.isInteger(owner) && owner > 0 && (owner === process.pid || isAlive(owner))) {
        return { heldBy: owner };
      }
      rmSync(path, { force: true }); // stale: its owner is gone
    }
  }
  throw new Error(`Could not take the lock ${path}`);
}

/**
 * Waits (blocking this thread) until the lock file at `path` is ours, for work that only one
 * process may do at a time, such as a build. `onWait` hears once whom we wait for.
 */
export function waitForLockFile(
  path: string,
  opts: { timeoutMs: number; onWait?: (pid: number) => void },
): FileLock {
  const deadline = Date.now() + opts.timeoutMs;
  let told = false;
  for (;;) {
    const attempt = tryLockFile(path);
    if ('lock' in attempt) return attempt.lock;
    if (attempt.heldBy === process.pid) throw new Error(`This process already holds ${path}.`);
    if (Date.now() > deadline) {
      throw new Error(
        `Waited ${Math.round(opts.timeoutMs / 1000)} s for process ${attempt.heldBy} to release ${path}; ` +
          'stop that process, or delete the file if it is not running.',
      );
    }
    if (!told) opts.onWait?.(attempt.heldBy);
    told = true;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
  }
}

/**
 * Takes the exclusive lock on an embedded data directory: PGlite has no protection of its own
 * and two processes on one directory silently corrupt it (ARCHITECTURE.md).
 */
export function lockDataDir(dataDir: string): FileLock {
  mkdirSync(dataDir, { recursive: true });
  const attempt = tryLockFile(join(dataDir, 'patrika.lock'));
  if ('heldBy' in attempt) throw new DataDirLockedError(dataDir, attempt.heldBy);
  return attempt.lock;
}
