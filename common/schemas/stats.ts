import { z } from 'zod';
import { AdminArticleRowSchema } from './articles';

const ViewsPerDaySchema = z.array(z.object({ day: z.string(), views: z.number() }));

/** The dashboard's counts that may be estimates (`total`: the articles). */
export const ESTIMATED_STATS = ['total', 'published', 'scheduled', 'drafts', 'users'] as const;

export const StatsSchema = z.object({
  categories: z.number(),
  articles: z.number(),
  /** Out now: published, its time come. */
  published: z.number(),
  /** Published for a time still to come (our addition, issue 26 item 9). */
  scheduled: z.number(),
  drafts: z.number(),
  users: z.number(),
  views: z.number(),
  viewsPerDay: ViewsPerDaySchema,
  /**
   * Our addition (issue 71 item 3): which of the counts are the database's estimate
   * (past EXACT_COUNT_UP_TO, db/counts.ts) rather than counted; the dashboard shows them as
   * "about".
   */
  estimated: z.array(z.enum(ESTIMATED_STATS)),
});
export type Stats = z.infer<typeof StatsSchema>;

/** A list on the dashboard: its first rows and how many there are in all. */
const DashboardListSchema = z.object({
  articles: z.array(AdminArticleRowSchema),
  total: z.number(),
});

/**
 * The morning meeting's dashboard (issue 9 item 9). `scope` is `site` for editors and up, whose
 * numbers and lists cover every article, and `own` for an author, whose cover their own: the
 * server decides from the role it reads for this request, never from the sign-in token.
 * Days are calendar days of the site's time zone (`timeZone`); today is the last of `viewsPerDay`.
 */
export const DashboardSchema = z.object({
  scope: z.enum(['site', 'own']),
  timeZone: z.string(),
  views: z.object({ today: z.number(), last7Days: z.number(), last30Days: z.number() }),
  viewsPerDay: ViewsPerDaySchema,
  /** The 10 most viewed articles of the last 7 days; `path` while they are out, else null. */
  topArticles: z.array(
    z.object({ _id: z.string(), name: z.string(), views: z.number(), path: z.string().nullable() }),
  ),
  /** Submitted for review: every piece for editors, an author's own waiting pieces. */
  reviewQueue: DashboardListSchema,
  /** Scheduled, the next to go out first. */
  scheduled: DashboardListSchema,
  /** The signed-in user's own drafts, last changed first. */
  drafts: DashboardListSchema,
});
export type Dashboard = z.infer<typeof DashboardSchema>;
