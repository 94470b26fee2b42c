import { createContext, useContext, type ReactNode } from 'react';
import type { AdPosition } from '../../common/schemas/ads';
import {
  adStyles,
  slotClass,
  slotData,
  slotsAt,
  type NumberedSlot,
  type PageAds,
} from '../features/ads/ad-markup';

/*
 * Ad slots of reading pages (issue 39 item 1, docs/decisions/058). A page that shows ads (home,
 * category, article) provides its `PageAds`; every other page, and a story with `adsOff`, has
 * none, and these render nothing at all.
 */
const AdsContext = createContext<PageAds | null>(null);

/** The page's ads, with the stylesheet that reserves their space before any script runs. */
export function AdsArea({ ads, children }: { ads: PageAds | null; children: ReactNode }) {
  return (
    <AdsContext.Provider value={ads}>
      {ads && <style>{adStyles(ads)}</style>}
      {children}
    </AdsContext.Provider>
  );
}

export const usePageAds = () => useContext(AdsContext);

function Slot({ ads, slot }: { ads: PageAds; slot: NumberedSlot }) {
  return (
    <aside
      className={slotClass(slot)}
      aria-label={ads.label}
      lang={ads.lang}
      {...slotData(ads, slot)}
    >
      <span className="ad-label">{ads.label}</span>
      <div className="ad-box" />
    </aside>
  );
}

/** The page's slots at `position` (none without ads). */
export function AdSlots({ position }: { position: AdPosition }) {
  const ads = usePageAds();
  if (!ads) return null;
  return (
    <>
      {slotsAt(ads, position).map((slot) => (
        <Slot key={slot.n} ads={ads} slot={slot} />
      ))}
    </>
  );
}

/**
 * The between-cards slots due after the `count`-th card of a list of `total`: every slot whose
 * `everyCards` divides it, never after the last card.
 */
export function AdsBetweenCards({ count, total }: { count: number; total: number }) {
  const ads = usePageAds();
  if (!ads || count >= total) return null;
  const due = slotsAt(ads, 'between-cards').filter((s) => count % (s.everyCards ?? 3) === 0);
  if (due.length === 0) return null;
  return (
    <div className="col-12">
      {due.map((slot) => (
        <Slot key={slot.n} ads={ads} slot={slot} />
      ))}
    </div>
  );
}
