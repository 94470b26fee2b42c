import { sql } from 'drizzle-orm';
import {
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
import { timestamps } from './columns';
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

export const articleDailyViews = pgTable(
  'article_daily_views',
  {
    articleId: uuid()
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    views: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.day] }),
    index('article_daily_views_day_idx').on(t.day),
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
