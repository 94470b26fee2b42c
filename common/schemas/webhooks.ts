import { z } from 'zod';
import { says } from '../refusals/schema-refusals';

/** The events a webhook may ask for (issue 41 item 3); those of later issues as they land. */
export const WEBHOOK_EVENTS = [
  'article.published',
  'article.updated',
  'article.unpublished',
  'article.deleted',
  'live.entry.created',
  'breaking.set',
  'breaking.cleared',
  'comment.approved',
  'newsletter.sent',
  'member.updated',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_URL_MAX = 2_000;

/** Whether the WHATWG URL parser takes `url` (`http://[fe80::1%25lo]/` it does not). */
const parses = (url: string) => {
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
};
export const WEBHOOK_DESCRIPTION_MAX = 500;

/** `POST /api/webhooks` and `PUT /api/webhooks/{id}`. */
export const WebhookInputSchema = z.object({
  url: z
    .string(says('webhook.url_invalid'))
    .trim()
    .max(WEBHOOK_URL_MAX, says('webhook.url_invalid'))
    .regex(/^https?:\/\/\S+$/i, says('webhook.url_invalid'))
    // What the URL parser refuses too (a zone index, `[::1]x`), or it would fail when used.
    .refine(parses, says('webhook.url_invalid')),
  events: z
    .array(
      z.enum(WEBHOOK_EVENTS, says('webhook.event_unknown', { events: WEBHOOK_EVENTS.join(', ') })),
    )
    .min(1, says('webhook.events_required')),
  description: z
    .string()
    .trim()
    .max(
      WEBHOOK_DESCRIPTION_MAX,
      says('webhook.description_too_long', { maximum: WEBHOOK_DESCRIPTION_MAX }),
    )
    .optional(),
  /** PUT only: false pauses it, true starts it again (and forgets its failures). */
  enabled: z.boolean().optional(),
});
export type WebhookInput = z.infer<typeof WebhookInputSchema>;

export const WebhookSchema = z.object({
  _id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string(),
  enabled: z.boolean(),
  /** When its deliveries began failing; null while they arrive. */
  failingSince: z.string().nullable(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

/** `POST /api/webhooks`'s answer: the signing secret (`whsec_…`), shown this once. */
export const WebhookCreatedSchema = WebhookSchema.extend({ secret: z.string() });
export type WebhookCreated = z.infer<typeof WebhookCreatedSchema>;

export const WebhookDeliverySchema = z.object({
  _id: z.string(),
  event: z.string(),
  /** pending, retrying, delivered or failed (gave up after 24 hours). */
  status: z.string(),
  attempts: z.number(),
  responseStatus: z.number().nullable(),
  /** Why the last attempt failed (a status, a refused address, a timeout); null when it did not. */
  error: z.string().nullable(),
  /** When the event happened. */
  at: z.string(),
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryParamsSchema = z.object({
  id: z.uuid(says('validation.not_id')),
  deliveryId: z.uuid(says('validation.not_id')),
});
