/*
 * Gift links (issue 39 item 5): a member's link that opens a members' story to anyone for 7
 * days, 5 a month.
 */
import { z } from 'zod';

/** How many stories a member may give in a calendar month (the site's time zone). */
export const GIFTS_PER_MONTH = 5;
/** How long a gift link opens its story. */
export const GIFT_DAYS = 7;
/** The query parameter a gift link carries its token in. */
export const GIFT_PARAM = 'gift';

/** `POST /api/articles/{id}/gifts`. */
export const GiftSchema = z.object({
  /** The story's address with its gift token (`…/city/story?gift=…`). */
  url: z.string(),
  expiresAt: z.string(),
  /** Gifts still to give this month. */
  remaining: z.number().int(),
});
export type Gift = z.infer<typeof GiftSchema>;

/** `GET /api/me/gifts`: this month's gifts, and earlier ones that still open, newest first. */
export const MyGiftsSchema = z.object({
  gifts: z.array(
    z.object({
      _id: z.string(),
      articleId: z.string(),
      name: z.string(),
      createdAt: z.string(),
      expiresAt: z.string(),
      /** When its giver stopped the link (DELETE /api/me/gifts/{id}); null while it opens. */
      stoppedAt: z.string().nullable(),
    }),
  ),
  limit: z.number().int(),
  remaining: z.number().int(),
});
export type MyGifts = z.infer<typeof MyGiftsSchema>;

/** The gift token an address carries (`?gift=…`), if any. */
export function giftTokenIn(url: string): string | undefined {
  const at = url.indexOf('?');
  if (at === -1) return undefined;
  return new URLSearchParams(url.slice(at + 1)).get(GIFT_PARAM) || undefined;
}
