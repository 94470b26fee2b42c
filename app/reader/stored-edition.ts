/*
 * The reader's chosen edition as the browser keeps it (issue 65 items 4 and 6): localStorage
 * `patrika.edition` holds JSON `{ slug, at }` (the city picker writes it; agreed with the
 * edition pages' work). Read here for the ads (`edition=jaipur` to Ad Manager, a house ad
 * slot's edition): defensively, since anything may sit in storage, and never sent anywhere but
 * as the slug of a cached, per-edition answer.
 */

/** localStorage key of the reader's edition (JSON `{ slug, at }`). */
export const STORED_EDITION_KEY = 'patrika.edition';

/** A choice older than this is forgotten (the picker keeps it for a year). */
const KEPT_MS = 366 * 86_400_000;

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
  const { slug, at } = value as { slug?: unknown; at?: unknown };
  if (typeof slug !== 'string' || !/^[a-z0-9][a-z0-9-]{0,99}$/.test(slug)) return undefined;
  const when = typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : NaN;
  if (Number.isFinite(when) && now - when > KEPT_MS) return undefined;
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
