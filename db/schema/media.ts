import { customType, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { CropRatio } from '../../common/articles';
import { id, timestamps } from './columns';
import { users } from './users';

export interface MediaVariant {
  width: number;
  height: number;
  key: string;
}

/** A JPEG cut from the original to one of CROP_RATIOS (issue 12 item 4). */
export interface MediaCrop {
  ratio: CropRatio;
  width: number;
  height: number;
  key: string;
}

export const media = pgTable(
  'media',
  {
    id: id(),
    /** Storage key of the original bytes, e.g. `2026/11/<id>/original.jpg`. */
    storageKey: text().notNull().unique(),
    mimeType: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    bytes: integer().notNull(),
    variants: jsonb().$type<MediaVariant[]>().notNull().default([]),
    /** Null until made: uploads from before crops existed get theirs at start-up. */
    crops: jsonb().$type<MediaCrop[]>(),
    /**
     * AVIF variants at the widths of the WebP ones (issue 11 item 1). Null until made: a new
     * upload gets them from its `media-variants` job (docs/decisions/035), uploads from before
     * AVIF at start-up or by `npm run media:variants`.
     */
    avif: jsonb().$type<MediaVariant[]>(),
    uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /**
     * The library's texts (issue 26 item 1, docs/decisions/034): the name the file had on the
     * uploader's computer (empty for uploads from before the library), and the alt text and
     * caption a picker offers when the image is placed. An article keeps its own copy of both.
     */
    filename: text().notNull().default(''),
    alt: text().notNull().default(''),
    caption: text().notNull().default(''),
    createdAt: timestamps.createdAt,
  },
  // The library lists newest first, a page at a time.
  (t) => [index('media_created_at_idx').on(t.createdAt, t.id)],
);

export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** File contents when MEDIA_STORAGE=db, so several processes on one PostgreSQL share them. */
export const mediaBlobs = pgTable('media_blobs', {
  key: text().primaryKey(),
  contentType: text().notNull(),
  data: bytea().notNull(),
  createdAt: timestamps.createdAt,
});
