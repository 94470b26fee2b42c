import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { articles } from '../../../db/schema/content';
import { media, type MediaCrop, type MediaVariant } from '../../../db/schema/media';
import { siteSettings } from '../../../db/schema/site';

/*
 * The media module's table `media` (and `media_blobs`, in media-storage.ts). The prune queries
 * also read what articles and settings refer to: removing an upload must check, in the same
 * statement, that nothing uses it (server/modules/README.md).
 */

export async function insertMedia(
  db: Db,
  values: {
    id: string;
    storageKey: string;
    mimeType: string;
    width: number;
    height: number;
    bytes: number;
    variants: MediaVariant[];
    /** Left out, the upload's AVIF variants are made later (makeMissingVariants). */
    avif?: MediaVariant[] | null;
    crops: MediaCrop[];
    uploadedBy: string | null;
    createdAt: Date;
  },
): Promise<void> {
  await db.insert(media).values(values);
}

/** An upload's size and crops by the storage key of its original. */
export async function findImageByKey(db: Db, storageKey: string) {
  const [row] = await db
    .select({ width: media.width, height: media.height, crops: media.crops })
    .from(media)
    .where(eq(media.storageKey, storageKey));
  return row;
}

/** Uploads' sizes and variants by id, for responsive markup. */
export function findImagesByIds(db: Db, ids: string[]) {
  return db
    .select({
      id: media.id,
      width: media.width,
      height: media.height,
      variants: media.variants,
      avif: media.avif,
    })
    .from(media)
    .where(inArray(media.id, ids));
}

export async function findMediaIdByKey(db: Db, storageKey: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: media.id })
    .from(media)
    .where(eq(media.storageKey, storageKey));
  return row?.id;
}

/** Uploads whose crops were never made (from before crops existed), a batch at a time. */
export function listMediaWithoutCrops(db: Db, limit: number) {
  return db
    .select({ id: media.id, storageKey: media.storageKey })
    .from(media)
    .where(isNull(media.crops))
    .orderBy(asc(media.id))
    .limit(limit);
}

/** Uploads whose AVIF variants were never made (from before AVIF), a batch at a time. */
export function listMediaWithoutAvif(db: Db, limit: number) {
  return db
    .select({ id: media.id, storageKey: media.storageKey, variants: media.variants })
    .from(media)
    .where(isNull(media.avif))
    .orderBy(asc(media.id))
    .limit(limit);
}

/** Originals in id order after `afterId`, a batch at a time (the metadata sweep). */
export function listOriginalsAfter(db: Db, afterId: string | null, limit: number) {
  return db
    .select({ id: media.id, storageKey: media.storageKey })
    .from(media)
    .where(afterId ? gt(media.id, afterId) : undefined)
    .orderBy(asc(media.id))
    .limit(limit);
}

/** An original rewritten in place (metadata stripped): its new size and dimensions. */
export async function saveOriginal(
  db: Db,
  id: string,
  values: { bytes: number; width: number; height: number },
): Promise<void> {
  await db.update(media).set(values).where(eq(media.id, id));
}

export async function saveCrops(db: Db, id: string, crops: MediaCrop[]): Promise<void> {
  await db.update(media).set({ crops }).where(eq(media.id, id));
}

/** An upload's AVIF variants made (and its first WebP one, for a small original). */
export async function saveAvifVariants(
  db: Db,
  id: string,
  values: { avif: MediaVariant[]; variants?: MediaVariant[] },
): Promise<void> {
  await db.update(media).set(values).where(eq(media.id, id));
}

const SCAN_BATCH = 500;

/** Every text of every article that may name an upload, in batches by id (drafts included). */
export async function* articleReferences(db: Db) {
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select({
        id: articles.id,
        imageMediaId: articles.imageMediaId,
        imageUrl: articles.imageUrl,
        description: articles.description,
        metaDescription: articles.metaDescription,
      })
      .from(articles)
      .where(after ? gt(articles.id, after) : undefined)
      .orderBy(asc(articles.id))
      .limit(SCAN_BATCH);
    yield* rows;
    if (rows.length < SCAN_BATCH) return;
    after = rows[rows.length - 1]?.id;
  }
}

/** The stored site settings as text (they may name a header image). */
export async function settingsText(db: Db): Promise<string | undefined> {
  const [row] = await db.select({ data: siteSettings.data }).from(siteSettings);
  return row ? JSON.stringify(row.data) : undefined;
}

/** Uploads made before `uploadedBefore`, oldest first. */
export function listUploadedBefore(db: Db, uploadedBefore: Date) {
  return db
    .select({
      id: media.id,
      storageKey: media.storageKey,
      variants: media.variants,
      avif: media.avif,
      crops: media.crops,
      bytes: media.bytes,
      createdAt: media.createdAt,
    })
    .from(media)
    .where(lt(media.createdAt, uploadedBefore))
    .orderBy(asc(media.createdAt), asc(media.id));
}

/**
 * Deletes the upload `id` only if, at that moment, nothing names its folder or links its id
 * (one statement, so an article saved since a scan keeps it). True when it was deleted.
 */
export async function deleteMediaIfUnused(db: Db, id: string, folder: string): Promise<boolean> {
  const pattern = `%${folder}/%`;
  const deleted = await db
    .delete(media)
    .where(
      and(
        eq(media.id, id),
        sql`NOT EXISTS (SELECT 1 FROM ${articles} WHERE ${articles.imageMediaId} = ${media.id}
          OR ${articles.imageUrl} LIKE ${pattern} OR ${articles.description} LIKE ${pattern}
          OR ${articles.metaDescription} LIKE ${pattern})`,
        sql`NOT EXISTS (SELECT 1 FROM ${siteSettings} WHERE ${siteSettings.data}::text LIKE ${pattern})`,
      ),
    )
    .returning({ id: media.id });
  return deleted.length > 0;
}
