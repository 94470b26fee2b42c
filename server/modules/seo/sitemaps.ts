/*
 * The sitemaps (DECISIONS.md §6, SPEC.md §9, issue 12 item 6): the live sitemap, split into
 * files under an index past SITEMAP_MAX_URLS, and the Google News sitemap.
 */
import {
  articlePath,
  authorPath,
  categoryPath,
  PAGE_SEGMENTS,
  SERVER_SEGMENTS,
  tagSlugPath,
} from '../../../common/paths';
import { hreflangLinks } from '../../../common/hreflang';
import type { UiLanguage } from '../../../common/settings';
import { decodeEntities } from '../../../common/text';
import type { Db } from '../../../db/client';
import { notFound } from '../../lib/errors';
import type { SeoDeps, SiteAddresses } from './seo-deps';
import {
  countPublished,
  lastChangeOfPublished,
  listAuthorsForSeo,
  listCategoriesForSeo,
  listPublishedForSeo,
  listTagsForSeo,
} from './seo-repository';
import { listEditionsForSeo } from './seo-editions-repository';
import { xml, XML_DECLARATION } from './xml';

/** sitemaps.org: at most 50,000 addresses in one file, then a sitemap index. */
export const SITEMAP_MAX_URLS = 50_000;
/** Articles read per query while writing a sitemap file. */
const SITEMAP_SLICE = 1000;
/** Google reads at most 1,000 image entries for one address. */
const IMAGES_PER_URL = 1000;
const NEWS_MAX = 1000;
const NEWS_DAYS = 2;

/** SPEC.md §9 static entries. */
const STATIC_ENTRIES = [
  { path: '/', changefreq: 'daily', priority: '1.0' },
  { path: '/contact-us', changefreq: 'yearly', priority: '0.5' },
  { path: '/about-us', changefreq: 'yearly', priority: '0.5' },
  { path: '/privacy-policy', changefreq: 'yearly', priority: '0.5' },
  { path: '/disclaimer', changefreq: 'yearly', priority: '0.5' },
  // Every correction on the record (issue 43 item 3): a public list, like the static pages.
  { path: `/${PAGE_SEGMENTS.corrections}`, changefreq: 'daily', priority: '0.5' },
];

/** Every sitemap names the stylesheet that shows it to a person as a table (issue 12 item 6). */
const STYLESHEET = `<?xml-stylesheet type="text/xsl" href="/${SERVER_SEGMENTS.sitemapStyle}"?>\n`;
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A urlset's opening (each entry then ends with a line break) and its end. */
const URLSET_HEAD =
  XML_DECLARATION +
  STYLESHEET +
  `<urlset xmlns="${SITEMAP_NS}" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;
const URLSET_TAIL = '</urlset>\n';

type SeoRow = Awaited<ReturnType<typeof listPublishedForSeo>>[number];

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

const urlEntry = (row: SeoRow, uiLanguage: UiLanguage, addresses: SiteAddresses) =>
  // The sitemap schema wants other namespaces' elements after priority.
  `<url><loc>${xml(addresses.absolute(articlePath(row)))}</loc><lastmod>${(row.updatedAt ?? row.createdAt).toISOString()}</lastmod>` +
  `<changefreq>weekly</changefreq><priority>0.8</priority>${imageEntries(row, addresses)}${alternates(row, uiLanguage, addresses)}</url>`;

/** A list page (category, author, tag): it changes when it gains a story. */
const listEntry = (
  absolute: SiteAddresses['absolute'],
  path: string,
  lastPublishedAt: Date | null,
) =>
  `<url><loc>${xml(absolute(path))}</loc>` +
  (lastPublishedAt ? `<lastmod>${lastPublishedAt.toISOString()}</lastmod>` : '') +
  `<changefreq>daily</changefreq><priority>0.6</priority></url>`;

/**
 * What the sitemap holds, in its order: the static pages, the categories, the authors, the tags
 * with a published story, then
 * the articles newest first. All but the articles are few and read whole; the articles are
 * counted, and read a file's share at a time.
 */
async function sitemapPlan(
  db: Db,
  absolute: SiteAddresses['absolute'],
  perFile: number,
  now: Date,
) {
  const [categoryRows, authorRows, tagRows, articleCount, editionRows] = await Promise.all([
    listCategoriesForSeo(db, now),
    listAuthorsForSeo(db, now),
    listTagsForSeo(db, now),
    countPublished(db, now),
    listEditionsForSeo(db, now),
  ]);
  const fixed = [
    ...STATIC_ENTRIES.map((e) => ({
      xml: `<url><loc>${xml(absolute(e.path))}</loc><changefreq>${e.changefreq}</changefreq><priority>${e.priority}</priority></url>`,
      lastmod: null as Date | null,
    })),
    ...categoryRows.map((c) => ({
      xml: listEntry(absolute, categoryPath(c.slug), c.lastPublishedAt),
      lastmod: c.lastPublishedAt,
    })),
    ...authorRows.map((a) => ({
      xml: listEntry(absolute, authorPath(a.slug), a.lastPublishedAt),
      lastmod: a.lastPublishedAt,
    })),
    ...tagRows.map((t) => ({
      xml: listEntry(absolute, tagSlugPath(t.slug), t.lastPublishedAt),
      lastmod: t.lastPublishedAt,
    })),
    // Edition pages (issue 65 item 3).
    ...editionRows.map((e) => ({
      xml: listEntry(absolute, e.path, e.lastPublishedAt),
      lastmod: e.lastPublishedAt,
    })),
  ];
  const total = fixed.length + articleCount;
  const files = Math.max(1, Math.ceil(total / perFile));
  /** File `index`'s share: its fixed entries and the articles' offset and count. */
  const share = (index: number) => {
    const start = index * perFile;
    const end = Math.min(total, start + perFile);
    const own = fixed.slice(start, end);
    const offset = Math.max(0, start - fixed.length);
    return { own, offset, limit: end - start - own.length };
  };
  return { files, share };
}

type FileShare = ReturnType<Awaited<ReturnType<typeof sitemapPlan>>['share']>;

/** The newest lastmod of a file: its list pages' and its articles' latest change. */
async function lastmodOfFile(db: Db, share: FileShare, now: Date): Promise<Date | undefined> {
  const times = share.own.flatMap((e) => (e.lastmod ? [e.lastmod.getTime()] : []));
  if (share.limit > 0) {
    const last = await lastChangeOfPublished(db, {
      now,
      offset: share.offset,
      limit: share.limit,
    });
    if (last) times.push(new Date(last).getTime());
  }
  return times.length ? new Date(Math.max(...times)) : undefined;
}

/** The sitemap index: one entry per file, with the file's newest change. */
async function sitemapIndex(
  db: Db,
  { absolute }: SiteAddresses,
  plan: Awaited<ReturnType<typeof sitemapPlan>>,
  now: Date,
): Promise<string> {
  const parts = await Promise.all(
    Array.from({ length: plan.files }, async (_, i) => {
      const lastmod = await lastmodOfFile(db, plan.share(i), now);
      return (
        `<sitemap><loc>${xml(absolute(`/sitemap-${i + 1}.xml`))}</loc>` +
        (lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '') +
        `</sitemap>`
      );
    }),
  );
  return (
    XML_DECLARATION +
    STYLESHEET +
    `<sitemapindex xmlns="${SITEMAP_NS}">\n` +
    parts.join('\n') +
    '\n</sitemapindex>\n'
  );
}

/**
 * One urlset file of the sitemap. The articles a slice at a time: the embedded engine's memory
 * grows to hold the largest result it ever sent (and never shrinks), and other queries run
 * between the slices. Each slice is written out as UTF-8 at once, so the whole document never
 * exists as one JavaScript string (two bytes a character once a Hindi title is in it).
 */
async function urlsetFile(
  db: Db,
  addresses: SiteAddresses,
  { own, offset, limit }: FileShare,
  uiLanguage: UiLanguage,
  now: Date,
): Promise<Buffer> {
  const parts = [URLSET_HEAD, ...own.map((e) => `${e.xml}\n`)].map((text) => Buffer.from(text));
  for (let done = 0; done < limit; done += SITEMAP_SLICE) {
    const rows = await listPublishedForSeo(db, {
      limit: Math.min(SITEMAP_SLICE, limit - done),
      offset: offset + done,
      now,
      withBodyImages: true,
    });
    parts.push(
      Buffer.from(rows.map((row) => `${urlEntry(row, uiLanguage, addresses)}\n`).join('')),
    );
  }
  parts.push(Buffer.from(URLSET_TAIL));
  return Buffer.concat(parts);
}

export function sitemaps(
  { db, clock, settings, sitemapMaxUrls }: SeoDeps,
  addresses: SiteAddresses,
) {
  const perFile = sitemapMaxUrls ?? SITEMAP_MAX_URLS;
  const { absolute } = addresses;
  return {
    /**
     * The live sitemap (DECISIONS.md §6, issue 12 item 6). Up to 50,000 addresses it is one
     * urlset at /sitemap.xml; past that, /sitemap.xml is an index of /sitemap-{n}.xml files.
     * `part` asks for one of those files, which exist only while the index lists them.
     */
    async sitemap(part?: number): Promise<string | Buffer> {
      const now = clock.now();
      const plan = await sitemapPlan(db, absolute, perFile, now);
      const { files } = plan;
      if (part === undefined && files > 1) return sitemapIndex(db, addresses, plan, now);
      // /sitemap-1.xml while one file holds everything would be a second address of it.
      if (part !== undefined && (files === 1 || part < 1 || part > files))
        throw notFound('sitemap.not_found');
      const { uiLanguage } = await settings.get();
      return urlsetFile(db, addresses, plan.share((part ?? 1) - 1), uiLanguage, now);
    },

    /**
     * Google News sitemap: articles of the last 2 days and live blogs still live however old,
     * at most 1,000 (never empty).
     */
    async newsSitemap(): Promise<string> {
      const now = clock.now();
      const { siteName } = await settings.get();
      let rows = await listPublishedForSeo(db, {
        limit: NEWS_MAX,
        offset: 0,
        now,
        since: new Date(now.getTime() - NEWS_DAYS * 86_400_000),
        orLive: true,
      });
      // The schema wants at least one <url>: a quiet site lists its newest story (Google News
      // passes over an older one), a site without stories its home page.
      if (rows.length === 0) rows = await listPublishedForSeo(db, { limit: 1, offset: 0, now });
      const entries = rows.map(
        (row) =>
          `<url><loc>${xml(absolute(articlePath(row)))}</loc><news:news><news:publication><news:name>${xml(siteName)}</news:name>` +
          `<news:language>${row.language}</news:language></news:publication>` +
          `<news:publication_date>${row.publishedAt.toISOString()}</news:publication_date><news:title>${xml(row.name)}</news:title></news:news></url>`,
      );
      return (
        XML_DECLARATION +
        STYLESHEET +
        `<urlset xmlns="${SITEMAP_NS}" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">\n` +
        (entries.length ? entries : [`<url><loc>${xml(absolute('/'))}</loc></url>`]).join('\n') +
        '\n</urlset>\n'
      );
    },
  };
}
