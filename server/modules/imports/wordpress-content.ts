/*
 * Turning a WordPress post's stored text into what our editor would have saved. Pure functions
 * (unit-tested in tests/unit/wordpress-content.test.ts); the sanitiser runs after them.
 */
import { formerPathKey } from '../../../common/paths';
import { SLUG_PATTERN, slugify } from '../../../common/slug';

/** Blocks whose content is text: they stand apart from the paragraphs around them. */
const LEAF_BLOCKS = 'p|h[1-6]|li|dt|dd|td|th|caption|figure|pre|hr|iframe|address|summary|legend';
/** Blocks that hold other blocks: their content is made into paragraphs too. */
const CONTAINER_BLOCKS =
  'div|blockquote|ul|ol|dl|table|thead|tbody|tfoot|tr|section|article|aside|details|form|fieldset';
const STARTS_WITH_BLOCK = new RegExp(`^(?:<!--|</?(?:${LEAF_BLOCKS}|${CONTAINER_BLOCKS})\\b)`, 'i');

/**
 * WordPress stores classic posts without `<p>`: its `wpautop` adds them when a page is shown
 * (a blank line ends a paragraph, a single newline is a line break). This is the part of it
 * our readers need: block tags stand apart, every other run of text between blank lines
 * becomes a paragraph. Gutenberg's block comments pass (the sanitiser drops them).
 */
export function autop(html: string): string {
  // Keep preformatted blocks whole.
  const pres: string[] = [];
  let text = html
    .replace(/\r\n?/g, '\n')
    .replace(/<pre[\s\S]*?<\/pre>/gi, (m) => `\n\n\uE000${pres.push(m) - 1}\uE000\n\n`);
  text = text
    .replace(new RegExp(`(<(?:${LEAF_BLOCKS})\\b[^>]*>)`, 'gi'), '\n\n$1')
    .replace(new RegExp(`(</(?:${LEAF_BLOCKS})>)`, 'gi'), '$1\n\n')
    .replace(new RegExp(`(</?(?:${CONTAINER_BLOCKS})\\b[^>]*>)`, 'gi'), '\n\n$1\n\n')
    .replace(/(<!--[\s\S]*?-->)/g, '\n\n$1\n\n');
  const out = text
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter((chunk) => chunk.length > 0)
    .map((chunk) => {
      if (STARTS_WITH_BLOCK.test(chunk) || /^\uE000\d+\uE000$/.test(chunk)) return chunk;
      return `<p>${chunk.replace(/\n/g, '<br>\n')}</p>`;
    })
    .join('\n');
  return out.replace(/\uE000(\d+)\uE000/g, (_m, i: string) => pres[Number(i)] ?? '');
}

/**
 * Shortcodes readers would otherwise see as text: `[caption]` becomes a figure with its
 * caption; `[gallery]`, `[embed]` and other unknown ones are removed, the text inside an
 * enclosing one kept. Answers the names removed, for the report.
 */
export function replaceShortcodes(html: string): { html: string; removed: string[] } {
  const removed = new Set<string>();
  let out = html.replace(/\[caption[^\]]*\]([\s\S]*?)\[\/caption\]/gi, (_m, inner: string) => {
    const media = /^\s*((?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?)([\s\S]*)$/i.exec(inner);
    if (!media) return inner;
    const caption = (media[2] ?? '').trim();
    return `<figure>${media[1]}${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`;
  });
  out = out.replace(
    /\[(\/?)([a-z][\w-]*)(?:\s[^\]]*)?\/?\]/gi,
    (m, _close: string, name: string) => {
      // Square brackets in prose ("[sic]", "[1]") are not shortcodes: only known shapes go.
      if (
        !/^(gallery|embed|audio|video|playlist|wp_\w+|contact-form[\w-]*|[a-z]+_[a-z_]+)$/i.test(
          name,
        )
      )
        return m;
      removed.add(name.toLowerCase());
      return '';
    },
  );
  return { html: out, removed: [...removed] };
}

/** Every address an `<img src>` names in a body, in order, without repeats. */
export function imageSources(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/<img\b[^>]*?\ssrc\s*=\s*(["'])(.*?)\1/gi)) {
    const src = decodeAttr(m[2] ?? '').trim();
    if (src) found.add(src);
  }
  return [...found];
}

const decodeAttr = (v: string) =>
  v
    .replace(/&amp;/g, '&')
    .replace(/&#0?38;/g, '&')
    .replace(/&quot;/g, '"');

/**
 * Replaces addresses in `src` and `href` attributes by the ones `map` gives (old image
 * address → ours). Attributes naming anything else stay as they are; `srcset` (which names
 * the old site's resized copies) is dropped, as our pages make their own.
 */
export function rewriteUrls(html: string, map: Map<string, string>): string {
  return html
    .replace(/\s(srcset|sizes)\s*=\s*(["'])[\s\S]*?\2/gi, '')
    .replace(/(\s(?:src|href)\s*=\s*)(["'])(.*?)\2/gi, (m, lead: string, q: string, v: string) => {
      const ours = map.get(decodeAttr(v).trim());
      return ours ? `${lead}${q}${ours}${q}` : m;
    });
}

/**
 * Yoast SEO stores titles with variables (`%%title%% %%sep%% %%sitename%%`): the post's title
 * goes in, the separator and the site name go out (our pages add the short site name).
 */
export function yoastTitle(template: string, postTitle: string): string {
  return template
    .replace(/%%title%%/g, postTitle)
    .replace(/%%[a-z_]+%%/gi, ' ')
    .replace(/\s+([|\-–—·•»:])\s*$/u, '')
    .replace(/^\s*([|\-–—·•»:])\s+/u, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/**
 * The slug an imported post asks for: WordPress's own when it is already a valid ASCII slug;
 * a percent-encoded (Hindi) one decoded and transliterated; else one from the title.
 */
export function wordpressSlug(postName: string, title: string): string {
  const given = postName.trim().toLowerCase();
  if (SLUG_PATTERN.test(given)) return given;
  let decoded = given;
  try {
    decoded = decodeURIComponent(given);
  } catch {
    // Not percent-encoded after all.
  }
  return slugify(decoded) || slugify(title);
}

/**
 * A WordPress date ("2013-01-12 03:22:19"): the GMT one when it is set, else the site's local
 * time read as UTC (WordPress leaves the GMT date of drafts at zero); undefined if neither.
 */
export function wordpressDate(gmt: string, local: string): Date | undefined {
  for (const v of [gmt, local]) {
    const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(v.trim());
    if (!m || m[1] === '0000') continue;
    const date = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`);
    if (!Number.isNaN(date.getTime())) return date;
  }
  return undefined;
}

/**
 * The addresses a post answered at on the old site, as stored former paths: its permalink
 * (`<link>`), its `?p=` guid, and `/?p={id}`, which WordPress answers for every post. Only
 * addresses on the old site itself (its host) count.
 */
export function formerPaths(
  siteUrl: string,
  post: { link: string; guid: string; postId: string; postType: string },
): string[] {
  const site = safeUrl(siteUrl);
  const paths = new Set<string>();
  for (const address of [post.link, post.guid]) {
    const url = safeUrl(address, siteUrl);
    if (!url || (site && url.host !== site.host)) continue;
    const key = formerPathKey(url.pathname, url.search);
    if (key !== '/') paths.add(key);
  }
  if (/^\d+$/.test(post.postId))
    paths.add(formerPathKey('/', `?${post.postType === 'page' ? 'page_id' : 'p'}=${post.postId}`));
  return [...paths];
}

function safeUrl(address: string, base?: string): URL | undefined {
  try {
    return new URL(address, base);
  } catch {
    return undefined;
  }
}

/** Plain text from an excerpt (WordPress's may carry tags), for a meta description. */
export function plainExcerpt(excerpt: string): string {
  return excerpt
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
