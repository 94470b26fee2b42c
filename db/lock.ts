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

export interface DataDirLock {
  path: string;
  release(): void;
}

/**
 * Takes the exclusive lock on an embedded data directory: PGlite has no protection of its own
 * and two processes on one directory silently corrupt it (ARCHITECTURE.md). The lock file holds
 * the owner's pid; a lock left by a process that no longer runs (kill -9, power loss) is taken over.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'patrika.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        path,
        release() {
          if (released) return;
          released = true;
          rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(dataDir, owner);
      }
      if (owner === process.pid) throw new DataDirLockedError(dataDir, owner);
      rmSync(path, { force: true }); // stale: its owner is gone
    }
  }
  throw new Error(`Could not take the lock ${path}`);
}
