/*
 * Finding an edition by a name in any script (issue 65 item 7): `jaipur`, `Jaipur`, `jaypur`,
 * `jaipur city` and `जयपुर` all reach Jaipur. Built on search's own folding (common/search:
 * `normaliseText` for the many ways Hindi is typed, `looseLatin` for the ways Latin spellings
 * of Hindi differ, `latinKey` for a Devanagari word read in Latin letters), so the picker, the
 * API's `?q=` and search agree; no second transliterator. Pure: the picker runs it in the
 * browser on the list the page already has.
 */
import { latinKey, looseLatin, normaliseText, words } from './search/search-text';
import { isDevanagari } from './search/search-text';

/** Words that say "a place" around its name, dropped before matching ("jaipur city", "जयपुर शहर"). */
const PLACE_WORDS: ReadonlySet<string> = new Set([
  'city',
  'district',
  'zila',
  'jila',
  'shahar',
  'sahar',
  'edition',
  'news',
  'शहर',
  'जिला',
  'ज़िला',
  'संस्करण',
]);

/** One word's key: a Devanagari word read in Latin letters, a Latin word loosely spelled. */
const wordKey = (word: string) => (isDevanagari(word) ? latinKey(word) : looseLatin(word));

/**
 * A name's key: its words folded as search folds them, place words dropped, run together
 * ("Sri Ganganagar" and "sriganganagar" are one key). Empty when nothing is left.
 */
export function editionNameKey(name: string): string {
  const all = words(normaliseText(name));
  const kept = all.filter((w) => !PLACE_WORDS.has(w));
  return (kept.length ? kept : all).map(wordKey).join('');
}

/** What an edition is found by: its names in every language and its Latin spellings. */
export interface NamedEdition {
  names: { hi: string; en: string; mr?: string; gu?: string };
  latinNames: readonly string[];
}

/** Every key an edition answers to. */
export function editionKeys(edition: NamedEdition): Set<string> {
  const { hi, en, mr, gu } = edition.names;
  const names = [hi, en, mr ?? '', gu ?? '', ...edition.latinNames];
  return new Set(names.map(editionNameKey).filter(Boolean));
}

/** How well a query's key fits an edition: 2 a whole name, 1 the start of one, 0 none. */
function fit(query: string, keys: Set<string>): number {
  if (keys.has(query)) return 2;
  for (const key of keys) if (key.startsWith(query)) return 1;
  return 0;
}

/**
 * The editions a typed name finds, best first: whole names before names it starts, then in
 * the list's order. A query of fewer than two letters (after folding) finds nothing, so a
 * picker does not list the whole country for one keystroke.
 */
export function findEditions<E extends NamedEdition>(list: readonly E[], query: string): E[] {
  const key = editionNameKey(query);
  if (key.length < 2) return [];
  return list
    .map((edition, index) => ({ edition, index, score: fit(key, editionKeys(edition)) }))
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((m) => m.edition);
}

/** The one edition a name means (a whole name), or undefined. */
export function editionNamed<E extends NamedEdition>(
  list: readonly E[],
  query: string,
): E | undefined {
  const key = editionNameKey(query);
  if (!key) return undefined;
  return list.find((edition) => editionKeys(edition).has(key));
}
