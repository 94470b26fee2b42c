/*
 * What uses an upload (docs/decisions/034): the conditions on each table that may name one,
 * the prune's finder and guarded delete, and the library's "used by" lists, all from the same
 * conditions so "used" means one thing everywhere.
 */
import { and, asc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { adCreatives } from '../../../db/schema/ads';
import { mediaFoldersIn } from '../../../db/schema/columns';
import { articleMediaFolders, articles } from '../../../db/schema/content';
import { liveEntries, liveEntryMediaFolders } from '../../../db/schema/live';
import { media } from '../../../db/schema/media';
import { articleRevisions, revisionMediaFolders } from '../../../db/schema/revisions';
import { siteSettings } from '../../../db/schema/site';
import { userPhotoMediaFolders, users } from '../../../db/schema/users';
import { fileColumns } from './media-repository';

/** The stored site settings (they may name a logo, header or share image). */
export async function storedSettings(db: Db): Promise<Record<string, unknown> | undefined> {
  const [row] = await db.select({ data: siteSettings.data }).from(siteSettings);
  return row?.data;
}

/** Whether a text's upload folders (an indexed `media_folders_in`) hold `folder`. */
const holds = (folders: SQL, folder: SQL | string) => sql`${folders} @> ARRAY[${folder}]::text[]`;

/**
 * Whether an article uses the upload `mediaId` whose files are in `folder`: its image is linked
 * to the upload, or its image address, text or meta description names any of the upload's
 * files (`articleMediaFolders`, the FOLDER_IN_TEXT rule of media-prune.ts in SQL, indexed).
 */
const articleUses = (mediaId: SQL | typeof media.id, folder: SQL | string) =>
  sql`(${articles.imageMediaId} = ${mediaId} OR ${holds(articleMediaFolders, folder)})`;

/**
 * What uses an upload (docs/decisions/034; issue 44 item 5): an article as it stands; an entry
 * of a live blog; an earlier version of an article (a revision or an autosave, so a restore
 * finds its images); a person's photo; a house ad (issue 39 item 1: the ad would go with its
 * image); a site setting. Each is a condition on its own table,
 * indexed. `inUse` joins them for the delete's guard and the prune's finder, and the library's
 * `usedBy` lists by the same conditions, so "used" means one thing everywhere.
 */
const uses = {
  article: articleUses,
  live: (folder: SQL | string) => holds(liveEntryMediaFolders, folder),
  history: (folder: SQL | string) => holds(revisionMediaFolders, folder),
  person: (folder: SQL | string) => holds(userPhotoMediaFolders, folder),
  ad: (mediaId: SQL | typeof media.id) => sql`${adCreatives.imageId} = ${mediaId}`,
  setting: (folder: SQL | string) => holds(mediaFoldersIn(sql`${siteSettings.data}::text`), folder),
};

/** Whether anything uses the upload `mediaId` whose files are in `folder` (`uses`). */
const inUse = (mediaId: SQL | typeof media.id, folder: SQL | string) => sql`(
  EXISTS (SELECT 1 FROM ${articles} WHERE ${uses.article(mediaId, folder)})
  OR EXISTS (SELECT 1 FROM ${liveEntries} WHERE ${uses.live(folder)})
  OR EXISTS (SELECT 1 FROM ${articleRevisions} WHERE ${uses.history(folder)})
  OR EXISTS (SELECT 1 FROM ${users} WHERE ${uses.person(folder)})
  OR EXISTS (SELECT 1 FROM ${adCreatives} WHERE ${uses.ad(mediaId)})
  OR EXISTS (SELECT 1 FROM ${siteSettings} WHERE ${uses.setting(folder)}))`;

/** The folder of the upload in this row: its storage key without the file's name. */
const folderOfRow = sql<string>`regexp_replace(${media.storageKey}, '/[^/]*$', '')`;

/** Uploads made before `uploadedBefore` that nothing uses (`inUse`), oldest first. */
export function listUnusedBefore(db: Db, uploadedBefore: Date) {
  return db
    .select({
      ...fileColumns,
      bytes: media.bytes,
      createdAt: media.createdAt,
    })
    .from(media)
    .where(and(lt(media.createdAt, uploadedBefore), sql`NOT ${inUse(media.id, folderOfRow)}`))
    .orderBy(asc(media.createdAt), asc(media.id));
}

/**
 * Deletes the upload `id` only if, at that moment, nothing uses it (`inUse`: one statement, so
 * a save since a scan keeps it). True when it was deleted.
 */
export async function deleteMediaIfUnused(db: Db, id: string, folder: string): Promise<boolean> {
  const deleted = await db
    .delete(media)
    .where(and(eq(media.id, id), sql`NOT ${inUse(media.id, folder)}`))
    .returning({ id: media.id });
  return deleted.length > 0;
}

/**
 * The articles (drafts too) that use each of the uploads `ids` as they stand. The uploads are
 * taken by key from the list of ids (`unnest`), not by a filter on the library: with a large
 * library and a guess of many uses per upload, a filter let PostgreSQL plan a parallel scan of
 * the library, whose worker's start cost more than the page's work (docs/perf/scale.md).
 */
export function articlesUsingMedia(db: Db, ids: string[]) {
  return db
    .select({ mediaId: media.id, articleId: articles.id, title: articles.name })
    .from(sql`unnest(${`{${ids.join(',')}}`}::uuid[]) AS asked(id)`)
    .innerJoin(media, sql`${media.id} = asked.id`)
    .innerJoin(articles, uses.article(media.id, folderOfRow))
    .orderBy(asc(articles.name), asc(articles.id));
}

/** The articles whose live blog has an entry showing each of the uploads `ids`. */
export function liveBlogsUsingMedia(db: Db, ids: string[]) {
  return db
    .selectDistinct({ mediaId: media.id, articleId: articles.id, title: articles.name })
    .from(media)
    .innerJoin(liveEntries, uses.live(folderOfRow))
    .innerJoin(articles, eq(articles.id, liveEntries.articleId))
    .where(inArray(media.id, ids))
    .orderBy(asc(articles.name), asc(articles.id));
}

/**
 * The articles an earlier version of which (a revision or an autosave) names each of the
 * uploads `ids`, though the article as it stands does not (that one is listed as an article).
 */
export function historiesUsingMedia(db: Db, ids: string[]) {
  return db
    .selectDistinct({ mediaId: media.id, articleId: articles.id, title: articles.name })
    .from(media)
    .innerJoin(articleRevisions, uses.history(folderOfRow))
    .innerJoin(
      articles,
      and(
        eq(articles.id, articleRevisions.articleId),
        sql`${uses.article(media.id, folderOfRow)} IS NOT TRUE`,
      ),
    )
    .where(inArray(media.id, ids))
    .orderBy(asc(articles.name), asc(articles.id));
}

/** The people whose photo is each of the uploads `ids`. */
export function peopleUsingMedia(db: Db, ids: string[]) {
  return db
    .select({ mediaId: media.id, userId: users.id, name: users.name })
    .from(media)
    .innerJoin(users, uses.person(folderOfRow))
    .where(inArray(media.id, ids))
    .orderBy(asc(users.name), asc(users.id));
}

/** The library's filters as the media module stores them. */

/** The house ads showing each of the uploads `ids`. */
export function adsUsingMedia(db: Db, ids: string[]) {
  return db
    .select({ mediaId: adCreatives.imageId, adId: adCreatives.id, name: adCreatives.name })
    .from(adCreatives)
    .where(inArray(adCreatives.imageId, ids))
    .orderBy(asc(adCreatives.name), asc(adCreatives.id));
}
