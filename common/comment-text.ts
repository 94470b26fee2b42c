/*
 * A comment's text as readers see it (issue 42 item 1): the body is stored as the reader typed
 * it, plain text, and becomes HTML only here, escaped first, so nothing a reader sends can be
 * markup on a page. Blank lines part paragraphs, a single line break stays one, and web
 * addresses become links that search engines do not follow (`rel="ugc nofollow noopener"`:
 * Google's marking of user-generated links).
 */

/** The most characters a comment may have. */
export const COMMENT_MAX_LENGTH = 5000;

/** The rel of every link in a comment. */
export const COMMENT_LINK_REL = 'ugc nofollow noopener';

/** An http(s) address up to white space or a character that cannot be in one unescaped. */
const ADDRESS = /\bhttps?:\/\/[^\s<>"'`]+/giu;
/** What ends a sentence after an address rather than belonging to it. */
const TRAILING = /[.,;:!?)\]}'"।॥]+$/u;

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** The addresses a text names, as they become links. */
export function linksIn(text: string): string[] {
  return [...text.matchAll(ADDRESS)]
    .map((m) => m[0].replace(TRAILING, ''))
    .filter((a) => URL.canParse(a));
}

/** One line: escaped, its addresses made into links. */
function lineHtml(line: string): string {
  let out = '';
  let at = 0;
  for (const match of line.matchAll(ADDRESS)) {
    const address = match[0].replace(TRAILING, '');
    if (!URL.canParse(address)) continue;
    out += escapeHtml(line.slice(at, match.index));
    const href = escapeHtml(new URL(address).href);
    out += `<a href="${href}" rel="${COMMENT_LINK_REL}">${escapeHtml(address)}</a>`;
    at = match.index + address.length;
  }
  return out + escapeHtml(line.slice(at));
}

/** The comment's HTML: paragraphs, line breaks and links, everything else escaped text. */
export function commentHtml(text: string): string {
  return text
    .replaceAll('\r\n', '\n')
    .split(/\n[ \t]*\n+/u)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => `<p>${p.split('\n').map(lineHtml).join('<br>')}</p>`)
    .join('');
}
