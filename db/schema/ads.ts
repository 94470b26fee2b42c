import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, ownedBy, timestamps } from './columns';
import { media } from './media';
import { users } from './users';

/*
 * House ads (issue 39 item 1, docs/decisions/058): creatives editors upload, and their counts
 * per day. No reader, cookie or address is stored: a count is a number per creative and day.
 */

/** A house ad: an image from the media library, where a click goes, and when it runs. */
export const adCreatives = pgTable(
  'ad_creatives',
  {
    id: id(),
    name: text().notNull(),
    /** The upload shown; an ad whose image is deleted goes with it. */
    imageId: ownedBy(() => media.id),
    link: text().notNull(),
    alt: text().notNull(),
    /** Positions of common/schemas/ads.ts AD_POSITIONS it may fill. */
    positions: text().array().notNull(),
    /** Picked against the other active creatives of a position in proportion to this. */
    weight: integer().notNull().default(1),
    /**
     * Edition ids it is shown in (issue 65 item 6); empty: every edition. A slot asked for an
     * edition gets that edition's creatives and the untargeted ones.
     */
    editions: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Runs from/until (null: always). */
    startsAt: timestamp({ withTimezone: true, mode: 'date' }),
    endsAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('ad_creatives_image_idx').on(t.imageId)],
);

/** A creative's impressions and clicks on a day (UTC), written in batches. */
export const adDailyCounts = pgTable(
  'ad_daily_counts',
  {
    creativeId: ownedBy(() => adCreatives.id),
    day: date({ mode: 'string' }).notNull(),
    impressions: integer().notNull().default(0),
    clicks: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.creativeId, t.day] }),
    index('ad_daily_counts_day_idx').on(t.day),
  ],
);
