import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id } from './columns';
import { articles } from './content';
import { editions } from './editions';
import { users } from './users';

/*
 * Web push alerts (issue 25 item 3, docs/decisions/032). The keys that sign them (VAPID) are in
 * `app_secrets` (server/lib/tokens.ts), unless the operator gives them.
 */

/**
 * A reader's browser that asked for alerts: where its push service takes messages for it and
 * the keys its messages are encrypted to (RFC 8291). An endpoint is the browser's secret
 * capability; it names one subscription, so subscribing again replaces the keys.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    /** An https: address of the browser's push service (checked at subscribe and at send). */
    endpoint: text().notNull().unique(),
    /** The browser's P-256 public key, base64url (65 bytes uncompressed). */
    p256dh: text().notNull(),
    /** The browser's authentication secret, base64url (16 bytes). */
    auth: text().notNull(),
    /**
     * The edition whose alerts the reader asked for (issue 65 item 6), null for national only.
     * A national alert reaches every subscription; an edition's alert only its own.
     */
    editionId: uuid().references(() => editions.id, { onDelete: 'set null' }),
    /**
     * Whether it takes the editors' alerts: false for a browser that only follows something (a
     * seat on counting day, issue 69) and never asked for the rest. Subscribing sets it.
     */
    alerts: boolean().notNull().default(true),
    /** Set from the app's clock: an alert goes to the subscriptions older than itself. */
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('push_subscriptions_created_idx').on(t.createdAt),
    // An edition's alert walks its subscribers by id (push-delivery.ts's cursor).
    index('push_subscriptions_edition_idx').on(t.editionId, t.id),
  ],
);

/**
 * An alert an editor sent for a published article, what it said, and how its delivery went.
 * Delivery runs from the jobs table in batches: `cursor` is the last subscription (by id) a
 * batch handled, the counts grow with each batch, and `finishedAt` is set once every
 * subscription older than the alert was tried.
 */
export const pushAlerts = pgTable(
  'push_alerts',
  {
    id: id(),
    articleId: uuid().references(() => articles.id, { onDelete: 'set null' }),
    /** The notification's title, body, the article's absolute address and its image. */
    title: text().notNull(),
    body: text().notNull(),
    url: text().notNull(),
    image: text(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The edition whose subscribers it targets (issue 65 item 6); null: every subscriber. */
    editionId: uuid().references(() => editions.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    /** Push services that took the message (2xx). */
    sent: integer().notNull().default(0),
    /** Push services that refused it or could not be reached. */
    failed: integer().notNull().default(0),
    /** Subscriptions whose push service said they are gone (404, 410): deleted. */
    removed: integer().notNull().default(0),
    cursor: uuid(),
    finishedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [index('push_alerts_created_idx').on(t.createdAt)],
);

/**
 * What a subscribed browser follows besides the alerts every reader gets (issue 69 item 4): a
 * topic such as one seat of an election (`election-seat:{id}`), whose news goes to its followers
 * once. `notifiedAt` is set when it went: a second declaration of the same seat sends nothing.
 */
export const pushFollows = pgTable(
  'push_follows',
  {
    id: id(),
    subscriptionId: uuid()
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    topic: text().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    notifiedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('push_follows_topic_subscription_idx').on(t.topic, t.subscriptionId),
    // A subscription's follows go with it (the cascade looks them up by it).
    index('push_follows_subscription_idx').on(t.subscriptionId),
  ],
);
