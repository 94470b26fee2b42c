/*
 * What a page of results shows of each: the query's words marked in titles, and a snippet of
 * the body around the first of them, cut at a whole letter (a Devanagari cluster) and word.
 */
import { boundedMemo } from '../bounded-memo';
import { LEXEME_CACHE_WORDS, normaliseText, rememberedLexemes, WORD } from './search-text';
import type { QueryTerm } from './search-query';

/**
 * A word as a text has it (not normalised) and its lexemes: the words of the results' titles
 * and snippets come again from one search to the next, and normalising each again was a third
 * of marking a page of results.
 */
const lexemesOfTextWord = boundedMemo(LEXEME_CACHE_WORDS, (word: string): readonly string[] =>
  rememberedLexemes(normaliseText(word)),
);

/** The matcher of each query's terms (a page of results marks the same terms many times). */
const matchers = new WeakMap<QueryTerm[], (word: string) => boolean>();

/** Whether a word of a text is one the query asked for. */
function matcher(terms: QueryTerm[]): (word: string) => boolean {
  let isMatch = matchers.get(terms);
  if (isMatch) return isMatch;
  const wanted = new Set(terms.flatMap((t) => t.lexemes));
  // Bodies and titles repeat their words: each is tested once per query (the same terms mark
  // a page of results), not each time it is met.
  const seen = new Map<string, boolean>();
  isMatch = (word) => {
    let found = seen.get(word);
    if (found === undefined) {
      found = lexemesOfTextWord(word).some((lexeme) => wanted.has(lexeme));
      seen.set(word, found);
    }
    return found;
  };
  matchers.set(terms, isMatch);
  return isMatch;
}

const escapeHtml = (text: string) =>
  /[&<>"]/.test(text)
    ? text
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
    : text;

/** Plain text to HTML with every asked-for word inside <mark>. */
export function markMatches(text: string, terms: QueryTerm[]): string {
  const isMatch = matcher(terms);
  let html = '';
  let last = 0;
  for (const found of text.matchAll(WORD)) {
    const index = found.index ?? 0;
    html += escapeHtml(text.slice(last, index));
    html += isMatch(found[0]) ? `<mark>${escapeHtml(found[0])}</mark>` : escapeHtml(found[0]);
    last = index + found[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

const graphemes = new Intl.Segmenter('hi', { granularity: 'grapheme' });
const isPrintableAscii = (code: number) => code >= 0x20 && code <= 0x7e;
const isDevanagariCode = (code: number) => code >= 0x900 && code <= 0x97f;
/** Devanagari vowel signs, virama, nukta, anusvara and the like: they join the letter before. */
const isDevanagariSign = (code: number) =>
  (code >= 0x900 && code <= 0x903) ||
  (code >= 0x93a && code <= 0x94f && code !== 0x93d) ||
  (code >= 0x951 && code <= 0x957) ||
  code === 0x962 ||
  code === 0x963;
const isDevanagariConsonant = (code: number) =>
  (code >= 0x915 && code <= 0x939) || (code >= 0x958 && code <= 0x95f) || code >= 0x978;
const VIRAMA = 0x94d;

/**
 * Whether position `p` (inside `text`) is a grapheme cluster boundary, where that follows from
 * the characters around it alone; undefined where the segmenter must say. Printable ASCII and
 * Devanagari only: before a sign, none; before ASCII or a letter, one (no character of either is
 * a prepended sign), except a consonant after a virama, which may join it in a conjunct.
 * tests/unit/search-text.test.ts holds it to Intl.Segmenter.
 */
export function knownBoundary(text: string, p: number): boolean | undefined {
  const x = text.charCodeAt(p - 1);
  const y = text.charCodeAt(p);
  if (!isPrintableAscii(x) && !isDevanagariCode(x))
    // No character below U+0600 is a prepended sign either.
    return x < 0x600 && isPrintableAscii(y) ? true : undefined;
  if (isPrintableAscii(y)) return true;
  if (!isDevanagariCode(y)) return undefined;
  if (isDevanagariSign(y)) return false;
  if (isDevanagariConsonant(y))
    for (let k = p - 1; k >= 0 && isDevanagariSign(text.charCodeAt(k)); k--)
      if (text.charCodeAt(k) === VIRAMA) return undefined;
  return true;
}

/**
 * Steps between the grapheme clusters of `text`, as Intl.Segmenter finds them: from a cluster's
 * start to the next one's, and from a cluster's end to its start. Asking the segmenter took
 * about 1 µs a cluster; most steps over Hindi and English need no segmenter (`knownBoundary`).
 */
export function clusterSteps(text: string) {
  const segments = graphemes.segment(text);
  const size = text.length;
  return {
    clusterAt: (i: number) => segments.containing(i)!,
    next(i: number): number {
      for (let j = i + 1; j < size; j++) {
        const known = knownBoundary(text, j);
        if (known) return j;
        if (known === undefined) {
          const c = segments.containing(i)!;
          return c.index + c.segment.length;
        }
      }
      return size;
    },
    previous(i: number): number {
      for (let j = i - 1; j > 0; j--) {
        const known = knownBoundary(text, j);
        if (known) return j;
        if (known === undefined) return segments.containing(i - 1)!.index;
      }
      return 0;
    },
  };
}
/**
 * Code units per grapheme cluster the snippet allows for: a letter takes 1, a Devanagari
 * syllable 2 or 3, a conjunct with its signs up to 8. In text of longer clusters the snippet is
 * shorter, never cut inside one.
 */
const CLUSTER_UNITS = 4;

/**
 * About `length` characters of `text` around its first asked-for word, cut between grapheme
 * clusters (a Devanagari syllable and its signs stay whole) and preferably at spaces, with an
 * ellipsis where it was cut; the asked-for words marked.
 */
export function snippet(text: string, terms: QueryTerm[], length = 200): string {
  const isMatch = matcher(terms);
  let at = 0;
  for (const found of text.matchAll(WORD)) {
    if (isMatch(found[0])) {
      at = found.index ?? 0;
      break;
    }
  }
  // Segmenting a whole article took most of a search's time: only the part around the match
  // can be shown, so only that is segmented, from a space to a space (a cluster always ends
  // before a space) far enough away for `length` clusters on either side.
  const reach = length * CLUSTER_UNITS;
  const from = at > reach ? Math.max(0, text.lastIndexOf(' ', at - reach)) : 0;
  const to = at + reach < text.length ? text.indexOf(' ', at + reach) : -1;
  const region = text.slice(from, to < 0 ? text.length : to);
  const cutBefore = from > 0;
  const cutAfter = to >= 0;
  const size = region.length;
  // The clusters are those of the whole region, but only the ones the snippet can show are
  // visited (clusterSteps): segmenting all of the region's was most of a search's time (about
  // 1 µs a cluster). Positions below are code units of `region`, each the start of a cluster;
  // the steps are those of the snippet as first written: `length / 4` clusters before the
  // match, `length` in all, then the cuts moved to spaces (tests/unit/search-text.test.ts holds
  // it to that).
  const { clusterAt, next, previous } = clusterSteps(region);
  const isSpace = (from: number, to: number) => /\s/.test(region.slice(from, to));
  // The first cluster starting at or after the match (the region's first when none does).
  let first = 0;
  if (at - from < size) {
    const c = clusterAt(at - from);
    const after = c.index + c.segment.length;
    first = c.index >= at - from ? c.index : after < size ? after : 0;
  }
  let start = first;
  for (let k = Math.floor(length / 4); k > 0 && start > 0; k--) start = previous(start);
  let end = start;
  let count = 0;
  for (; count < length && end < size; count++) end = next(end);
  // Fewer than `length` clusters to the region's end: the snippet starts earlier instead.
  for (let k = length - count; k > 0 && start > 0; k--) start = previous(start);
  // Move the cuts to the nearest space inside the window, so no word is cut either.
  if (start > 0) {
    for (let i = start; i < first;) {
      const j = next(i);
      if (isSpace(i, j)) {
        start = j;
        break;
      }
      i = j;
    }
  }
  if (end < size) {
    for (let i = end; i > first;) {
      const j = previous(i);
      if (isSpace(j, i)) {
        if (j > first) end = j;
        break;
      }
      i = j;
    }
  }
  const piece = region.slice(start, end).trim();
  const before = start > 0 || cutBefore ? '…' : '';
  const after = end < size || cutAfter ? '…' : '';
  return `${before}${markMatches(piece, terms)}${after}`;
}
