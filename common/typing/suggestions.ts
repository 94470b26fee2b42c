import { latinKey, looseLatin, normaliseText } from '../search/search-text';
import { COMMON_HINDI_WORDS, type CommonWord } from './hindi-words';
import { latinToDevanagari } from './latin-to-devanagari';

/*
 * The suggestions for a word typed in Latin letters (issue 27 item 6): words the site and Hindi
 * know whose Latin key is what was typed, then the rules' spellings, then words that begin with
 * it; at most five, the first being what a space turns the word into. Pure: the browser builds
 * a lexicon once from the vocabulary it fetched (GET /api/search/vocabulary) and asks it on
 * every key, with no network.
 */

/** The most suggestions shown for a word. */
export const MAX_SUGGESTIONS = 5;

/** A word of the site's vocabulary as the API sends it (common/schemas/search.ts). */
export interface SiteWord {
  word: string;
  key: string;
  count: number;
}

interface KnownWord {
  /** As shown: a common word's own spelling, else as the index keeps it (normalised). */
  word: string;
  /** How many published articles use it (0: a common word the site has not used). */
  count: number;
  /** Its place in COMMON_HINDI_WORDS, or Infinity for the site's own words. */
  rank: number;
}

export interface Lexicon {
  /** Known words by Latin key (and by a common word's other spellings' keys). */
  byKey: Map<string, KnownWord[]>;
  /** Every key with its words, most used first: where completions are looked for. */
  keys: [key: string, words: KnownWord[]][];
}

/** A typed Latin spelling as the keys have it. */
export const typedKey = (latin: string) => looseLatin(latin);

/** Known words first by the common list's order, then by how much the site uses them. */
const byKnown = (a: KnownWord, b: KnownWord) => a.rank - b.rank || b.count - a.count;

/**
 * The words suggestions are looked up in: common Hindi words and the site's own (normalised,
 * as the search index keeps them), one entry per word. A site word that is a common word
 * (once both are normalised) is that word, with the site's count.
 */
export function makeLexicon(
  site: readonly SiteWord[],
  common: readonly CommonWord[] = COMMON_HINDI_WORDS,
): Lexicon {
  const byKey = new Map<string, KnownWord[]>();
  const byNormal = new Map<string, KnownWord>();
  const add = (key: string, known: KnownWord) => {
    if (key.length === 0) return;
    const list = byKey.get(key) ?? [];
    if (!list.includes(known)) list.push(known);
    byKey.set(key, list);
  };
  common.forEach(({ word, spellings }, rank) => {
    const normal = normaliseText(word);
    if (byNormal.has(normal)) return;
    const known: KnownWord = { word, count: 0, rank };
    byNormal.set(normal, known);
    add(latinKey(normal), known);
    for (const spelling of spellings) add(typedKey(spelling), known);
  });
  for (const { word, key, count } of site) {
    const normal = normaliseText(word);
    const already = byNormal.get(normal);
    if (already) {
      already.count = Math.max(already.count, count);
      continue;
    }
    const known: KnownWord = { word: normal, count, rank: Infinity };
    byNormal.set(normal, known);
    add(key, known);
  }
  for (const list of byKey.values()) list.sort(byKnown);
  const keys = [...byKey].sort(
    ([, a], [, b]) => Math.max(...b.map((w) => w.count)) - Math.max(...a.map((w) => w.count)),
  );
  return { byKey, keys };
}

/** Completions shown beside the word's own spellings when there are any. */
const COMPLETIONS = 2;

/**
 * Up to `max` Devanagari words for the Latin word being typed, best first: known words of its
 * key, the rules' spellings, and known words that begin with it. A known word the index keeps
 * without its nukta or chandrabindu is shown as the rules spell it from what was typed
 * ("zamana" ज़माना, where the index has जमाना). Empty when `latin` has no Latin letter.
 */
export function suggest(latin: string, lexicon: Lexicon, max = MAX_SUGGESTIONS): string[] {
  const rules = latinToDevanagari(latin, 8);
  if (rules.length === 0) return [];
  const key = typedKey(latin);
  const spelled = new Map<string, string>();
  for (const r of rules) if (!spelled.has(normaliseText(r))) spelled.set(normaliseText(r), r);
  const shown = (w: KnownWord) => (w.rank === Infinity ? (spelled.get(w.word) ?? w.word) : w.word);

  const exact = (lexicon.byKey.get(key) ?? []).map(shown);
  const primary = unique([...exact, ...rules]);
  const completions: string[] = [];
  if (key.length >= 2) {
    for (const [k, words] of lexicon.keys) {
      if (k.length <= key.length || !k.startsWith(key)) continue;
      for (const w of words) completions.push(shown(w));
      if (completions.length >= max) break;
    }
  }
  const more = unique(completions).filter((w) => !primary.includes(w));
  const room = Math.max(1, max - Math.min(COMPLETIONS, more.length));
  return unique([...primary.slice(0, room), ...more, ...primary.slice(room)]).slice(0, max);
}

const unique = (words: string[]) => [...new Set(words)];
