import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, ownedBy } from './columns';
import { articles } from './content';
import { editions } from './editions';
import { users } from './users';

/*
 * Newsletters (issue 37 items 3 and 4, docs/decisions/055): what editors define, who subscribed
 * to which (double opt-in), the issues sent, and the send queue of one row per recipient and
 * issue, which survives a process's death (a lease that runs out) and two senders at once.
 */

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/** When a digest goes: daily or weekly at `time` (HH:MM, the site's time zone), or by hand. */
export interface NewsletterSchedule {
  kind: 'daily' | 'weekly' | 'manual';
  time: string;
  weekday?: number;
}

export const newsletters = pgTable('newsletters', {
  id: id(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  description: text().notNull().default(''),
  language: text().notNull(),
  schedule: jsonb().$type<NewsletterSchedule>().notNull(),
  /** Category ids and tag slugs whose stories make the digest. */
  categories: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  tags: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  maxArticles: integer().notNull(),
  /**
   * The edition the newsletter is bound to (issue 65 item 6): its digest takes only stories in
   * that edition or the editions above it (Jaipur: Jaipur, Rajasthan, national). Null: any.
   * A deleted edition unbinds it rather than refuse the delete.
   */
  editionId: uuid().references(() => editions.id, { onDelete: 'set null' }),
  /** Set by DELETE: an archived newsletter sends nothing and is not listed. */
  archivedAt: at(),
  /** A digest takes what was published since this (its last issue, or when it was made). */
  coveredUntil: at().notNull().defaultNow(),
  createdAt: at().notNull().defaultNow(),
});

/** One address, whatever it subscribed to; a 5xx answer marks it bounced and mail stops. */
export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: id(),
  /** Stored lower-cased. */
  email: text().notNull().unique(),
  name: text().notNull().default(''),
  /** The reader's account, when a signed-in reader subscribed: deleted with it. */
  userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
  bouncedAt: at(),
  createdAt: at().notNull().defaultNow(),
});

export const SUBSCRIPTION_STATUSES = ['pending', 'subscribed', 'unsubscribed'] as const;

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    subscriberId: ownedBy(() => newsletterSubscribers.id),
    newsletterId: ownedBy(() => newsletters.id),
    status: text({ enum: SUBSCRIPTION_STATUSES }).notNull(),
    /** The SHA-256 of the confirmation link's token while `pending`. */
    confirmTokenHash: text(),
    confirmExpiresAt: at(),
    requestedAt: at().notNull().defaultNow(),
    confirmedAt: at(),
    unsubscribedAt: at(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriberId, t.newsletterId] }),
    index('newsletter_subscriptions_list_idx').on(t.newsletterId, t.status),
    index('newsletter_subscriptions_token_idx').on(t.confirmTokenHash),
  ],
);

export const newsletterIssues = pgTable(
  'newsletter_issues',
  {
    id: id(),
    newsletterId: ownedBy(() => newsletters.id),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    recipients: integer().notNull().default(0),
    createdAt: at().notNull().defaultNow(),
    /** When its last message went (or failed for good). */
    sentAt: at(),
  },
  (t) => [index('newsletter_issues_list_idx').on(t.newsletterId, t.createdAt)],
);

/**
 * The stories an issue carried, in its order (issue 38 item 4): the views that newsletter
 * readers then gave them are the issue's (its links name it in `utm_campaign`).
 */
export const newsletterIssueArticles = pgTable(
  'newsletter_issue_articles',
  {
    issueId: ownedBy(() => newsletterIssues.id),
    articleId: ownedBy(() => articles.id),
    position: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.issueId, t.articleId] }),
    index('newsletter_issue_articles_article_idx').on(t.articleId),
  ],
);

/** `skipped`: unsubscribed or bounced between the issue's making and its turn. */
export const DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;

/** The send queue: one row per issue and recipient. */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    issueId: ownedBy(() => newsletterIssues.id),
    subscriberId: ownedBy(() => newsletterSubscribers.id),
    status: text({ enum: DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    /** A temporary failure (4xx) waits until this to be tried again. */
    nextAt: at().notNull().defaultNow(),
    /** Held by a sender until this; a dead sender's rows are free again once it passes. */
    leasedUntil: at(),
    sentAt: at(),
  },
  (t) => [
    primaryKey({ columns: [t.issueId, t.subscriberId] }),
    index('newsletter_deliveries_due_idx')
      .on(t.issueId, t.nextAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
