import type { MetaDescriptor } from 'react-router';
import { LANGUAGE_REGISTRY, LANGUAGES, type Language } from '../../../common/languages';
import { SERVER_SEGMENTS } from '../../../common/paths';

/**
 * The picture of a page's social card, absolute, with its size when known (issue 12 item 5).
 * Declared here, beside its tags: share-image.ts, which makes it, imports this file, and this
 * file imports no other of this folder (no import circle).
 */
export interface ShareImage {
  url: string;
  width?: number | undefined;
  height?: number | undefined;
  alt: string;
}

/** Open Graph locales of the registry's languages. */
const OG_LOCALES = Object.fromEntries(
  LANGUAGES.map((code) => [code, LANGUAGE_REGISTRY[code].ogLocale]),
) as Record<Language, string>;

/** Title with the site's short name first (SPEC.md §2 "prefixed with a short site name"). */
export const pageTitle = (shortName: string, title: string) => `${shortName} | ${title}`;

/**
 * Title, description, canonical and the social cards for an ordinary page. The title starts
 * with the short name; `og:site_name` is the site's whole name (both from the settings). Every
 * card has a picture with its alt text (`shareImage` picks it) and the page's locale.
 */
export function pageMeta(opts: {
  settings: { shortName: string; siteName: string; twitterSite: string };
  title: string;
  description: string;
  url: string;
  image: ShareImage;
  /** The page's language (an article's own); English for the site's other pages. */
  language?: Language;
  type?: 'website' | 'article' | 'profile';
  keywords?: string;
  /**
   * The languages the page is also available in (an article's other versions, its translation
   * group): its `og:locale:alternate`s. The site's other pages are in the interface's language
   * alone: none (they named the other of Hindi and English when there were two).
   */
  alternateLanguages?: Language[];
}): MetaDescriptor[] {
  const { shortName, siteName, twitterSite } = opts.settings;
  const title = pageTitle(shortName, opts.title);
  const language = opts.language ?? 'en';
  const { image } = opts;
  return [
    { title },
    { name: 'description', content: opts.description },
    ...(opts.keywords ? [{ name: 'keywords', content: opts.keywords }] : []),
    { tagName: 'link', rel: 'canonical', href: opts.url },
    { property: 'og:type', content: opts.type ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: opts.description },
    { property: 'og:url', content: opts.url },
    { property: 'og:site_name', content: siteName },
    { property: 'og:locale', content: OG_LOCALES[language] },
    ...(opts.alternateLanguages ?? []).map((lang) => ({
      property: 'og:locale:alternate',
      content: OG_LOCALES[lang],
    })),
    { property: 'og:image', content: image.url },
    ...(image.width && image.height
      ? [
          { property: 'og:image:width', content: String(image.width) },
          { property: 'og:image:height', content: String(image.height) },
        ]
      : []),
    { property: 'og:image:alt', content: image.alt },
    // A square picture (the logo) makes a small card; a wide one a large card.
    {
      name: 'twitter:card',
      content: image.width && image.width === image.height ? 'summary' : 'summary_large_image',
    },
    ...(twitterSite ? [{ name: 'twitter:site', content: twitterSite }] : []),
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: opts.description },
    { name: 'twitter:image', content: image.url },
    { name: 'twitter:image:alt', content: image.alt },
  ];
}

/** An absolute address for a path on this site (images may already be absolute). */
export const absoluteUrl = (publicUrl: string, path: string) =>
  /^https?:\/\//.test(path) ? path : `${publicUrl}${path}`;

/**
 * A paged list's links (a category's, a tag's): its previous and next pages, page 1 at the
 * list's own address, and its RSS feed beside it (`{base}/feed.xml`).
 */
export function listLinks(opts: {
  base: string;
  page: number;
  pages: number;
  title: string;
}): MetaDescriptor[] {
  const { base, page, pages } = opts;
  return [
    ...(page > 1
      ? [{ tagName: 'link', rel: 'prev', href: page === 2 ? base : `${base}?page=${page - 1}` }]
      : []),
    ...(page < pages ? [{ tagName: 'link', rel: 'next', href: `${base}?page=${page + 1}` }] : []),
    {
      tagName: 'link',
      rel: 'alternate',
      type: 'application/rss+xml',
      href: `${base}/${SERVER_SEGMENTS.feed}`,
      title: opts.title,
    },
  ];
}
