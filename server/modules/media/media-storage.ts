import { eq } from 'drizzle-orm';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Db } from '../../../db/client';
import { mediaBlobs } from '../../../db/schema/media';

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
      // Write then rename, so a reader never sees half a file.
      const temp = `${path}.${process.pid}.tmp`;
      await writeFile(temp, data);
      await rename(temp, path);
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
      await db
        .insert(mediaBlobs)
        .values({ key, data, contentType })
        .onConflictDoUpdate({ target: mediaBlobs.key, set: { data, contentType } });
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
