import { z } from 'zod';
import type { PushKey } from '../refusals/newsroom';
import { says } from '../refusals/schema-refusals';
import { IdSchema } from './common';

/*
 * Web push alerts (issue 25 item 3, docs/decisions/032): the reader's subscription, an editor's
 * alert and how its delivery went. Shared by the server (validation) and the dashboard's form.
 */

/** Longest endpoint taken; browsers' push services hand out a few hundred characters. */
export const PUSH_ENDPOINT_MAX = 2048;
/** The longest title an alert may carry (a notification shows two lines at most). */
export const PUSH_TITLE_MAX = 150;

/** Bytes in base64url (padding allowed) text, or -1 when it is not base64url. */
export function base64UrlBytes(value: string): number {
  const m = /^([A-Za-z0-9_-]*)(={0,2})$/.exec(value);
  if (!m?.[1] || m[1].length % 4 === 1) return -1;
  return Math.floor((m[1].length * 3) / 4);
}

const keyOf = (key: PushKey, bytes: number) =>
  z
    .string(says('push.key_required', { key }))
    .refine((v) => base64UrlBytes(v) === bytes, says('push.key_invalid', { key }));

/** `POST /api/push/subscriptions`: a browser's PushSubscription as its toJSON() gives it. */
export const PushSubscriptionInputSchema = z.object({
  endpoint: z
    .string(says('validation.required', { field: 'endpoint' }))
    .max(
      PUSH_ENDPOINT_MAX,
      says('validation.too_long', { field: 'endpoint', maximum: PUSH_ENDPOINT_MAX }),
    )
    .refine(
      (v) => URL.canParse(v) && new URL(v).protocol === 'https:',
      says('push.endpoint_not_https'),
    ),
  keys: z.object(
    { p256dh: keyOf('p256dh', 65), auth: keyOf('auth', 16) },
    says('push.keys_required'),
  ),
  /**
   * The edition whose alerts the reader asks for (issue 65 item 6: the strip's "alerts for my
   * city"), by id; left out or null: national alerts only. Subscribing again sets it anew.
   */
  edition: IdSchema.nullable().optional(),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;

/** `DELETE /api/push/subscriptions`: the endpoint that no longer wants alerts. */
export const PushUnsubscribeSchema = PushSubscriptionInputSchema.pick({ endpoint: true });

export const PushKeySchema = z.object({
  /** The VAPID public key (base64url), the browser's applicationServerKey. */
  publicKey: z.string(),
});

/** `POST /api/push/alerts`: the published article to announce, and a title other than its own. */
export const PushAlertInputSchema = z.object({
  articleId: IdSchema,
  title: z
    .string(says('validation.not_text', { field: 'title' }))
    .trim()
    .max(PUSH_TITLE_MAX, says('validation.too_long', { field: 'title', maximum: PUSH_TITLE_MAX }))
    .optional()
    .transform((v) => v || undefined),
  /** Only this edition's subscribers (issue 65 item 6); left out or null: every subscriber. */
  edition: IdSchema.nullable().optional(),
});
export type PushAlertInput = z.input<typeof PushAlertInputSchema>;

/** What a notification carries (the service worker shows it; RFC 8291 encrypts it). */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The article's absolute address, opened by a click on the notification. */
  url: z.string(),
  image: z.string().optional(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

export const PushAlertAcceptedSchema = z.object({ _id: z.string() });

/** `GET /api/push/alerts/{id}`: how delivery went so far. */
export const PushAlertSchema = z.object({
  _id: z.string(),
  articleId: z.string().nullable(),
  title: z.string(),
  /** The edition whose subscribers it targets; null: every subscriber. */
  edition: z.string().nullable(),
  /** Push services that took the message. */
  sent: z.number(),
  /** Push services that refused it or could not be reached. */
  failed: z.number(),
  /** Subscriptions found gone (404 or 410) and deleted. */
  removed: z.number(),
  createdAt: z.string(),
  /** When every subscription was tried; null while delivery runs. */
  finishedAt: z.string().nullable(),
  /** Views of its story from push alerts since it was sent (issue 38 item 4; hour rollups). */
  views: z.number().int(),
});
export type PushAlert = z.infer<typeof PushAlertSchema>;
