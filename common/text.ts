/*
 * Plain-text helpers shared by cards, feeds and metadata (SPEC.md §9 "Excerpts").
 */
import { detectScriptLanguage } from './languages';

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Decodes the named entities above and numeric ones; others are left as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n =
        code[1] === 'x' || code[1] === 'X'
          ? parseInt(code.slice(2), 16)
          : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
    }
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/** HTML to readable plain text: tags become spaces, entities are decoded, white space folded. */
export function stripHtml(html: string): string {
  const withoutBlocks = html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ');
  return foldSpace(decodeEntities(withoutBlocks.replace(/<[^>]*>/g, ' ')));
}

/**
 * Whether a UTF-16 code unit is what a regular expression's `\s` matches (and `trim` removes):
 * ECMAScript's WhiteSpace and LineTerminator. A test holds it to `\s` for every code unit.
 */
export function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * `text.replace(/\s+/g, ' ').trim()`, a few times faster: on Devanagari text V8's `\s` takes its
 * slow path (12 µs for a card's 1,200 characters), and text already folded (most of it, the
 * second time round) comes back as it is without a copy.
 */
export function foldSpace(text: string): string {
  let out = '';
  let from = 0; // start of the text not yet copied
  let i = 0;
  const n = text.length;
  while (i < n) {
    if (!isSpace(text.charCodeAt(i))) {
      i++;
      continue;
    }
    let end = i + 1;
    while (end < n && isSpace(text.charCodeAt(end))) end++;
    // A single plain space between two words stays as it is.
    if (end === i + 1 && text.charCodeAt(i) === 0x20 && i > 0 && end < n) {
      i = end;
      continue;
    }
    out += text.slice(from, i);
    if (i > 0 && end < n && out.length > 0) out += ' ';
    from = i = end;
  }
  if (from === 0) return text;
  return out + text.slice(from);
}

/**
 * Cuts `text` to at most `max` characters at a word boundary and adds an ellipsis when it cut.
 * Counts user-perceived characters roughly by code points, never splitting a surrogate pair;
 * cutting at a space also keeps Devanagari conjuncts and matras whole.
 */
export function excerpt(text: string, max: number): string {
  const plain = foldSpace(text);
  if (plain.length <= max) return plain; // fewer UTF-16 units than `max`: fewer code points too
  // Only the first max + 1 code points matter, and they lie within 2 × (max + 1) units: a card
  // gets 2,000 characters of body, and splitting all of them took a twentieth of a home render.
  const chars = Array.from(plain.slice(0, 2 * (max + 1)));
  if (chars.length <= max) return plain;
  const head = chars.slice(0, max).join('');
  // A word that ends exactly at the limit is kept whole.
  const lastSpace = chars[max] === ' ' ? head.length : head.lastIndexOf(' ');
  const cut = lastSpace > 0 ? head.slice(0, lastSpace) : head;
  return `${cut.replace(/[\s,;:.\u0964\u0965-]+$/u, '')}...`;
}

/**
 * Plain-text excerpt of an HTML body. Only the text's first 2 × (max + 1) units count (see
 * `excerpt`), so a long body's excerpt is made from its head, cut where a tag begins: no tag or
 * entity is split there, so the head's text is where the whole body's text begins. The head is
 * used only when that holds for sure (no script or style block in it, no tag left open at its
 * end) and its text is long enough to be cut; otherwise the whole body is read. A story without
 * its own meta description stripped its whole body on every render, and each card its
 * 2,000-character head (77 µs on Devanagari; 25 µs now).
 */
export function htmlExcerpt(html: string, max: number): string {
  const enough = 2 * (max + 1);
  // Prose has little markup: a head a little longer than the text needed is usually enough,
  // and a longer one is tried when it is not.
  for (let take = Math.ceil(enough * 1.25); take < html.length; take *= 2) {
    const at = html.indexOf('<', take);
    if (at < 0) break;
    const head = html.slice(0, at);
    const open = head.lastIndexOf('<');
    if ((open >= 0 && open > head.lastIndexOf('>')) || /<(script|style)/i.test(head)) break;
    const text = stripHtml(head);
    if (text.length > enough + 1 && Array.from(text.slice(0, enough)).length > max)
      return excerpt(text, max);
  }
  return excerpt(stripHtml(html), max);
}

/**
 * Guess the language of a text by its letters' script (common/languages.ts): Hindi when most are
 * Devanagari, Gujarati when most are Gujarati, else English.
 */
export const detectLanguage = detectScriptLanguage;
