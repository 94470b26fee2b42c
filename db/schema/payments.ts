import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { PlanInclude } from '../../common/epaper-access';
import { id, ownedBy, timestamps } from './columns';
import { articles } from './content';
import { users } from './users';

/*
 * Plans and payments (issue 39 item 4, docs/decisions/057): the plans readers pay for, each
 * reader's subscriptions at Razorpay or Stripe (or a complimentary one), and the provider events
 * already applied (a replayed event changes nothing). No card or UPI detail is ever stored:
 * only the providers' ids.
 */

export const PLAN_INTERVALS = ['month', 'year'] as const;
export const PLAN_ACCESS = ['members', 'paid'] as const;
export const PAYMENT_PROVIDERS = ['razorpay', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
/** Where a membership comes from: a provider, or an administrator's gift. */
export const MEMBERSHIP_SOURCES = [...PAYMENT_PROVIDERS, 'complimentary'] as const;
export type MembershipSource = (typeof MEMBERSHIP_SOURCES)[number];
/** A subscription's state: `pending` until the provider says it began (a checkout left open). */
export const SUBSCRIPTION_STATES = [
  'pending',
  'active',
  'trialing',
  'past_due',
  'cancelled',
] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

export const plans = pgTable('plans', {
  id: id(),
  name: text().notNull(),
  interval: text({ enum: PLAN_INTERVALS }).notNull(),
  /** In the currency's smallest unit (paise for INR, cents for USD). */
  amount: integer().notNull(),
  /** ISO 4217, upper case. */
  currency: text().notNull(),
  trialDays: integer().notNull().default(0),
  access: text({ enum: PLAN_ACCESS }).notNull(),
  active: boolean().notNull().default(true),
  /** What it opens besides stories (issue 68 item 3): `epaper`. */
  includes: text()
    .array()
    .$type<PlanInclude[]>()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Days back it reaches in the e-paper's archive (issue 68 item 5); null: every issue. */
  epaperDays: integer(),
  /** The Razorpay plan made for this one (its plans cannot change: a new one when the price does). */
  razorpayPlanId: text(),
  ...timestamps,
});

export const memberSubscriptions = pgTable(
  'member_subscriptions',
  {
    id: id(),
    userId: ownedBy(() => users.id),
    planId: uuid().references(() => plans.id, { onDelete: 'set null' }),
    source: text({ enum: MEMBERSHIP_SOURCES }).notNull(),
    /** Razorpay's `sub_…` or Stripe's `sub_…`; null for a complimentary one, or a Stripe checkout still open. */
    providerSubscriptionId: text(),
    /** Stripe's Checkout Session `cs_…`, kept at checkout until its subscription is known. */
    checkoutId: text(),
    status: text({ enum: SUBSCRIPTION_STATES }).notNull(),
    currentPeriodEnd: timestamp({ withTimezone: true, mode: 'date' }),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    /** The provider's time of the newest event applied: an older one arriving later changes nothing. */
    stateAt: timestamp({ withTimezone: true, mode: 'date' }),
    /**
     * The price agreed at checkout (the plan's then, in its smallest unit, and its currency): a
     * charge of another amount or currency is flagged, not applied (issue 66 item 9). Null for a
     * complimentary one or one made elsewhere (the plan's price stands in).
     */
    amount: integer(),
    currency: text(),
    /** Why the last charge was held for an administrator (`payment.amount_mismatch`, …), and when. */
    flag: text(),
    flaggedAt: timestamp({ withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    index('member_subscriptions_user_idx').on(t.userId, t.updatedAt),
    uniqueIndex('member_subscriptions_provider_idx').on(t.source, t.providerSubscriptionId),
    uniqueIndex('member_subscriptions_checkout_idx').on(t.checkoutId),
    index('member_subscriptions_status_idx').on(t.status),
  ],
);

/** Provider events already applied, by their ids: a replay answers 200 and changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text({ enum: PAYMENT_PROVIDERS }).notNull(),
    eventId: text().notNull(),
    type: text().notNull(),
    /** Set when the event was held rather than applied: its code (`payment.amount_mismatch`, …). */
    flag: text(),
    receivedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * Gift links (issue 39 item 5): a member's link that opens a members' story to anyone for 7 days.
 * Kept to count a giver's gifts in a month (5 at most) and list them; the link's token is signed
 * (server/modules/gifts/gift-tokens.ts) and only its hash is kept here.
 */
export const articleGifts = pgTable(
  'article_gifts',
  {
    id: id(),
    userId: ownedBy(() => users.id),
    articleId: ownedBy(() => articles.id),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    /** Set when the giver stops the link: it opens nothing from then on (it still counts). */
    revokedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [index('article_gifts_user_idx').on(t.userId, t.createdAt)],
);
