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

/**
 * Plain-text excerpt of an HTML body. Only the text's first 2 × (max + 1) units count (see
 * `excerpt`), so a long body's excerpt is made from its head, cut where a tag begins: no tag or
 * entity is split there, so the head's text is where the whole body's text begins. The head is
 * used only when that holds for sure (no script or style block in it, no tag left open at its
 * end) and its text is long enough to be cut; otherwise the whole body is read. A long article's
 * description without its own meta description took a twentieth of its render here.
 */
export function htmlExcerpt(html: string, max: number): string {
  const enough = 2 * (max + 1);
  const at = html.length > 4 * enough ? html.indexOf('<', 3 * enough) : -1;
  if (at > 0) {
    const head = html.slice(0, at);
    const open = head.lastIndexOf('<');
    if ((open < 0 || open < head.lastIndexOf('>')) && !/<(script|style)/i.test(head)) {
      const text = stripHtml(head);
      if (text.length > enough + 1 && Array.from(text.slice(0, enough)).length > max)
        return excerpt(text, max);
    }
  }
  return excerpt(stripHtml(html), max);
}

/** Guess the language of a text: Hindi when most letters are Devanagari. */
export function detectLanguage(text: string): 'hi' | 'en' {
  const devanagari = (text.match(/[\u0900-\u097F]/g) ?? []).length;
  const latin = (text.match(/[A-Za-z]/g) ?? []).length;
  return devanagari > latin ? 'hi' : 'en';
}
