import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve, sep } from 'node:path';
import type { Db } from '../../../db/client';
import { mediaBlobs } from '../../../db/schema/media';
import type { S3Config } from '../../env';
import { EPAPER_KEY_PATTERN } from '../../../common/epaper';
import { englishOf } from '../../../common/refusals/catalogue';
import { insufficientStorage, isStorageFull } from '../../lib/errors';

/** What an upload to a full disk or database answers (507). */
export const MEDIA_STORAGE_FULL = englishOf('media.storage_full');
/** The ending of a file being written (then renamed into place). */
export const TEMP_SUFFIX = '.tmp';

/**
 * Where media bytes live: a folder (default), the database (several processes, DECISIONS.md
 * §3) or an S3-compatible bucket (DECISIONS.md §20).
 */
export interface MediaStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The bytes, or undefined when nothing is stored under the key. */
  get(key: string): Promise<{ data: Buffer; contentType: string } | undefined>;
  remove(key: string): Promise<void>;
}

/** Keys are made by the media service; anything else is refused before touching storage. */
export const MEDIA_KEY_PATTERN =
  /^\d{4}\/\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/(original\.(jpg|png|webp|avif|gif)|w\d{1,4}\.(webp|avif)|crop-(16x9|4x3|1x1)\.jpg)$/;

/**
 * Whether a key is one the media storage keeps: an upload's (MEDIA_KEY_PATTERN), or an e-paper
 * page's (common/epaper.ts: its PDF, views, tiles and hOCR). Backups, restores and the site
 * archive move both.
 */
export const isStoredKey = (key: string) =>
  MEDIA_KEY_PATTERN.test(key) || EPAPER_KEY_PATTERN.test(key);

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  hocr: 'text/html; charset=utf-8',
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
      // Write then rename, so a reader never sees half a file; a failed write leaves none. Each
      // write has its own temporary name: two writes of one key at once (two workers making the
      // same upload's variants) would otherwise share one, and the second rename find it gone.
      const temp = `${path}.${process.pid}-${randomBytes(4).toString('hex')}${TEMP_SUFFIX}`;
      try {
        await writeFile(temp, data);
        await rename(temp, path);
      } catch (error) {
        await rm(temp, { force: true });
        if (isStorageFull(error)) throw insufficientStorage('media.storage_full');
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
        if (isStorageFull(error)) throw insufficientStorage('media.storage_full');
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

/**
 * An S3-compatible bucket (AWS, R2, MinIO, Ceph, s3rver in the tests), through the AWS SDK's
 * documented commands; credentials from the standard AWS variables. Keys are the media keys
 * themselves, so a bucket holds the same tree as the media folder. Objects are written whole by
 * one PUT: a reader never sees half of one, and a failed upload leaves nothing.
 */
export function createS3Storage(config: S3Config, client = s3ClientFor(config)): MediaStorage {
  const { bucket } = config;
  return {
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
          // Media never change once written (a new upload is a new key).
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!object.Body) return undefined;
        const data = Buffer.from(await object.Body.transformToByteArray());
        return { data, contentType: object.ContentType ?? contentTypeOfKey(key) };
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async remove(key) {
      // Removing a key that is not there succeeds, as S3 says.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}

/** The SDK's client for a bucket's service. */
export function s3ClientFor(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
  });
}

/** This configuration's storage (services and the command-line scripts). */
export function storageFor(
  config: { mediaStorage: 'fs' | 'db' | 's3'; s3: S3Config | undefined; dataDir: string },
  db: Db,
): MediaStorage {
  if (config.mediaStorage === 'db') return createDbStorage(db);
  if (config.mediaStorage === 's3' && config.s3) return createS3Storage(config.s3);
  return createFsStorage(mediaRoot(config.dataDir));
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
