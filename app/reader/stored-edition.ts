/*
 * The reader's chosen edition as the browser keeps it (issue 65 items 4 and 6): localStorage
 * `patrika-city` (CITY_KEY) holds JSON `{ id, at }`, written by the city picker (city.ts). Read
 * here for the ads (`edition=<id>` to Ad Manager, a house ad slot's edition): defensively,
 * since anything may sit in storage, and never sent anywhere but as the edition of a cached,
 * per-edition answer. A `slug` in place of the id is taken too.
 */
import { CITY_KEPT_MS, CITY_KEY } from './city-key';

/** localStorage key of the reader's edition (JSON `{ id, at }`). */
export const STORED_EDITION_KEY = CITY_KEY;

/** The slug in `raw` (the stored text), if it is one and not too old; else undefined. */
export function editionSlugOf(raw: string | null, now = Date.now()): string | undefined {
  if (!raw) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const { id, slug: named, at } = value as { id?: unknown; slug?: unknown; at?: unknown };
  const slug = typeof id === 'string' ? id.toLowerCase() : named;
  if (typeof slug !== 'string' || !/^[a-z0-9][a-z0-9-]{0,99}$/.test(slug)) return undefined;
  const when = typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : NaN;
  if (Number.isFinite(when) && now - when >= CITY_KEPT_MS) return undefined;
  return slug;
}

/** The reader's stored edition slug, or undefined (no storage, blocked, nothing kept). */
export function storedEditionSlug(): string | undefined {
  try {
    return editionSlugOf(localStorage.getItem(STORED_EDITION_KEY));
  } catch {
    return undefined;
  }
}
