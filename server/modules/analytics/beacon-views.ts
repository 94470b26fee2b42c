import { randomUUID } from 'node:crypto';
import { createAddressCaps } from '../../lib/address-caps';
import type { Clock } from '../../lib/clock';

/*
 * A beacon's view of an article, counted in the views module (server/modules/views): by the
 * reader's hash, or once per address and article in 30 minutes for a reader who asked not to be
 * tracked, and not at all for an article readers cannot see.
 */

/** Who sent a beacon, as the route saw them; the address is hashed here and never kept. */
export interface BeaconClient {
  ip: string;
  userAgent: string;
  /** Do Not Track or Sec-GPC: counted, never made unique (no hash). */
  optedOut: boolean;
  /** The browser's `Sec-Fetch-Site` and `Origin`: whether the reader script on our page sent it. */
  fetchSite: string | undefined;
  origin: string | undefined;
}

/** The views module's count (30-minute de-duplication per reader; 404 for no public article). */
export interface ViewsCount {
  count(articleId: string, reader: string): Promise<boolean>;
  countSoon(articleId: string, reader: string): Promise<boolean | undefined>;
  /** Whether readers may see the article, as this process read it lately. */
  visibleSoon(articleId: string): Promise<boolean>;
  /** `visibleSoon` without a promise: undefined when this process has not read it lately. */
  visibleNow(articleId: string): boolean | undefined;
  /** `countSoon` of an article `visibleNow` says readers may see, without a promise. */
  countVisible(articleId: string, reader: string): boolean;
}

/** An opted-out address's views of one article count once in this long (the views' 30 minutes). */
const OPTED_OUT_VIEW_MS = 30 * 60_000;

/**
 * A beacon's view, counted: `later` answers once the article's visibility is read, `now` at
 * once when this process knows it (nearly every beacon: a story is read by many), else
 * undefined, counting nothing. Each is true when readers may see the article: a reader's view
 * by their hash (`visitor`); an opted-out reader's once per address and article in 30 minutes
 * (told apart in memory, no hash kept); anything else not counted.
 */
export function beaconViews(deps: { clock: Clock; views: ViewsCount }) {
  const { views } = deps;
  const optedOutViews = createAddressCaps({ clock: deps.clock, windowMs: OPTED_OUT_VIEW_MS });
  /** Whether an opted-out reader's view of the article is their first in 30 minutes. */
  const firstOptedOut = (client: BeaconClient, reader: boolean, articleId: string) =>
    reader && optedOutViews.hit([client.ip, articleId]) === 1;
  return {
    async later(
      articleId: string,
      client: BeaconClient,
      reader: boolean,
      visitor: string | null,
    ): Promise<boolean> {
      if (visitor) return (await views.countSoon(articleId, visitor)) !== undefined;
      if (firstOptedOut(client, reader, articleId))
        return (await views.countSoon(articleId, randomUUID())) !== undefined;
      return views.visibleSoon(articleId);
    },
    now(
      articleId: string,
      client: BeaconClient,
      reader: boolean,
      visitor: string | null,
    ): boolean | undefined {
      const visible = views.visibleNow(articleId);
      if (!visible) return visible;
      if (visitor) views.countVisible(articleId, visitor);
      else if (firstOptedOut(client, reader, articleId))
        views.countVisible(articleId, randomUUID());
      return true;
    },
  };
}
