/*
 * Stories for members (issue 39 item 3, docs/decisions/060): who may read a story whole, and
 * what the others get of it. Pages differ by a reader's entitlement class, never by person, so
 * each class's page can be kept and shared within the class.
 */

/** Who may read a story whole: anyone, members of any plan, or members of a `paid` plan. */
export const ARTICLE_ACCESS = ['free', 'members', 'paid'] as const;
export type ArticleAccess = (typeof ARTICLE_ACCESS)[number];

/**
 * A reader's entitlement class: `none` (anonymous, signed-in without a membership), `members`
 * (a running membership of a plan with `members` access), `paid` (a plan with `paid` access, a
 * complimentary membership without a plan, or staff, who read everything).
 */
export const ACCESS_CLASSES = ['none', 'members', 'paid'] as const;
export type AccessClass = (typeof ACCESS_CLASSES)[number];

/** Whether a reader of class `reader` may read a story with `access` whole. */
export function mayReadWhole(access: ArticleAccess, reader: AccessClass): boolean {
  if (access === 'free') return true;
  if (access === 'members') return reader !== 'none';
  return reader === 'paid';
}

/**
 * The most of a walled story's opening readers who may not read it get: this many characters
 * of its first paragraph's text (issue 66 item 10); a longer paragraph is cut, its markup gone.
 */
export const OPENING_MAX_CHARS = 400;
/** How many paragraphs the opening is looked for among (past them: no opening). */
export const OPENING_SCAN = 50;
/** Where a paragraph begins and ends (the sanitiser writes tags in lower case). */
const PARAGRAPH_START = /<p[\s>]/gi;
const PARAGRAPH_END = '</p>';
/** Blocks whose paragraphs are not the story's text: lists, tables, quotes. */
const HELD_BLOCK_OPEN = /<(?:ul|ol|dl|table|blockquote)[\s>]/gi;
const HELD_BLOCK_CLOSE = /<\/(?:ul|ol|dl|table|blockquote)\s*>/gi;

const count = (html: string, re: RegExp) => html.match(re)?.length ?? 0;
/** Characters, not UTF-16 units (as PostgreSQL counts them). */
const chars = (text: string) => Array.from(text);

/**
 * What a reader who may not read a story whole gets of its body (issue 39 item 3, issue 66 item
 * 10): its first paragraph of text, never a list, table or quote before it (a paragraph inside
 * one is not it), and at most OPENING_MAX_CHARS characters of it (a longer one as plain text,
 * cut, with "…"); nothing when it has none. db/schema/content.ts's `articleOpenBody` is the
 * same rule in SQL, for lists, feeds and search.
 */
export function openingOf(html: string): string {
  let seen = 0;
  for (const match of html.matchAll(PARAGRAPH_START)) {
    if (++seen > OPENING_SCAN) return '';
    const at = match.index;
    const end = html.indexOf(PARAGRAPH_END, at);
    if (end === -1) return '';
    const before = html.slice(0, at);
    if (count(before, HELD_BLOCK_OPEN) !== count(before, HELD_BLOCK_CLOSE)) continue;
    return cutParagraph(html.slice(at, end + PARAGRAPH_END.length));
  }
  return '';
}

/** A paragraph as the opening shows it: whole when short enough, else its text cut. */
function cutParagraph(paragraph: string): string {
  const text = chars(paragraph.replace(/<[^>]*>/g, ''));
  if (text.length <= OPENING_MAX_CHARS) return paragraph;
  const cut = text
    .slice(0, OPENING_MAX_CHARS)
    .join('')
    .replace(/&[#a-z0-9]*$/i, '')
    .replace(/ +$/, '');
  return `<p>${cut}…</p>`;
}

/**
 * Where a page made for a class that reads the story whole splits it: the opening when the
 * body begins with it (the rest is the part not free), else nothing (all of it is).
 */
export const freeOpeningOf = (html: string): string => {
  const opening = openingOf(html);
  return html.startsWith(opening) ? opening : '';
};

/** The CSS selector naming a walled story's part readers must pay for (JSON-LD `hasPart`). */
export const WALLED_PART_SELECTOR = '.article-walled';

/**
 * The cookie a member's browser carries so that their pages are their class's (not the shared
 * anonymous page): set and cleared by `GET /api/me/membership`. It only asks; the server reads
 * the class from the session. The shipped Varnish passes requests that carry it.
 */
export const MEMBER_COOKIE = 'patrika_member';
