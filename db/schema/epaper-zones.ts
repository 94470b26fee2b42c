/*
 * Stories on the e-paper's page (issue 68 item 1), owned by server/modules/epaper: the boxes the
 * desk draws on a page, each a story, an ad or a photo, a story's box perhaps linked to the web
 * story it printed. A box's place is fractions of its page (0 … 1 from the top left), whatever
 * size the page is shown at.
 */
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { EPAPER_ZONE_KINDS } from '../../common/epaper';
import { id, ownedBy, timestamps } from './columns';
import { articles } from './content';
import { epaperPages } from './epaper';

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
