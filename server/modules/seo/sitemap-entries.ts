/*
 * What a sitemap file is made of (DECISIONS.md §6, SPEC.md §9, issue 12 item 6): the static
 * pages, a list page's entry, an article's entry with its images and other versions, and the
 * documents' openings and ends. sitemaps.ts decides which go in which file.
 */
import { articlePath, PAGE_SEGMENTS, SERVER_SEGMENTS } from '../../../common/paths';
import { hreflangLinks } from '../../../common/hreflang';
import type { UiLanguage } from '../../../common/settings';
import { decodeEntities } from '../../../common/text';
import type { SiteAddresses } from './seo-deps';
import type { listPublishedForSeo } from './seo-repository';
import { xml, XML_DECLARATION } from './xml';

/** Google reads at most 1,000 image entries for one address. */
const IMAGES_PER_URL = 1000;

/** SPEC.md §9 static entries. */
export const STATIC_ENTRIES = [
  { path: '/', changefreq: 'daily', priority: '1.0' },
  { path: '/contact-us', changefreq: 'yearly', priority: '0.5' },
  { path: '/about-us', changefreq: 'yearly', priority: '0.5' },
  { path: '/privacy-policy', changefreq: 'yearly', priority: '0.5' },
  { path: '/disclaimer', changefreq: 'yearly', priority: '0.5' },
  // Every correction on the record (issue 43 item 3): a public list, like the static pages.
  { path: `/${PAGE_SEGMENTS.corrections}`, changefreq: 'daily', priority: '0.5' },
];

/** Every sitemap names the stylesheet that shows it to a person as a table (issue 12 item 6). */
export const STYLESHEET = `<?xml-stylesheet type="text/xsl" href="/${SERVER_SEGMENTS.sitemapStyle}"?>\n`;
export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A urlset's opening (each entry then ends with a line break) and its end. */
export const URLSET_HEAD =
  XML_DECLARATION +
  STYLESHEET +
  `<urlset xmlns="${SITEMAP_NS}" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;
export const URLSET_TAIL = '</urlset>\n';

export type SeoRow = Awaited<ReturnType<typeof listPublishedForSeo>>[number];

/** The value of one attribute of an HTML tag the sanitiser wrote (double-quoted, escaped). */
function attribute(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag);
  return m?.[1] === undefined ? undefined : decodeEntities(m[1]);
}

/**
 * An article and its other published versions as hreflang alternates, each naming them all and
 * the x-default, as the article pages do (issue 10 item 7; translation groups, issue 27 item 5).
 */
function alternates(row: SeoRow, uiLanguage: UiLanguage, { absolute }: SiteAddresses) {
  if (row.translations.length === 0) return '';
  const versions = {
    ...Object.fromEntries(
      row.translations.map((v) => [v.language, absolute(articlePath(v))] as const),
    ),
    [row.language]: absolute(articlePath(row)),
  };
  return hreflangLinks(versions, uiLanguage)
    .map((l) => `<xhtml:link rel="alternate" hreflang="${l.hreflang}" href="${xml(l.href)}"/>`)
    .join('');
}

/**
 * The article's image (titled with the headline), then the images of its body (captioned
 * with their alt text), each once, at most IMAGES_PER_URL.
 */
function imageEntries(row: SeoRow, { absolute, absoluteFromHtml }: SiteAddresses) {
  const seen = new Set<string>();
  const images: { loc: string; caption?: string; title?: string }[] = [];
  if (row.imageUrl) {
    const loc = absolute(row.imageUrl);
    seen.add(loc);
    images.push({ loc, title: row.name });
  }
  for (const tag of row.bodyImageTags) {
    const src = attribute(tag, 'src');
    const loc = src && absoluteFromHtml(src);
    if (!loc || seen.has(loc)) continue;
    seen.add(loc);
    images.push({ loc, caption: attribute(tag, 'alt')?.trim() || undefined });
  }
  // The image schema's order: loc, caption, geo_location, title, license.
  return images
    .slice(0, IMAGES_PER_URL)
    .map(
      (image) =>
        `<image:image><image:loc>${xml(image.loc)}</image:loc>` +
        (image.caption ? `<image:caption>${xml(image.caption)}</image:caption>` : '') +
        (image.title ? `<image:title>${xml(image.title)}</image:title>` : '') +
        `</image:image>`,
    )
    .join('');
}

export const urlEntry = (row: SeoRow, uiLanguage: UiLanguage, addresses: SiteAddresses) =>
  // The sitemap schema wants other namespaces' elements after priority.
  `<url><loc>${xml(addresses.absolute(articlePath(row)))}</loc><lastmod>${(row.updatedAt ?? row.createdAt).toISOString()}</lastmod>` +
  `<changefreq>weekly</changefreq><priority>0.8</priority>${imageEntries(row, addresses)}${alternates(row, uiLanguage, addresses)}</url>`;

/** A list page (category, author, tag): it changes when it gains a story. */
export const listEntry = (
  absolute: SiteAddresses['absolute'],
  path: string,
  lastPublishedAt: Date | null,
) =>
  `<url><loc>${xml(absolute(path))}</loc>` +
  (lastPublishedAt ? `<lastmod>${lastPublishedAt.toISOString()}</lastmod>` : '') +
  `<changefreq>daily</changefreq><priority>0.6</priority></url>`;
