import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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

/** The pid a lock file names, or undefined when it is gone; NaN for a file that names none. */
function ownerOf(path: string): number | undefined {
  try {
    return Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Takes the lock file at `path` for this process, or answers the pid of the live process that
 * holds it. The file holds the owner's pid and appears whole (written aside, then linked into
 * place, which fails if a lock exists), so no one ever reads a half-made lock. A lock left by a
 * process that no longer runs (kill -9, power loss) is taken over.
 */
export function tryLockFile(path: string): { lock: FileLock } | { heldBy: number } {
  const mine = String(process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    const aside = `${path}.${process.pid}.${randomUUID()}.tmp`;
    writeFileSync(aside, mine);
    try {
      linkSync(aside, path);
      let released = false;
      return {
        lock: {
          path,
          release() {
            if (released) return;
            released = true;
            // Only our own lock: never one another process has taken since.
            if (ownerOf(path) === process.pid) rmSync(path, { force: true });
          },
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(aside, { force: true });
    }
    const owner = ownerOf(path);
    if (owner === undefined) continue; // released meanwhile: try again
    if (Number.isInteger(owner) && owner > 0 && (owner === process.pid || isAlive(owner))) {
      return { heldBy: owner };
    }
    // Stale. Move it aside and look at what was moved: if another process took the lock in
    // between, put its lock back rather than delete it.
    const grave = `${path}.${process.pid}.${randomUUID()}.stale`;
    try {
      renameSync(path, grave);
    } catch (renameError) {
      if ((renameError as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw renameError;
    }
    const moved = ownerOf(grave);
    if (moved !== undefined && !Object.is(moved, owner)) {
      try {
        linkSync(grave, path);
      } catch {
        // Someone holds the lock again now; theirs stands.
      }
    }
    rmSync(grave, { force: true });
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
    if (attempt.heldBy === process.pid) {
      throw new Error(
        `${path} names this process (pid ${process.pid}); if no build is running, delete the file.`,
      );
    }
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

/** The file inside an embedded DATA_DIR that names the process using it. */
export const DATA_DIR_LOCK_FILE = 'patrika.lock';

/**
 * Takes the exclusive lock on an embedded data directory: PGlite has no protection of its own
 * and two processes on one directory silently corrupt it (ARCHITECTURE.md).
 */
export function lockDataDir(dataDir: string): FileLock {
  mkdirSync(dataDir, { recursive: true });
  const attempt = tryLockFile(join(dataDir, DATA_DIR_LOCK_FILE));
  if ('heldBy' in attempt) throw new DataDirLockedError(dataDir, attempt.heldBy);
  return attempt.lock;
}
