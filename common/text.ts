/*
 * Plain-text helpers shared by cards, feeds and metadata (SPEC.md §9 "Excerpts").
 */

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
  return decodeEntities(withoutBlocks.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Cuts `text` to at most `max` characters at a word boundary and adds an ellipsis when it cut.
 * Counts user-perceived characters roughly by code points, never splitting a surrogate pair;
 * cutting at a space also keeps Devanagari conjuncts and matras whole.
 */
export function excerpt(text: string, max: number): string {
  const plain = text.replace(/\s+/g, ' ').trim();
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

/** Plain-text excerpt of an HTML body. */
export const htmlExcerpt = (html: string, max: number) => excerpt(stripHtml(html), max);

/** Guess the language of a text: Hindi when most letters are Devanagari. */
export function detectLanguage(text: string): 'hi' | 'en' {
  const devanagari = (text.match(/[\u0900-\u097F]/g) ?? []).length;
  const latin = (text.match(/[A-Za-z]/g) ?? []).length;
  return devanagari > latin ? 'hi' : 'en';
}
