import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SiteSettings } from '../../common/settings';
import { timestamps, ownedBy } from './columns';
import { articles } from './content';

/** One row (id = 1) holding the settings of DECISIONS.md §8, validated by common/settings.ts. */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: smallint().primaryKey().default(1),
    data: jsonb().$type<Partial<SiteSettings>>().notNull().default({}),
    updatedAt: timestamps.updatedAt,
  },
  (t) => [check('site_settings_single_row', sql`${t.id} = 1`)],
);

/** Secrets generated on first start (e.g. the JWT key) so every process on one database agrees. */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamps.createdAt,
});

/*
 * The views module's counters (server/modules/views). Each process counts views in memory and
 * adds them here in batches, so a view never rewrites the article's row (issue 23 item 4).
 */

/** Views per article and calendar day of the site's time zone (docs/decisions/024). */
export const articleDailyViews = pgTable(
  'article_daily_views',
  {
    articleId: ownedBy(() => articles.id),
    day: date({ mode: 'string' }).notNull(),
    views: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.day] }),
    index('article_daily_views_day_idx').on(t.day),
  ],
);

/**
 * Each article's views of all time; no row until its first view is written. The index serves
 * the admin list's `views` order (most first, the id breaking ties, as the query says it).
 */
export const articleViewTotals = pgTable(
  'article_view_totals',
  {
    articleId: uuid()
      .primaryKey()
      .references(() => articles.id, { onDelete: 'cascade' }),
    views: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    index('article_view_totals_order_idx').on(
      t.views.desc().nullsFirst(),
      t.articleId.desc().nullsFirst(),
    ),
  ],
);

/**
 * Whose view of which article was counted last, and when (the reader is the client's address):
 * a reader's next view of the same article counts once 30 minutes have passed. Written with each
 * batch of views, which counts only the views this table takes; rows past their 30 minutes are
 * swept. It names articles without a reference, so writing it never locks an article's row; a
 * deleted article's rows go with the sweep.
 */
export const articleViewReaders = pgTable(
  'article_view_readers',
  {
    articleId: uuid().notNull(),
    reader: text().notNull(),
    countedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.reader] }),
    index('article_view_readers_counted_idx').on(t.countedAt),
  ],
);

/**
 * Fixed-window counters for rate limits (sign-in failures, view counting), in the database so
 * that every process on it counts together (STYLE.md §6).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().primaryKey(),
    count: integer().notNull().default(0),
    resetAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/**
 * Texts that replace the built-in text of a static page (about-us, contact-us, privacy-policy,
 * disclaimer), e.g. brought in from a WordPress page with the same slug. Sanitised HTML.
 */
export const staticPages = pgTable('static_pages', {
  slug: text().primaryKey(),
  title: text().notNull(),
  body: text().notNull(),
  ...timestamps,
});
