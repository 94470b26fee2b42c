import { z } from 'zod';
import { LANGUAGES } from '../languages';
import { says } from '../refusals/schema-refusals';
import { emailAddress as email, IdSchema, text } from './common';

/*
 * Newsletters (issue 37 item 3): the issue's contract, field for field. `schedule.time` is
 * HH:MM in the site's time zone; `weekday` 0–6 with Sunday 0.
 */

export const ScheduleSchema = z.object({
  kind: z.enum(['daily', 'weekly', 'manual']),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, says('newsletter.time_invalid')),
  weekday: z.number().int().min(0).max(6).optional(),
});

export const NewsletterInputSchema = z.object({
  name: text('name', 1, 120),
  description: z.string().max(1000).default(''),
  language: z.enum(LANGUAGES),
  schedule: ScheduleSchema,
  categories: z.array(IdSchema).max(100).optional(),
  tags: z.array(z.string().trim().min(1).max(120)).max(100).optional(),
  maxArticles: z.number().int().min(1).max(50),
  /** The edition it is bound to (issue 65 item 6): its digest takes that edition's path only. */
  edition: IdSchema.nullable().optional(),
});
export type NewsletterInput = z.infer<typeof NewsletterInputSchema>;

export const NewsletterSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  language: z.string(),
  schedule: ScheduleSchema,
  categories: z.array(z.string()),
  tags: z.array(z.string()),
  maxArticles: z.number(),
  edition: z.string().nullable(),
});

export const SubscribeSchema = z.object({
  email,
  newsletters: z.array(IdSchema).min(1).max(20),
});

export const NewsletterIssueSchema = z.object({
  _id: z.string(),
  subject: z.string(),
  sentAt: z.string().nullable(),
  recipients: z.number(),
  sent: z.number(),
  failed: z.number(),
  pending: z.number(),
  /**
   * Views its stories had from newsletter readers (utm_source=newsletter) since it was sent, up
   * to the next issue that carried the same story (issue 38 item 4; hour rollups).
   */
  views: z.number().int(),
});

export const SendStorySchema = z.object({ newsletterId: IdSchema });

/** `POST` to a List-Unsubscribe address (RFC 8058): the form body a mail client sends. */
export const ONE_CLICK_BODY = 'List-Unsubscribe=One-Click';

/**
 * `GET /api/newsletters/issues`: the newest issues of every newsletter with how their sending
 * goes, for the dashboard (issue 37 item 3: "shown on the dashboard as it goes"); each names
 * its newsletter, whose slug makes the issue's web page `/newsletters/{slug}/{_id}`.
 */
export const RecentIssueSchema = NewsletterIssueSchema.pick({
  _id: true,
  subject: true,
  sentAt: true,
  recipients: true,
  sent: true,
  failed: true,
  pending: true,
}).extend({
  newsletter: z.object({ _id: z.string(), name: z.string(), slug: z.string() }),
});
export type RecentIssue = z.infer<typeof RecentIssueSchema>;

/** How many issues the dashboard shows. */
export const RECENT_ISSUES = 5;

/** An issue's web page, the same for every reader (server/modules/newsletters/issue-page-routes.ts). */
export const issuePagePath = (newsletterSlug: string, issueId: string) =>
  `/newsletters/${newsletterSlug}/${issueId}`;
