import { filesOf } from './media-transfer';
import { and, asc, desc, eq, gt, gte, ilike, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { tally } from '../../../db/counts';
import { media, type MediaCrop, type MediaVariant } from '../../../db/schema/media';
import { users } from '../../../db/schema/users';

/*
 * The media module's table `media` (and `media_blobs`, in media-storage.ts). What uses an upload
 * (articles, live entries, revisions, people's photos, settings), which removing one checks in
 * the same statement, is asked in media-uses-repository.ts (server/modules/README.md).
 */

/** The columns that name an upload's files: its original, variants and crops (`filesOf`). */
export const fileColumns = {
  id: media.id,
  storageKey: media.storageKey,
  variants: media.variants,
  avif: media.avif,
  crops: media.crops,
};

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
    filename?: string;
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

/**
 * Uploads whose crops were never made (from before crops existed), a batch at a time in id
 * order after `afterId` (a walk of the key's index that starts where the last batch ended).
 */
export function listMediaWithoutCrops(db: Db, limit: number, afterId: string | null = null) {
  return db
    .select({ id: media.id, storageKey: media.storageKey })
    .from(media)
    .where(and(isNull(media.crops), afterId ? gt(media.id, afterId) : undefined))
    .orderBy(asc(media.id))
    .limit(limit);
}

/** Uploads whose AVIF variants were never made (from before AVIF), as listMediaWithoutCrops. */
export function listMediaWithoutAvif(db: Db, limit: number, afterId: string | null = null) {
  return db
    .select({ id: media.id, storageKey: media.storageKey, variants: media.variants })
    .from(media)
    .where(and(isNull(media.avif), afterId ? gt(media.id, afterId) : undefined))
    .orderBy(asc(media.id))
    .limit(limit);
}

/** One upload whose AVIF variants are still to make (null: made already, or no such upload). */
export async function findMediaWithoutAvif(db: Db, id: string) {
  const [row] = await db
    .select({ id: media.id, storageKey: media.storageKey, variants: media.variants })
    .from(media)
    .where(and(eq(media.id, id), isNull(media.avif)));
  return row ?? null;
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

/**
 * Records the AVIF variants made for upload `id` (and its first WebP one, for a small original)
 * unless some other worker recorded its own first (the job and the start-up backfill, or two
 * processes, can make the same upload's at once; their files have the same names). Answers what
 * became of the upload.
 */
export async function saveAvifVariants(
  db: Db,
  id: string,
  values: { avif: MediaVariant[]; variants?: MediaVariant[] },
): Promise<'saved' | 'made already' | 'gone'> {
  const saved = await db
    .update(media)
    .set(values)
    .where(and(eq(media.id, id), isNull(media.avif)))
    .returning({ id: media.id });
  if (saved.length > 0) return 'saved';
  const [still] = await db.select({ id: media.id }).from(media).where(eq(media.id, id));
  return still ? 'made already' : 'gone';
}
export interface LibraryFilters {
  q?: string;
  mimeType?: string;
  /** Uploaded at or after `from` and before `to`. */
  from?: Date;
  to?: Date;
  uploadedBy?: string;
}

/** `text` anywhere, as a LIKE pattern: its own `%`, `_` and backslash match only themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function libraryWhere(f: LibraryFilters) {
  const q = f.q ? containing(f.q) : undefined;
  return and(
    q ? or(ilike(media.filename, q), ilike(media.alt, q), ilike(media.caption, q)) : undefined,
    f.mimeType ? eq(media.mimeType, f.mimeType) : undefined,
    f.from ? gte(media.createdAt, f.from) : undefined,
    f.to ? lt(media.createdAt, f.to) : undefined,
    f.uploadedBy ? eq(media.uploadedBy, f.uploadedBy) : undefined,
  );
}

/** What the library shows of an upload, and the files a delete removes. */
const libraryColumns = {
  id: media.id,
  storageKey: media.storageKey,
  mimeType: media.mimeType,
  width: media.width,
  height: media.height,
  bytes: media.bytes,
  variants: media.variants,
  avif: media.avif,
  crops: media.crops,
  filename: media.filename,
  alt: media.alt,
  caption: media.caption,
  uploadedBy: media.uploadedBy,
  uploaderName: users.name,
  createdAt: media.createdAt,
};

/** One page of the library, newest first, and how many uploads match in all. */
export async function listLibrary(
  db: Db,
  filters: LibraryFilters,
  page: { limit: number; offset: number },
) {
  const where = libraryWhere(filters);
  const [rows, total] = await Promise.all([
    db
      .select(libraryColumns)
      .from(media)
      .leftJoin(users, eq(users.id, media.uploadedBy))
      .where(where)
      .orderBy(desc(media.createdAt), desc(media.id))
      .limit(page.limit)
      .offset(page.offset),
    tally(db, media, where),
  ]);
  return { rows, total: total.n, estimated: !total.exact };
}
export type LibraryRow = Awaited<ReturnType<typeof listLibrary>>['rows'][number];

/** One upload as the library shows it, or undefined. */
export async function findLibraryItem(db: Db, id: string): Promise<LibraryRow | undefined> {
  const [row] = await db
    .select(libraryColumns)
    .from(media)
    .leftJoin(users, eq(users.id, media.uploadedBy))
    .where(eq(media.id, id));
  return row;
}

/** An upload's alt text and caption; only the ones given change. True when it exists. */
export async function saveMediaTexts(
  db: Db,
  id: string,
  values: { alt?: string; caption?: string },
): Promise<boolean> {
  const updated = await db
    .update(media)
    .set(values)
    .where(eq(media.id, id))
    .returning({ id: media.id });
  return updated.length > 0;
}

/** Every storage key of the uploads after `afterId` (by id), `limit` uploads at a time. */
export async function listMediaKeysAfter(
  db: Db,
  afterId: string | null,
  limit: number,
): Promise<{ id: string; keys: string[] }[]> {
  const rows = await db
    .select(fileColumns)
    .from(media)
    .where(afterId ? gt(media.id, afterId) : undefined)
    .orderBy(asc(media.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, keys: filesOf(r) }));
}
