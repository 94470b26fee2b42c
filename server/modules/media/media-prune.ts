import { filesOf } from './media-transfer';
import type { Db } from '../../../db/client';
import type { Outbox } from '../../events/outbox';
import type { MediaUse } from '../../../common/schemas/media';
import {
  articlesUsingMedia,
  deleteMediaIfUnused,
  historiesUsingMedia,
  listUnusedBefore,
  liveBlogsUsingMedia,
  peopleUsingMedia,
  adsUsingMedia,
  storedSettings,
} from './media-uses-repository';
import type { MediaStorage } from './media-storage';

/**
 * Media nothing uses any more (an article deleted with its history, an entry or a photo
 * replaced), found and removed by `npm run media:prune`. Every upload lives in its own folder
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
 * Where each of these uploads is used, by the rule the delete and the prune remove by
 * (`inUse` in media-repository.ts): the articles as they stand, the live blogs whose entries
 * show it, the articles only an earlier version of which names it, the people whose photo it
 * is, the house ads that show it, and the settings whose value names its folder. An upload with no entry is one
 * removeUnusedMedia would remove.
 */
export async function usesOfMedia(
  db: Db,
  uploads: { id: string; storageKey: string }[],
): Promise<Map<string, MediaUse[]>> {
  const uses = new Map<string, MediaUse[]>(uploads.map((u) => [u.id, []]));
  if (uploads.length === 0) return uses;
  const ids = uploads.map((u) => u.id);
  const [articles, live, history, people, ads, settings] = await Promise.all([
    articlesUsingMedia(db, ids),
    liveBlogsUsingMedia(db, ids),
    historiesUsingMedia(db, ids),
    peopleUsingMedia(db, ids),
    adsUsingMedia(db, ids),
    storedSettings(db),
  ]);
  const add = (id: string, use: MediaUse) => uses.get(id)?.push(use);
  for (const row of articles)
    add(row.mediaId, { kind: 'article', _id: row.articleId, title: row.title });
  for (const row of live) add(row.mediaId, { kind: 'live', _id: row.articleId, title: row.title });
  for (const row of history)
    add(row.mediaId, { kind: 'history', _id: row.articleId, title: row.title });
  for (const row of people) add(row.mediaId, { kind: 'person', _id: row.userId, name: row.name });
  for (const row of ads) add(row.mediaId, { kind: 'ad', _id: row.adId, name: row.name });
  for (const [setting, value] of Object.entries(settings ?? {})) {
    const named = new Set(foldersNamedIn(JSON.stringify(value)));
    for (const upload of uploads)
      if (named.has(folderOfKey(upload.storageKey))) add(upload.id, { kind: 'setting', setting });
  }
  return uses;
}

/**
 * Uploads older than `uploadedBefore` that nothing uses, oldest first. The age is the safety
 * margin for work not saved yet: an editor's unsaved form (kept in the browser) may hold an
 * image uploaded minutes or days ago.
 */
export async function findUnusedMedia(
  db: Db,
  opts: { uploadedBefore: Date },
): Promise<UnusedMedia[]> {
  return (await listUnusedBefore(db, opts.uploadedBefore)).map(asUnusedMedia);
}

/**
 * Removes one unused upload: the row goes only if, at that moment, still nothing uses it (one
 * statement, so an article saved since the scan keeps it), with its `media.deleted` event when
 * there is an outbox, then the bytes. Answers false, removing nothing, when it is in use.
 */
export async function removeUnusedMedia(
  db: Db,
  storage: MediaStorage,
  item: UnusedMedia,
  outbox?: Outbox,
): Promise<boolean> {
  const removed = outbox
    ? await outbox.transaction(async (tx, record) => {
        const gone = await deleteMediaIfUnused(tx, item.id, item.folder);
        if (gone) record({ type: 'media.deleted', subject: { kind: 'media', id: item.id } });
        return gone;
      })
    : await deleteMediaIfUnused(db, item.id, item.folder);
  if (!removed) return false;
  // The row is gone first: a crash here leaves stray bytes, never a row without its file.
  for (const key of item.keys) await storage.remove(key);
  return true;
}
