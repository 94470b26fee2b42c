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
 * The between-cards slots due after a list's cards `from` to `to` (counted from 1; a card, or a
 * home section's cards): every slot one of whose multiples of `everyCards` is among them; never
 * after the page's last card (`total`).
 */
export function AdsBetweenCards({ from, to, total }: { from: number; to: number; total: number }) {
  const ads = usePageAds();
  if (!ads || to >= total) return null;
  const due = slotsAt(ads, 'between-cards').filter((s) => {
    const every = s.everyCards ?? DEFAULT_EVERY_CARDS;
    return Math.floor(to / every) > Math.floor(from / every);
  });
  if (due.length === 0) return null;
  return (
    <div className="col-12">
      {due.map((slot) => (
        <Slot key={slot.n} ads={ads} slot={slot} />
      ))}
    </div>
  );
}

/** Cards between two between-cards slots when the setting says nothing. */
const DEFAULT_EVERY_CARDS = 3;

/** A home's sections with the between-cards slots due after each one's cards. */
export function withAdsBetween<T extends { articles: unknown[] }>(sections: T[]) {
  const total = sections.reduce((n, s) => n + s.articles.length, 0);
  let seen = 0;
  return sections.map((section) => {
    const from = seen;
    seen += section.articles.length;
    return { section, after: { from, to: seen, total } };
  });
}
