import sanitizeHtml from 'sanitize-html';
import { embedAttributes, embedSeat, embedSlug } from '../../../common/election-embed-ref';

/** How deep elements may nest in a stored article text. */
export const MAX_HTML_DEPTH = 100;

/** Video hosts whose players may be embedded, and the path their embed addresses use. */
const EMBEDS =
  /^https:\/\/(?:www\.youtube\.com\/embed\/|www\.youtube-nocookie\.com\/embed\/|player\.vimeo\.com\/video\/)[\w-]+(?:\?[\w=&;%-]*)?$/;

/**
 * A BCP 47 language tag (RFC 5646 §2.1 `langtag` or private use; the old grandfathered forms
 * aside): `hi`, `en-IN`, `sa-Deva`, `zh-Hant-TW`, `x-klingon`.
 */
export const LANGUAGE_TAG =
  /^(?:(?:[a-z]{2,3}(?:-[a-z]{3}){0,3}|[a-z]{4,8})(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?(?:-(?:[a-z\d]{5,8}|\d[a-z\d]{3}))*(?:-[\da-wyz](?:-[a-z\d]{2,8})+)*(?:-x(?:-[a-z\d]{1,8})+)?|x(?:-[a-z\d]{1,8})+)$/i;

/** Longer than any tag a text needs; the pattern is never tried on more. */
const MAX_LANGUAGE_TAG = 64;

const DIRECTIONS = new Set(['ltr', 'rtl', 'auto']);

/**
 * The language and direction of a part of the text (WCAG 3.1.2, Language of Parts): an
 * English phrase inside Hindi, say. `lang` stays when it is a language tag, `dir` when it is a
 * direction; anything else is dropped, and the part takes its parent's.
 */
function checkLanguage(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const { lang, dir, ...rest } = attribs;
  const language = lang?.trim();
  const direction = dir?.trim().toLowerCase();
  return {
    ...rest,
    ...(language && language.length <= MAX_LANGUAGE_TAG && LANGUAGE_TAG.test(language)
      ? { lang: language }
      : {}),
    ...(direction && DIRECTIONS.has(direction) ? { dir: direction } : {}),
  };
}

/**
 * An election block's attributes (issue 69 item 4) when they name one: a slug, a state's slug
 * and a seat's number; a block naming anything else is a plain <div>.
 */
function electionBlock(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const {
    'data-election': election,
    'data-election-state': state,
    'data-election-seat': seat,
    ...rest
  } = attribs;
  const ref = {
    election: embedSlug(election),
    state: embedSlug(state),
    seat: embedSeat(seat),
  };
  if (!ref.election) return rest;
  return { ...rest, ...embedAttributes({ ...ref, election: ref.election }) };
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'div',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'ins',
    'mark',
    'sub',
    'sup',
    'small',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'colgroup',
    'col',
    'iframe',
  ],
  allowedAttributes: {
    // On every element allowed, checked by checkLanguage (transformTags '*').
    '*': ['lang', 'dir'],
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    // The election block (common/editor/election-embed.ts), its values checked below.
    div: ['data-election', 'data-election-state', 'data-election-seat'],
    ol: ['start'],
    iframe: ['src', 'width', 'height', 'title', 'allowfullscreen'],
    code: ['class'],
    pre: ['class'],
    p: ['style'],
    h1: ['style'],
    h2: ['style'],
    h3: ['style'],
    h4: ['style'],
  },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
  allowedClasses: { code: [/^language-[\w-]+$/], pre: [/^language-[\w-]+$/] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'], iframe: ['https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: ['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'],
  allowIframeRelativeUrls: false,
  // Tags nested deeper are dropped, their text kept: no editor nests this deep, and the
  // parser's work grows with the depth.
  nestingLimit: MAX_HTML_DEPTH,
  // Void elements are written without an end tag: TipTap's tables carry <colgroup><col>, and
  // `<col></col>` is invalid HTML (issue 14 item 6). sanitize-html's own list lacks `col`.
  selfClosing: [...sanitizeHtml.defaults.selfClosing, 'col'],
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:/i.test(attribs.href ?? '');
      return {
        tagName,
        attribs: {
          ...attribs,
          ...(attribs.target === '_blank' || external
            ? { rel: 'noopener noreferrer nofollow' }
            : {}),
        },
      };
    },
    // Embedded players run sandboxed, lazily (DECISIONS.md §4).
    iframe: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        sandbox: 'allow-scripts allow-same-origin allow-presentation allow-popups',
        loading: 'lazy',
        referrerpolicy: 'strict-origin-when-cross-origin',
      },
    }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
    div: (tagName, attribs) => ({ tagName, attribs: electionBlock(attribs) }),
    // Runs after a tag's own transform above.
    '*': (tagName, attribs) => ({ tagName, attribs: checkLanguage(attribs) }),
  },
  exclusiveFilter: (frame) => {
    if (frame.tag === 'iframe') return !EMBEDS.test(frame.attribs.src ?? '');
    // Images only from our media folder or over https.
    if (frame.tag === 'img') return !/^(\/media\/|https:\/\/)/.test(frame.attribs.src ?? '');
    return false;
  },
};
// Attributes added by transformTags must survive the allow-list.
(OPTIONS.allowedAttributes as Record<string, string[]>).iframe?.push(
  'sandbox',
  'loading',
  'referrerpolicy',
);
(OPTIONS.allowedAttributes as Record<string, string[]>).img?.push('loading');

/**
 * The article body allow-list (issue "Content API" §5): headings, paragraphs, lists, links
 * with safe schemes, images from our media or https, tables, code, quotes and sandboxed
 * embeds from allow-listed video hosts, with the language and direction of any part. Scripts,
 * event handlers, `javascript:` URLs, styles other than text alignment and foreign frames
 * never survive.
 */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
