/*
 * Stories on the e-paper's page (issue 68 item 1), owned by server/modules/epaper: the boxes the
 * desk draws on a page, each a story, an ad or a photo, a story's box perhaps linked to the web
 * story it printed. A box's place is fractions of its page (0 … 1 from the top left), whatever
 * size the page is shown at.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { EPAPER_ZONE_KINDS } from '../../common/epaper';
import { id, ownedBy, timestamps } from './columns';
import { articles } from './content';
import { epaperPages } from './epaper';
import { users } from './users';

export const epaperZones = pgTable(
  'epaper_zones',
  {
    id: id(),
    pageId: ownedBy(() => epaperPages.id),
    x: doublePrecision().notNull(),
    y: doublePrecision().notNull(),
    w: doublePrecision().notNull(),
    h: doublePrecision().notNull(),
    kind: text({ enum: EPAPER_ZONE_KINDS }).notNull().default('story'),
    /** The web story it printed, if the desk linked one. */
    storyId: uuid().references(() => articles.id, { onDelete: 'set null' }),
    /**
     * Its text as a person corrected it; unset, readers get what OCR read in the box, without
     * its numbers (DECISIONS.md §31: Tesseract misreads Devanagari numerals).
     */
    text: text(),
    ...timestamps,
  },
  (t) => [
    index('epaper_zones_page_idx').on(t.pageId),
    index('epaper_zones_story_idx')
      .on(t.storyId)
      .where(sql`${t.storyId} IS NOT NULL`),
    check(
      'epaper_zones_box_inside',
      sql`${t.x} >= 0 AND ${t.y} >= 0 AND ${t.w} > 0 AND ${t.h} > 0 AND ${t.x} + ${t.w} <= 1.000001 AND ${t.y} + ${t.h} <= 1.000001`,
    ),
  ],
);

/**
 * A reader's clip of a page (issue 68 item 2): the box cut from the page at up to 300 dpi with
 * a footer strip (masthead, edition, date, page), stored once as a JPEG under
 * `epaper/clips/{id}.jpg`; public at /epaper/clips/{id} while its issue is.
 */
export const epaperClips = pgTable(
  'epaper_clips',
  {
    id: id(),
    pageId: ownedBy(() => epaperPages.id),
    x: doublePrecision().notNull(),
    y: doublePrecision().notNull(),
    w: doublePrecision().notNull(),
    h: doublePrecision().notNull(),
    /** The JPEG's size. */
    width: integer().notNull(),
    height: integer().notNull(),
    bytes: integer().notNull(),
    /** The reader who cut it, if signed in. */
    makerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Who cut it, as the clip limits and its opens count readers (a hash, never an address). */
    maker: text().notNull(),
    /** Other readers who opened it (each once). */
    opens: integer().notNull().default(0),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('epaper_clips_page_idx').on(t.pageId),
    index('epaper_clips_maker_idx').on(t.maker, t.createdAt),
    index('epaper_clips_maker_id_idx')
      .on(t.makerId, t.createdAt)
      .where(sql`${t.makerId} IS NOT NULL`),
  ],
);

/** The readers who opened a clip (one row each: a second opening is not counted). */
export const epaperClipOpens = pgTable(
  'epaper_clip_opens',
  {
    clipId: ownedBy(() => epaperClips.id),
    reader: text().notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.clipId, t.reader] })],
);
