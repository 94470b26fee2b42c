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

/**
 * The house ads running now for each position asked, for the page's script to pick from by
 * weight (issue 39 item 1, docs/decisions/058). Empty unless the site's provider is house ads.
 * Kept SLOTS_KEPT_MS per set of positions; a write in this process clears `kept`, another
 * process's shows here within that time.
 */
export function createAdSlots(deps: {
  db: Db;
  clock: Clock;
  settings: { get(): Promise<SiteSettings> };
  kept: Map<string, KeptSlots>;
}) {
  const { db, clock, settings, kept } = deps;
  return async (positions: AdPosition[]): Promise<AdSlotsAnswer> => {
    const asked = [...new Set(positions)].sort();
    const key = asked.join(',');
    const now = clock.now();
    const at = now.getTime();
    const hit = kept.get(key);
    if (hit && at >= hit.at && at - hit.at < SLOTS_KEPT_MS) return hit.answer;
    const answer: AdSlotsAnswer = Object.fromEntries(asked.map((p) => [p, [] as AdFill[]]));
    if ((await settings.get()).ads.provider === 'house')
      for (const row of await activeCreatives(db, asked, now)) {
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
