/*
 * Plans and payments (issue 39 item 4, docs/decisions/057): what the API takes and answers for
 * plans, checkout, a reader's membership and the administrators' members list.
 */
import { z } from 'zod';
import { EPAPER_DAYS_MAX, PLAN_INCLUDES } from '../epaper-access';
import { says } from '../refusals/schema-refusals';

export const PLAN_NAME_MAX = 100;
export const TRIAL_DAYS_MAX = 365;
export const PLAN_INTERVALS = ['month', 'year'] as const;
export const PLAN_ACCESS = ['members', 'paid'] as const;
export const PROVIDERS = ['razorpay', 'stripe'] as const;
export type Provider = (typeof PROVIDERS)[number];
/** What `/api/me/membership` says of a reader (`none`: never a member, or a checkout left open). */
export const MEMBERSHIP_STATUSES = ['active', 'trialing', 'past_due', 'cancelled', 'none'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

const amount = z
  .number(says('plan.amount_invalid'))
  .int(says('plan.amount_invalid'))
  .min(1, says('plan.amount_invalid'))
  .max(100_000_000, says('plan.amount_invalid'));

/** `POST /api/plans`, `PUT /api/plans/{id}` (administrators). */
export const PlanInputSchema = z.object({
  name: z
    .string(says('plan.name_required'))
    .trim()
    .min(1, says('plan.name_required'))
    .max(PLAN_NAME_MAX, says('plan.name_too_long', { maximum: PLAN_NAME_MAX })),
  interval: z.enum(PLAN_INTERVALS, says('plan.interval_invalid')),
  /** In the currency's smallest unit: paise for INR (₹199 is 19900). */
  amount,
  currency: z
    .string(says('plan.currency_invalid'))
    .regex(/^[A-Za-z]{3}$/, says('plan.currency_invalid'))
    .transform((c) => c.toUpperCase()),
  trialDays: z
    .number(says('plan.trial_days_invalid', { maximum: TRIAL_DAYS_MAX }))
    .int(says('plan.trial_days_invalid', { maximum: TRIAL_DAYS_MAX }))
    .min(0, says('plan.trial_days_invalid', { maximum: TRIAL_DAYS_MAX }))
    .max(TRIAL_DAYS_MAX, says('plan.trial_days_invalid', { maximum: TRIAL_DAYS_MAX }))
    .optional(),
  /** What it opens: `members` stories, or `paid` ones too. */
  access: z.enum(PLAN_ACCESS, says('plan.access_invalid')),
  active: z.boolean(says('plan.active_invalid')),
  /** What it opens besides stories (issue 68 item 3): `['epaper']`, the e-paper. Absent: kept. */
  includes: z
    .array(z.enum(PLAN_INCLUDES, says('plan.includes_invalid')))
    .max(PLAN_INCLUDES.length)
    .transform((list) => [...new Set(list)])
    .optional(),
  /**
   * How many days back it reaches in the e-paper's archive (issue 68 item 5); null: every
   * issue. Absent: kept.
   */
  epaperDays: z
    .number(says('plan.epaper_days_invalid', { maximum: EPAPER_DAYS_MAX }))
    .int(says('plan.epaper_days_invalid', { maximum: EPAPER_DAYS_MAX }))
    .min(1, says('plan.epaper_days_invalid', { maximum: EPAPER_DAYS_MAX }))
    .max(EPAPER_DAYS_MAX, says('plan.epaper_days_invalid', { maximum: EPAPER_DAYS_MAX }))
    .nullable()
    .optional(),
});
export type PlanInput = z.infer<typeof PlanInputSchema>;

export const PlanSchema = z.object({
  _id: z.string(),
  name: z.string(),
  interval: z.enum(PLAN_INTERVALS),
  amount: z.number(),
  currency: z.string(),
  trialDays: z.number(),
  access: z.enum(PLAN_ACCESS),
  active: z.boolean(),
  includes: z.array(z.enum(PLAN_INCLUDES)),
  epaperDays: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Plan = z.infer<typeof PlanSchema>;

/** `GET /api/plans`: the plans on offer, and the providers a reader may pay through here. */
export const PlansOnOfferSchema = z.object({
  plans: z.array(PlanSchema),
  providers: z.array(z.enum(PROVIDERS)),
});

/** `POST /api/subscriptions/checkout`. */
export const CheckoutInputSchema = z.object({
  planId: z.uuid(says('plan.id_invalid')),
  provider: z.enum(PROVIDERS, says('payment.provider_invalid')),
});
export type CheckoutInput = z.infer<typeof CheckoutInputSchema>;

/** What the provider's checkout needs: Razorpay's Checkout script, or Stripe's hosted page. */
export const CheckoutSchema = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('razorpay'),
    /** For Razorpay Checkout's `subscription_id` (cards, and UPI AutoPay mandates). */
    subscriptionId: z.string(),
    /** For Razorpay Checkout's `key`. */
    keyId: z.string(),
  }),
  z.object({
    provider: z.literal('stripe'),
    /** The Checkout Session's page to send the reader to. */
    url: z.string(),
  }),
]);
export type Checkout = z.infer<typeof CheckoutSchema>;

/** `GET /api/me/membership`. */
export const MembershipSchema = z.object({
  plan: PlanSchema.nullable(),
  status: z.enum(MEMBERSHIP_STATUSES),
  currentPeriodEnd: z.string().nullable(),
  /** Where it is paid: `razorpay`, `stripe`, or `complimentary` (an administrator's gift). */
  provider: z.enum(['razorpay', 'stripe', 'complimentary']).nullable(),
  /** Cancelled at the period's end: it stays until `currentPeriodEnd`, then ends. */
  cancelAtPeriodEnd: z.boolean(),
});
export type Membership = z.infer<typeof MembershipSchema>;

/** `GET /api/members?status=&planId=&format=`. */
export const MembersQuerySchema = z.object({
  status: z.enum(MEMBERSHIP_STATUSES, says('member.status_invalid')).optional(),
  planId: z.uuid(says('plan.id_invalid')).optional(),
  format: z.enum(['json', 'csv']).default('json'),
});

export const MemberSchema = MembershipSchema.extend({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  /** When this membership began (its subscription was made). */
  since: z.string(),
  /**
   * A charge held for an administrator instead of applied (issue 66 item 9): its code
   * (`payment.amount_mismatch`, `payment.currency_mismatch`) and when it came; null for none.
   */
  flag: z.object({ code: z.string(), at: z.string() }).nullable(),
});
export type Member = z.infer<typeof MemberSchema>;

/** `POST /api/members/{userId}/complimentary`: a membership no one pays for. */
export const ComplimentaryInputSchema = z.object({
  planId: z.uuid(says('plan.id_invalid')).optional(),
  /** When it ends; none: until an administrator ends it. */
  until: z.iso.datetime({ offset: true, ...says('member.until_invalid') }).optional(),
});

export const UserIdParamsSchema = z.object({ userId: z.uuid(says('validation.not_id')) });

/** `GET /api/members/summary`: the dashboard's figures. */
export const MembersSummarySchema = z.object({
  /** Members whose membership is active or trialing now (complimentary ones included). */
  activeMembers: z.number(),
  trialing: z.number(),
  pastDue: z.number(),
  complimentary: z.number(),
  /**
   * Monthly recurring revenue by currency, in its smallest unit: paying members' plans, a
   * yearly one counted as a twelfth (trials and complimentary ones count nothing).
   */
  monthlyRecurringRevenue: z.array(z.object({ currency: z.string(), amount: z.number() })),
});
export type MembersSummary = z.infer<typeof MembersSummarySchema>;
