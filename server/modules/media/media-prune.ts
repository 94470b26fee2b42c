import { filesOf } from './media-transfer';
import type { Db } from '../../../db/client';
import type { MediaUse } from '../../../common/schemas/media';
import {
  articleReferences,
  articlesUsingMedia,
  deleteMediaIfUnused,
  listUploadedBefore,
  settingsText,
  storedSettings,
} from './media-repository';
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

/** The upload folders a text names (any file of them, by a relative or absolute address). */
export const foldersNamedIn = (text: string | null | undefined): string[] =>
  text ? Array.from(text.matchAll(FOLDER_IN_TEXT), (match) => match[1] as string) : [];

/**
 * Every upload an article (drafts included) or the site settings use: by folder named in any
 * text, and by id where an article's image is linked to its upload.
 */
async function referenced(db: Db): Promise<{ folders: Set<string>; ids: Set<string> }> {
  const found = new Set<string>();
  const ids = new Set<string>();
  const collect = (text: string | null | undefined) => {
    for (const folder of foldersNamedIn(text)) found.add(folder);
  };
  for await (const row of articleReferences(db)) {
    if (row.imageMediaId) ids.add(row.imageMediaId);
    collect(row.imageUrl);
    collect(row.description);
    collect(row.metaDescription);
  }
  collect(await settingsText(db));
  return { folders: found, ids };
}

/** An upload as removeUnusedMedia takes it. */
export const asUnusedMedia = (row: {
  id: string;
  storageKey: string;
  variants: { key: string }[];
  avif?: { key: string }[] | null;
  crops?: { key: string }[] | null;
  bytes: number;
  createdAt: Date;
}): UnusedMedia => ({
  id: row.id,
  folder: folderOfKey(row.storageKey),
  keys: filesOf(row),
  bytes: row.bytes,
  createdAt: row.createdAt,
});

/**
 * Where each of these uploads is used, by the rule the prune removes by: the articles whose
 * image or texts name it (the delete's own SQL condition) and the settings whose value names
 * its folder. An upload with no entry is one removeUnusedMedia would remove.
 */
export async function usesOfMedia(
  db: Db,
  uploads: { id: string; storageKey: string }[],
): Promise<Map<string, MediaUse[]>> {
  const uses = new Map<string, MediaUse[]>(uploads.map((u) => [u.id, []]));
  if (uploads.length === 0) return uses;
  const [articleRows, settings] = await Promise.all([
    articlesUsingMedia(
      db,
      uploads.map((u) => u.id),
    ),
    storedSettings(db),
  ]);
  for (const row of articleRows)
    uses.get(row.mediaId)?.push({ kind: 'article', _id: row.articleId, title: row.title });
  for (const [setting, value] of Object.entries(settings ?? {})) {
    const named = new Set(foldersNamedIn(JSON.stringify(value)));
    for (const upload of uploads)
      if (named.has(folderOfKey(upload.storageKey)))
        uses.get(upload.id)?.push({ kind: 'setting', setting });
  }
  return uses;
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
  const rows = await listUploadedBefore(db, opts.uploadedBefore);
  return rows
    .filter((row) => !used.ids.has(row.id) && !used.folders.has(folderOfKey(row.storageKey)))
    .map(asUnusedMedia);
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
  if (!(await deleteMediaIfUnused(db, item.id, item.folder))) return false;
  // The row is gone first: a crash here leaves stray bytes, never a row without its file.
  for (const key of item.keys) await storage.remove(key);
  return true;
}
