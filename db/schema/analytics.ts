import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/*
 * First-party analytics (issue 38, DECISIONS.md §26, server/modules/analytics). No table here
 * holds a reader's address: a reader is a salted hash whose salt lives one day.
 */

/**
 * The salt of today's reader hashes (one row, its UTC day). Yesterday's is deleted as soon as a
 * process makes today's, so a hash can never be matched with the address again (Plausible's
 * scheme).
 */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date({ mode: 'string' }).primaryKey(),
  salt: text().notNull(),
});

/**
 * Raw beacons, written in batches. Range-partitioned by `day` (the UTC day) in a custom
 * migration (0032), one partition per day that the retention job drops whole; rows with no
 * partition yet wait in the default partition. Kept `analytics.retentionDays` days.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    at: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    day: date({ mode: 'string' }).notNull(),
    /** 'view' | 'engaged'. */
    kind: text().notNull(),
    /** No reference: writing a beacon never locks an article; rollups join articles. */
    articleId: uuid(),
    path: text().notNull(),
    /** The class of the referrer and UTM (server/modules/analytics/sources.ts). */
    source: text().notNull(),
    /** The day's salted hash of address and user agent; null under Do Not Track / GPC. */
    visitor: text(),
    seconds: integer(),
    scroll: smallint(),
  },
  (t) => [
    index('analytics_events_at_idx').on(t.at),
    index('analytics_events_article_idx').on(t.articleId, t.at),
  ],
);

/**
 * Rollups of article views per minute, hour and day (the site's day), per source: what the
 * reports read. `readers` are distinct readers in the bucket and source.
 */
export const analyticsRollups = pgTable(
  'analytics_rollups',
  {
    grain: text().notNull(),
    bucket: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    articleId: uuid().notNull(),
    source: text().notNull(),
    views: integer().notNull(),
    readers: integer().notNull(),
    engaged: integer().notNull(),
    engagedSeconds: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.grain, t.bucket, t.articleId, t.source] }),
    index('analytics_rollups_bucket_idx').on(t.grain, t.bucket),
  ],
);

/**
 * E-paper page views per day (the site's day), edition and source (issue 68 item 5): rolled up
 * from the raw events of `/epaper/{edition}/{date}[/{page}]` like the article rollups, and kept
 * as they are. `readers` are distinct readers of the day.
 */
export const analyticsEpaperDays = pgTable(
  'analytics_epaper_days',
  {
    day: date({ mode: 'string' }).notNull(),
    /** No reference, as the article rollups: an edition removed keeps its counts. */
    editionId: uuid().notNull(),
    source: text().notNull(),
    views: integer().notNull(),
    readers: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.editionId, t.source] })],
);
