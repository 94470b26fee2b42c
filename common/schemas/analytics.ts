import { z } from 'zod';
import { IdSchema, limitOnly } from './common';
import { EditionNamesSchema } from './editions';

/**
 * Where a view came from (issue 38 item 2); how each is recognised is in
 * server/modules/analytics/sources.ts and README's "Analytics" section.
 */
export const ANALYTICS_SOURCES = [
  'google',
  'discover',
  'google-news',
  'bing',
  'whatsapp',
  'facebook',
  'x',
  'telegram',
  'instagram',
  'linkedin',
  'newsletter',
  'push',
  'direct',
  /** A page of this site's e-paper (issue 68 item 5): a box tapped to its story, a clip's page. */
  'epaper',
  'internal',
  'other',
] as const;
export type AnalyticsSource = (typeof ANALYTICS_SOURCES)[number];

/** The UTM fields a beacon may carry (from the page's address). */
export const UtmSchema = z.object({
  source: z.string().max(100).optional(),
  medium: z.string().max(100).optional(),
  campaign: z.string().max(200).optional(),
});

/** What the reader script sends to POST /api/analytics/event (issue 38 item 1). */
export const AnalyticsEventSchema = z.object({
  type: z.enum(['view', 'engaged']),
  path: z.string().startsWith('/').max(2000),
  articleId: z.uuid().optional(),
  referrer: z.string().max(2000).default(''),
  utm: UtmSchema.optional(),
  /** Seconds the page was visible (engaged). */
  seconds: z.number().int().min(0).max(86_400).optional(),
  /** How far down the page the reader went, in per cent (engaged). */
  scroll: z.number().int().min(0).max(100).optional(),
});
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;

/** Minutes the "now" view looks back (issue 38 item 3). */
export const NOW_MINUTES = 5;
/** Minutes a story's sparkline covers on the live screen. */
export const TREND_MINUTES = 15;

export const AnalyticsNowSchema = z.object({
  readers: z.number().int(),
  top: z.array(
    z.object({
      articleId: z.string(),
      title: z.string(),
      path: z.string().nullable(),
      readers: z.number().int(),
      views: z.number().int(),
      /** Views per minute over the last TREND_MINUTES minutes, oldest first: the sparkline. */
      trend: z.array(z.number().int()),
    }),
  ),
  sources: z.array(z.object({ source: z.string(), readers: z.number().int() })),
});
export type AnalyticsNow = z.infer<typeof AnalyticsNowSchema>;

export const ANALYTICS_INTERVALS = ['minute', 'hour', 'day'] as const;
export const ANALYTICS_TOP_BY = ['article', 'author', 'category', 'tag', 'source'] as const;

const when = z.iso.datetime({ offset: true }).transform((s) => new Date(s));
export const AnalyticsRangeQuerySchema = z.object({
  from: when.optional(),
  to: when.optional(),
  format: z.enum(['json', 'csv']).default('json'),
});

export const AnalyticsArticleQuerySchema = AnalyticsRangeQuerySchema.extend({
  interval: z.enum(ANALYTICS_INTERVALS).default('hour'),
});

/** `edition`: only stories in that edition (issue 65 item 6); an id, as `GET /api/editions`. */
export const AnalyticsEditionQuerySchema = z.object({ edition: IdSchema.optional() });

export const AnalyticsTopQuerySchema = AnalyticsRangeQuerySchema.extend({
  by: z.enum(ANALYTICS_TOP_BY).default('article'),
})
  .extend(limitOnly(10, 100).shape)
  .extend(AnalyticsEditionQuerySchema.shape);

const SourceRowSchema = z.object({
  source: z.string(),
  views: z.number().int(),
  readers: z.number().int(),
});

export const AnalyticsArticleSchema = z.object({
  views: z.number().int(),
  readers: z.number().int(),
  /** Median visible seconds of the engaged beacons; null with none (or past retention). */
  engagedSeconds: z.number().nullable(),
  /** Median scroll depth in per cent, likewise. */
  scroll: z.number().nullable(),
  sources: z.array(SourceRowSchema),
  series: z.array(z.object({ t: z.string(), views: z.number().int(), readers: z.number().int() })),
});
export type AnalyticsArticle = z.infer<typeof AnalyticsArticleSchema>;

export const AnalyticsTopSchema = z.object({
  by: z.enum(ANALYTICS_TOP_BY),
  rows: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      views: z.number().int(),
      readers: z.number().int(),
    }),
  ),
});
export type AnalyticsTop = z.infer<typeof AnalyticsTopSchema>;

/** `GET /api/analytics/epaper` (issue 68 item 5): a range, and perhaps one edition. */
export const AnalyticsEpaperQuerySchema = z.object({
  from: when.optional(),
  to: when.optional(),
  edition: IdSchema.optional(),
});

/**
 * The e-paper's counts in a range: per edition, its page views and readers (a day's distinct
 * readers, summed over the range's site days), clips cut and clips opened; where its readers
 * came from; and the story views it brought (the `epaper` source of the stories' counts).
 */
export const AnalyticsEpaperSchema = z.object({
  from: z.string(),
  to: z.string(),
  editions: z.array(
    z.object({
      _id: z.string(),
      names: EditionNamesSchema,
      views: z.number().int(),
      readers: z.number().int(),
      clips: z.number().int(),
      opens: z.number().int(),
    }),
  ),
  sources: z.array(z.object({ source: z.string(), views: z.number().int() })),
  storyViews: z.number().int(),
});
export type AnalyticsEpaper = z.infer<typeof AnalyticsEpaperSchema>;

/**
 * The `analytics` setting (issue 38 items 5 and 6): how many days raw events are kept (the
 * rollups stay), how many hours back "Most read" looks, and whether the home shows it.
 */
export const ANALYTICS_RETENTION_MAX_DAYS = 400;
export const MOST_READ_MAX_HOURS = 168;
export const AnalyticsSettingsSchema = z.object({
  retentionDays: z.number().int().min(1).max(ANALYTICS_RETENTION_MAX_DAYS),
  mostReadHours: z.number().int().min(1).max(MOST_READ_MAX_HOURS),
  mostReadOnHome: z.boolean(),
});
export type AnalyticsSettings = z.infer<typeof AnalyticsSettingsSchema>;
export const DEFAULT_ANALYTICS_SETTINGS: AnalyticsSettings = {
  retentionDays: 30,
  mostReadHours: 24,
  mostReadOnHome: true,
};
