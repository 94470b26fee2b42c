/*
 * Gift links (issue 39 item 5): a member whose membership opens a members' story makes a link
 * that opens it to anyone for 7 days, 5 a month (the site's calendar month). The link's token is
 * signed (gift-tokens.ts); the story's page reads it (app/routes/public/article.tsx) and the
 * page cache lets such a request past the shared page (server/http.ts).
 */
import { mayReadWhole, type AccessClass } from '../../../common/article-access';
import { articlePath } from '../../../common/paths';
import {
  GIFT_DAYS,
  GIFT_PARAM,
  GIFTS_PER_MONTH,
  giftTokenIn,
  type Gift,
  type MyGifts,
} from '../../../common/schemas/gifts';
import { fromZonedInput, zonedDay } from '../../../common/time-zone';
import type { Db } from '../../../db/client';
import { withPrimaryReads } from '../../../db/replicas';
import { requireRole, type Actor } from '../../lib/actor';
import { badRequest, forbidden, notFound, tooManyRequests } from '../../lib/errors';
import type { Clock } from '../../lib/clock';
import { giftedArticle, giftTokenHash, signGift } from './gift-tokens';
import {
  countSince,
  giftableArticle,
  giftsShown,
  standingGift,
  recordGift,
  revokeGift,
} from './gifts-repository';
import { DAY_MS } from '../../../common/durations';

export interface GiftsDeps {
  db: Db;
  clock: Clock;
  /** The key gift tokens are signed with (kept in app_secrets). */
  key: string;
  publicUrl: string;
  timeZone(): Promise<string>;
  accessClassOf(actor: Actor | null): Promise<AccessClass>;
}

export function createGiftsService(deps: GiftsDeps) {
  const { db, clock, key } = deps;
  /** The start of this calendar month in the site's time zone. */
  const monthStart = async () => {
    const now = clock.now();
    const month = zonedDay(now, await deps.timeZone()).slice(0, 7);
    return fromZonedInput(`${month}-01T00:00`, await deps.timeZone()) ?? now;
  };

  return {
    async give(actor: Actor | null, articleId: string): Promise<Gift> {
      const me = requireRole(actor, 'reader');
      const story = await giftableArticle(db, articleId);
      if (!story) throw notFound('article.not_found');
      if (story.access === 'free') throw badRequest('gift.free');
      if (!mayReadWhole(story.access, await deps.accessClassOf(me)))
        throw forbidden('gift.forbidden');
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + GIFT_DAYS * DAY_MS);
      const token = signGift(key, story.id, expiresAt);
      const given = await recordGift(
        db,
        {
          userId: me.id,
          articleId: story.id,
          tokenHash: giftTokenHash(token),
          createdAt: now,
          expiresAt,
        },
        await monthStart(),
        GIFTS_PER_MONTH,
      );
      if (given === undefined) throw tooManyRequests('gift.limit', { limit: GIFTS_PER_MONTH });
      const path = articlePath({ slug: story.slug, categorySlug: story.categorySlug });
      return {
        url: `${deps.publicUrl}${path}?${GIFT_PARAM}=${token}`,
        expiresAt: new Date(Number(token.split('.')[1]) * 1000).toISOString(),
        remaining: GIFTS_PER_MONTH - given,
      };
    },

    async mine(actor: Actor | null): Promise<MyGifts> {
      const me = requireRole(actor, 'reader');
      const since = await monthStart();
      const [rows, given] = await Promise.all([
        giftsShown(db, me.id, { since, now: clock.now() }),
        countSince(db, me.id, since),
      ]);
      return {
        gifts: rows.map((r) => ({
          _id: r.id,
          articleId: r.articleId,
          name: r.name,
          createdAt: r.createdAt.toISOString(),
          expiresAt: r.expiresAt.toISOString(),
          stoppedAt: r.revokedAt?.toISOString() ?? null,
        })),
        limit: GIFTS_PER_MONTH,
        // The month's own gifts, as giving counts them (a link of last month's may be listed).
        remaining: Math.max(0, GIFTS_PER_MONTH - given),
      };
    },

    /**
     * Stops one of the member's own gift links: it opens nothing from then on, and still counts
     * among the month's gifts (or a member could give without end). Stopping one stopped
     * already changes nothing.
     */
    async stop(actor: Actor | null, id: string): Promise<void> {
      const me = requireRole(actor, 'reader');
      if ((await revokeGift(db, me.id, id, clock.now())) === 'none')
        throw notFound('gift.not_found');
    },

    /**
     * The story a gift link at `url` may open (its token signed and unexpired), or undefined:
     * no database asked. What the page cache lets past; `opens` says whether it still does.
     */
    articleAt(url: string): string | undefined {
      const token = giftTokenIn(url);
      return token === undefined ? undefined : giftedArticle(key, token, clock.now());
    },

    /**
     * The story a gift link at `url` opens now: signed, unexpired, given and not stopped, and
     * its giver still entitled to read it whole (a link stops when the giver's membership ends,
     * issue 66 item 12). Asked of the primary: a replica a moment behind would not open a link
     * just given, and would still open one just stopped.
     */
    async opens(url: string): Promise<string | undefined> {
      const token = giftTokenIn(url);
      const id = token === undefined ? undefined : giftedArticle(key, token, clock.now());
      if (!id) return undefined;
      const gift = await withPrimaryReads(() => standingGift(db, giftTokenHash(token!)));
      if (!gift) return undefined;
      return mayReadWhole(gift.access, await deps.accessClassOf(gift.giver)) ? id : undefined;
    },
  };
}
export type GiftsService = ReturnType<typeof createGiftsService>;
