/*
 * What Patrika writes under DATA_DIR is the site's own: the embedded database (with users'
 * e-mail addresses, password hashes and the token-signing key), media, backups and exports. On a
 * shared host anyone else must read none of it (issue 24 item 7): every file is written 0600 in
 * folders of 0700, whatever the umask Patrika was started with, and a start that finds looser
 * modes left by an older version fixes them and says so.
 */
import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The umask that makes new files 0600 and new folders 0700. */
const PRIVATE_UMASK = 0o077;

/** From now on, this process creates files and folders only its user can read. */
export function createFilesPrivately(): void {
  process.umask(PRIVATE_UMASK);
}

/**
 * Takes group and other permissions off every file and folder under `root` (symbolic links are
 * left alone: their targets are not ours to change). Answers how many it changed.
 */
export function makePrivate(root: string): number {
  let changed = 0;
  const visit = (path: string) => {
    let stat;
    try {
      stat = lstatSync(path);
    } catch {
      return; // gone meanwhile (a temporary file), or never there
    }
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) {
      chmodSync(path, stat.mode & 0o700);
      changed++;
    }
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return changed;
}
