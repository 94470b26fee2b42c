/*
 * Refusals of plans and payments (issue 39 item 4): plans, checkout through Razorpay or Stripe,
 * the providers' webhooks, a reader's membership and the administrators' members list.
 */
import type { Entry } from './define';

export const PAYMENTS = {
  'plan.forbidden': { status: 403, en: 'Only administrators manage plans.' },
  'plan.not_found': { status: 404, en: 'No such plan.' },
  'plan.inactive': { status: 409, en: 'This plan is not on offer any more.' },
  'plan.id_invalid': { status: 400, en: 'planId must be the id of a plan.' },
  'plan.name_required': { status: 400, en: 'name is required: what readers see the plan as.' },
  'plan.name_too_long': {
    status: 400,
    en: (p: { maximum: number }) => `name may be at most ${p.maximum} characters.`,
  },
  'plan.interval_invalid': { status: 400, en: 'interval must be month or year.' },
  'plan.amount_invalid': {
    status: 400,
    en: 'amount must be a whole number of the currency’s smallest unit (paise for INR), 1 or more.',
  },
  'plan.currency_invalid': {
    status: 400,
    en: 'currency must be a three-letter ISO 4217 code, such as INR.',
  },
  'plan.trial_days_invalid': {
    status: 400,
    en: (p: { maximum: number }) => `trialDays must be a whole number from 0 to ${p.maximum}.`,
  },
  'plan.access_invalid': { status: 400, en: 'access must be members or paid.' },
  'plan.active_invalid': { status: 400, en: 'active must be true or false.' },
  'plan.includes_invalid': { status: 400, en: 'includes may name only epaper.' },
  'plan.epaper_days_invalid': {
    status: 400,
    en: (p: { maximum: number }) =>
      `epaperDays must be a whole number from 1 to ${p.maximum}, or null for every issue.`,
  },
  'payment.provider_invalid': { status: 400, en: 'provider must be razorpay or stripe.' },
  'payment.provider_unavailable': {
    status: 409,
    en: (p: { provider: string }) => `Payments through ${p.provider} are not set up on this site.`,
  },
  'payment.provider_unreachable': {
    status: 503,
    en: 'The payment provider did not answer as expected. Nothing was charged; try again in a moment.',
  },
  'payment.signature_invalid': {
    status: 400,
    en: 'The webhook’s signature does not match its body: nothing was changed.',
  },
  'payment.event_invalid': {
    status: 400,
    en: 'The webhook’s body is not an event of this provider: nothing was changed.',
  },
  'membership.none': { status: 404, en: 'You have no membership to cancel.' },
  'member.forbidden': { status: 403, en: 'Only administrators see and give memberships.' },
  'member.user_not_found': { status: 404, en: 'No such person.' },
  'member.complimentary_none': {
    status: 404,
    en: 'This person has no complimentary membership running: nothing was ended.',
  },
  'member.until_invalid': { status: 400, en: 'until must be a date and time still to come.' },
  'member.status_invalid': {
    status: 400,
    en: 'status must be active, trialing, past_due, cancelled or none.',
  },
  'gift.free': {
    status: 400,
    en: 'This story is free to read: it needs no gift link.',
  },
  'gift.forbidden': {
    status: 403,
    en: 'Only a member whose membership opens this story can give it.',
  },
  'gift.not_found': { status: 404, en: 'You gave no such gift link.' },
  'gift.limit': {
    status: 429,
    en: ({ limit }: { limit: number }) =>
      `You have given ${limit} stories this month, the most a month allows. You can give again next month.`,
  },
} as const satisfies Record<string, Entry>;
