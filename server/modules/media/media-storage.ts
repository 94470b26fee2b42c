import { eq } from 'drizzle-orm';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Db } from '../../../db/client';
import { mediaBlobs } from '../../../db/schema/media';
import { insufficientStorage, isStorageFull } from '../../lib/errors';

/** What an upload to a full disk or database answers (507). */
export const MEDIA_STORAGE_FULL = 'The media storage is full.';
/** The ending of a file being written (then renamed into place). */
const TEMP_SUFFIX = '.tmp';

/** Where media bytes live: a folder (default) or the database (several processes, DECISIONS.md §3). */
export interface MediaStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The bytes, or undefined when nothing is stored under the key. */
  get(key: string): Promise<{ data: Buffer; contentType: string } | undefined>;
  remove(key: string): Promise<void>;
}

/** Keys are made by the media service; anything else is refused before touching storage. */
export const MEDIA_KEY_PATTERN =
  /^\d{4}\/\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/(original\.(jpg|png|webp|avif|gif)|w\d{1,4}\.(webp|avif)|crop-(16x9|4x3|1x1)\.jpg)$/;

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};
export const contentTypeOfKey = (key: string) =>
  CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

export function createFsStorage(root: string): MediaStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`media key outside storage: ${key}`);
    return path;
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename, so a reader never sees half a file; a failed write leaves none.
      const temp = `${path}.${process.pid}${TEMP_SUFFIX}`;
      try {
        await writeFile(temp, data);
        await rename(temp, path);
      } catch (error) {
        await rm(temp, { force: true });
        if (isStorageFull(error)) throw insufficientStorage(MEDIA_STORAGE_FULL);
        throw error;
      }
    },
    async get(key) {
      try {
        return { data: await readFile(pathOf(key)), contentType: contentTypeOfKey(key) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

export function createDbStorage(db: Db): MediaStorage {
  return {
    async put(key, data, contentType) {
      try {
        await db
          .insert(mediaBlobs)
          .values({ key, data, contentType })
          .onConflictDoUpdate({ target: mediaBlobs.key, set: { data, contentType } });
      } catch (error) {
        if (isStorageFull(error)) throw insufficientStorage(MEDIA_STORAGE_FULL);
        throw error;
      }
    },
    async get(key) {
      const [row] = await db
        .select({ data: mediaBlobs.data, contentType: mediaBlobs.contentType })
        .from(mediaBlobs)
        .where(eq(mediaBlobs.key, key));
      return row ? { data: Buffer.from(row.data), contentType: row.contentType } : undefined;
    },
    async remove(key) {
      await db.delete(mediaBlobs).where(eq(mediaBlobs.key, key));
    },
  };
}

export const mediaRoot = (dataDir: string) => join(dataDir, 'media');

/**
 * Removes what writes left behind under `root` (a process killed mid-write, or a disk that
 * filled): files ending in .tmp older than `olderThanMs`, which no write still in progress
 * is. Answers how many it removed; a folder that cannot be read is skipped.
 */
export async function removeLeftoverTemporaryFiles(
  root: string,
  olderThanMs: number,
  now = Date.now(),
): Promise<number> {
  let entries: string[];
  try {
    entries = await readdir(root, { recursive: true });
  } catch {
    return 0;
  }
  let removed = 0;
  for (const entry of entries) {
    if (!entry.endsWith(TEMP_SUFFIX)) continue;
    const path = join(root, entry);
    try {
      const info = await stat(path);
      if (!info.isFile() || now - info.mtimeMs < olderThanMs) continue;
      await rm(path, { force: true });
      removed++;
    } catch {
      // Gone meanwhile, or not ours to read: nothing to do.
    }
  }
  return removed;
}
