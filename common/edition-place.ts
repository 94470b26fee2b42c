/*
 * An edition as readers meet it (issue 65 items 3 and 4): its name in the interface's language
 * and the nearest one to a point. Pure, for the server's pages and the browser's city picker
 * ("near me" is computed in the browser: no coordinate is ever sent).
 */
import type { Language } from './articles';

type Named = {
  names: { hi: string; en: string; mr?: string | undefined; gu?: string | undefined };
};

/** The edition's name in `lang`; Hindi for Marathi and Gujarati when it has none of its own. */
export function editionName(edition: Named, lang: string): string {
  const { names } = edition;
  if (lang === 'en') return names.en;
  if (lang === 'mr' || lang === 'gu')
    return names[lang as Extract<Language, 'mr' | 'gu'>] ?? names.hi;
  return names.hi;
}

const EARTH_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.sqrt(h));
}

/** The active city or town edition nearest to `at`, or undefined when none has a location. */
export function nearestEdition<
  E extends { kind: string; active: boolean; location?: { lat: number; lng: number } | undefined },
>(editions: readonly E[], at: { lat: number; lng: number }): E | undefined {
  let best: E | undefined;
  let bestKm = Infinity;
  for (const e of editions) {
    if (!e.active || !e.location || (e.kind !== 'city' && e.kind !== 'town')) continue;
    const km = distanceKm(at, e.location);
    if (km < bestKm) [best, bestKm] = [e, km];
  }
  return best;
}
