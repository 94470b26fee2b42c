import { UUID_PATTERN } from '../../../common/schemas/common';
import {
  adClickPath,
  type AdFill,
  type AdPosition,
  type AdSlotsAnswer,
} from '../../../common/schemas/ads';
import type { SiteSettings } from '../../../common/settings';
import type { Db } from '../../../db/client';
import type { Clock } from '../../lib/clock';
import { mediaUrl } from '../media/media-urls';
import { activeCreatives } from './ads-repository';

/** How long one process answers the same slots from memory (every page with ads asks). */
export const SLOTS_KEPT_MS = 10_000;

export type KeptSlots = { at: number; answer: AdSlotsAnswer };

/** What the slots need of the editions module: a slug's or an id's edition, an id's path. */
export interface AdEditions {
  bySlug(slug: string): Promise<{ _id: string } | undefined>;
  byId(id: string): Promise<{ _id: string }>;
  pathOf(id: string): Promise<{ _id: string }[]>;
}

/**
 * The house ads running now for each position asked, for the page's script to pick from by
 * weight (issue 39 item 1, docs/decisions/058); with an edition, its own creatives besides the
 * untargeted ones (issue 65 item 6), the same for every reader of that edition. Empty unless the site's provider is house ads.
 * Kept SLOTS_KEPT_MS per set of positions; a write in this process clears `kept`, another
 * process's shows here within that time.
 */
export function createAdSlots(deps: {
  db: Db;
  clock: Clock;
  settings: { get(): Promise<SiteSettings> };
  kept: Map<string, KeptSlots>;
  editions: AdEditions;
}) {
  const { db, clock, settings, kept } = deps;
  return async (positions: AdPosition[], edition?: string): Promise<AdSlotsAnswer> => {
    const asked = [...new Set(positions)].sort();
    // Kept per edition that exists, never per slug asked: a made-up slug is the untargeted
    // answer and takes no room of its own (issue 65 item 6).
    // The reader's city is kept by id (app/reader/city-key.ts); a slug is taken too.
    const found = !edition
      ? undefined
      : UUID_PATTERN.test(edition)
        ? await deps.editions.byId(edition).catch(() => undefined)
        : await deps.editions.bySlug(edition);
    const editionId = found?._id ?? null;
    const key = `${asked.join(',')}@${editionId ?? ''}`;
    const now = clock.now();
    const at = now.getTime();
    const hit = kept.get(key);
    if (hit && at >= hit.at && at - hit.at < SLOTS_KEPT_MS) return hit.answer;
    const answer: AdSlotsAnswer = Object.fromEntries(asked.map((p) => [p, [] as AdFill[]]));
    if ((await settings.get()).ads.provider === 'house')
      for (const row of await activeCreatives(db, asked, now, editionId)) {
        const fill: AdFill = {
          _id: row.id,
          imageUrl: mediaUrl(row.storageKey),
          width: row.width,
          height: row.height,
          alt: row.alt,
          weight: row.weight,
          href: adClickPath(row.id),
        };
        for (const p of row.positions) answer[p]?.push(fill);
      }
    kept.set(key, { at, answer });
    return answer;
  };
}
