import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { articles } from '../../../db/schema/content';
import { media } from '../../../db/schema/media';
import { siteSettings } from '../../../db/schema/site';
import type { MediaStorage } from './media-storage';

/**
 * Media no article and no setting uses any more (an article deleted, an image replaced), found
 * and removed by `npm run media:prune`. Every upload lives in its own folder
 * (`YYYY/MM/<uuid>/`: the original and its WebP variants), so a reference to any of its files,
 * relative or absolute, keeps the whole upload.
 */

const FOLDER_IN_TEXT =
  /(\d{4}\/\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//g;

export const folderOfKey = (key: string) => key.slice(0, key.lastIndexOf('/'));

export interface UnusedMedia {
  id: string;
  folder: string;
  /** The original and every variant. */
  keys: string[];
  bytes: number;
  createdAt: Date;
}

const SCAN_BATCH = 500;

/**
 * Every upload an article (drafts included) or the site settings use: by folder named in any
 * text, and by id where an article's image is linked to its upload.
 */
async function referenced(db: Db): Promise<{ folders: Set<string>; ids: Set<string> }> {
  const found = new Set<string>();
  const ids = new Set<string>();
  const collect = (text: string | null | undefined) => {
    if (text) for (const match of text.matchAll(FOLDER_IN_TEXT)) found.add(match[1] as string);
  };
  // In batches by id, so a large site is never loaded into memory at once.
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
    for (const row of rows) {
      if (row.imageMediaId) ids.add(row.imageMediaId);
      collect(row.imageUrl);
      collect(row.description);
      collect(row.metaDescription);
    }
    if (rows.length < SCAN_BATCH) break;
    after = rows[rows.length - 1]?.id;
  }
  const [settings] = await db.select({ data: siteSettings.data }).from(siteSettings);
  collect(settings ? JSON.stringify(settings.data) : undefined);
  return { folders: found, ids };
}

/**
 * Uploads older than `uploadedBefore` that nothing refers to, oldest first. The age is the
 * safety margin for work not saved yet: an editor's unsaved form (kept in the browser) may hold
 * an image uploaded minutes or days ago.
 */
export async function findUnusedMedia(
  db: Db,
  opts: { uploadedBefore: Date },
): Promise<UnusedMedia[]> {
  const used = await referenced(db);
  const rows = await db
    .select({
      id: media.id,
      storageKey: media.storageKey,
      variants: media.variants,
      bytes: media.bytes,
      createdAt: media.createdAt,
    })
    .from(media)
    .where(lt(media.createdAt, opts.uploadedBefore))
    .orderBy(asc(media.createdAt), asc(media.id));
  return rows
    .filter((row) => !used.ids.has(row.id) && !used.folders.has(folderOfKey(row.storageKey)))
    .map((row) => ({
      id: row.id,
      folder: folderOfKey(row.storageKey),
      keys: [row.storageKey, ...row.variants.map((v) => v.key)],
      bytes: row.bytes,
      createdAt: row.createdAt,
    }));
}

/**
 * Removes one unused upload: the row goes only if, at that moment, still nothing uses it (one
 * statement, so an article saved since the scan keeps it), then the bytes. Answers false,
 * removing nothing, when it is in use.
 */
export async function removeUnusedMedia(
  db: Db,
  storage: MediaStorage,
  item: UnusedMedia,
): Promise<boolean> {
  const pattern = `%${item.folder}/%`;
  const deleted = await db
    .delete(media)
    .where(
      and(
        eq(media.id, item.id),
        sql`NOT EXISTS (SELECT 1 FROM ${articles} WHERE ${articles.imageMediaId} = ${media.id}
          OR ${articles.imageUrl} LIKE ${pattern} OR ${articles.description} LIKE ${pattern}
          OR ${articles.metaDescription} LIKE ${pattern})`,
        sql`NOT EXISTS (SELECT 1 FROM ${siteSettings} WHERE ${siteSettings.data}::text LIKE ${pattern})`,
      ),
    )
    .returning({ id: media.id });
  if (deleted.length === 0) return false;
  // The row is gone first: a crash here leaves stray bytes, never a row without its file.
  for (const key of item.keys) await storage.remove(key);
  return true;
}
