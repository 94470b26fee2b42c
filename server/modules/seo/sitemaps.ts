/*
 * The sitemaps (DECISIONS.md §6, SPEC.md §9, issue 12 item 6; at any size: issue 71 item 4,
 * docs/decisions/068). Up to SITEMAP_MAX_URLS addresses, /sitemap.xml is one file. Past that it
 * is an index of files that each hold at most that many and are read without a walk of the
 * archive: /sitemap-pages-{n}.xml (the static and list pages), then a file per month of
 * publication, oldest first (/sitemap-{YYYY}-{MM}.xml, and -2, -3… when a month has more
 * stories than a file holds). A month's file keeps its stories as the months go by: only the
 * newest changes when a story is published. The Google News sitemap lists the last 48 hours.
 */
import { articlePath, authorPath, categoryPath, tagSlugPath } from '../../../common/paths';
import type { UiLanguage } from '../../../common/settings';
import type { Db } from '../../../db/client';
import { notFound } from '../../lib/errors';
import type { SeoDeps, SiteAddresses } from './seo-deps';
import { listPublishedForSeo, type SeoListOptions } from './seo-repository';
import {
  listEntry,
  SITEMAP_NS,
  STATIC_ENTRIES,
  STYLESHEET,
  URLSET_HEAD,
  URLSET_TAIL,
  urlEntry,
} from './sitemap-entries';
import {
  afterKey,
  beforeKey,
  countInMonth,
  countPublishedUpTo,
  keyBeforeInMonth,
  listAuthorsForSeo,
  listCategoriesForSeo,
  listEditionsForSeo,
  listTagsForSeo,
  monthRange,
  publishedMonths,
  type ExactKey,
  type Month,
} from './sitemap-repository';
import { xml, XML_DECLARATION } from './xml';

/** sitemaps.org: at most 50,000 addresses in one file, then a sitemap index. */
export const SITEMAP_MAX_URLS = 50_000;
/** Articles read per query while writing a sitemap file. */
const SITEMAP_SLICE = 1000;
/** Google News: at most 1,000 addresses, of the last two days. */
const NEWS_MAX = 1000;
export const NEWS_HOURS = 48;

/** A file of the index: a share of the list pages, or a part of a month's stories. */
export type SitemapPart = { pages: number } | { month: Month; part: number };

/** The file an address names (`pages-2`, `2019-06`, `2019-06-2`), or undefined. */
export function parseSitemapPart(text: string): SitemapPart | undefined {
  const pages = /^pages-([1-9]\d{0,4})$/.exec(text);
  if (pages) return { pages: Number(pages[1]) };
  const month = /^(\d{4}-(?:0[1-9]|1[0-2]))(?:-([2-9]|[1-9]\d{1,4}))?$/.exec(text);
  if (month) return { month: month[1]!, part: Number(month[2] ?? 1) };
  return undefined;
}

const partName = (p: SitemapPart) =>
  'pages' in p ? `pages-${p.pages}` : p.part === 1 ? p.month : `${p.month}-${p.part}`;

type Fixed = { xml: string; lastmod: Date | null };

/** The static pages and every list page with a story, in the sitemap's order. */
async function fixedEntries(db: Db, absolute: SiteAddresses['absolute'], now: Date) {
  const [categoryRows, authorRows, tagRows, editionRows] = await Promise.all([
    listCategoriesForSeo(db, now),
    listAuthorsForSeo(db, now),
    listTagsForSeo(db, now),
    listEditionsForSeo(db, now),
  ]);
  const list = (path: string, at: Date | null): Fixed => ({
    xml: listEntry(absolute, path, at),
    lastmod: at,
  });
  return [
    ...STATIC_ENTRIES.map((e) => ({
      xml: `<url><loc>${xml(absolute(e.path))}</loc><changefreq>${e.changefreq}</changefreq><priority>${e.priority}</priority></url>`,
      lastmod: null,
    })),
    ...categoryRows.map((c) => list(categoryPath(c.slug), c.lastPublishedAt)),
    ...authorRows.map((a) => list(authorPath(a.slug), a.lastPublishedAt)),
    ...tagRows.map((t) => list(tagSlugPath(t.slug), t.lastPublishedAt)),
    // Edition pages (issue 65 item 3).
    ...editionRows.map((e) => list(e.path, e.lastPublishedAt)),
  ];
}

const newestOf = (dates: (Date | null)[]) => {
  const times = dates.flatMap((d) => (d ? [d.getTime()] : []));
  return times.length ? new Date(Math.max(...times)) : undefined;
};

/** The sitemap index: the list pages' files, then each month's, oldest first. */
async function sitemapIndex(
  db: Db,
  absolute: SiteAddresses['absolute'],
  fixed: Fixed[],
  perFile: number,
  now: Date,
): Promise<string> {
  const files: { part: SitemapPart; lastmod: Date | undefined }[] = [];
  for (let n = 1; (n - 1) * perFile < fixed.length; n++)
    files.push({
      part: { pages: n },
      lastmod: newestOf(fixed.slice((n - 1) * perFile, n * perFile).map((f) => f.lastmod)),
    });
  for (const m of await publishedMonths(db, now))
    for (let part = 1; (part - 1) * perFile < m.n; part++)
      files.push({ part: { month: m.month, part }, lastmod: m.lastmod });
  const entries = files.map(
    (f) =>
      `<sitemap><loc>${xml(absolute(`/sitemap-${partName(f.part)}.xml`))}</loc>` +
      (f.lastmod ? `<lastmod>${f.lastmod.toISOString()}</lastmod>` : '') +
      `</sitemap>`,
  );
  return (
    XML_DECLARATION +
    STYLESHEET +
    `<sitemapindex xmlns="${SITEMAP_NS}">\n` +
    entries.join('\n') +
    '\n</sitemapindex>\n'
  );
}

/**
 * A urlset: `own` entries, then up to `limit` stories read a slice at a time, each slice from
 * the exact key the last one ended at (an OFFSET would walk every story before it). The
 * embedded engine's memory grows to hold the largest result it ever sent, and other queries
 * run between the slices; each slice is written out as UTF-8 at once, so the whole document
 * never exists as one JavaScript string.
 */
async function urlsetFile(
  db: Db,
  addresses: SiteAddresses,
  uiLanguage: UiLanguage,
  own: Fixed[],
  stories: { limit: number; start?: ExactKey; read: Omit<SeoListOptions, 'limit' | 'offset'> },
): Promise<Buffer> {
  const parts = [URLSET_HEAD, ...own.map((e) => `${e.xml}\n`)].map((text) => Buffer.from(text));
  const past = stories.read.ascending ? afterKey : beforeKey;
  let key = stories.start;
  for (let done = 0; done < stories.limit;) {
    const rows = await listPublishedForSeo(db, {
      ...stories.read,
      limit: Math.min(SITEMAP_SLICE, stories.limit - done),
      offset: 0,
      past: past(key),
      withBodyImages: true,
    });
    if (rows.length === 0) break;
    done += rows.length;
    const last = rows.at(-1)!;
    key = { at: last.exactAt, id: last.id };
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
  /** A month's part `part`: its stories from the (part-1)×perFile-th on, oldest first. */
  const monthFile = async (now: Date, month: Month, part: number) => {
    const skip = (part - 1) * perFile;
    if ((await countInMonth(db, now, month, skip + 1)) <= skip) throw notFound('sitemap.not_found');
    const start = skip > 0 ? await keyBeforeInMonth(db, { now, month, skip }) : undefined;
    const { from, to } = monthRange(month);
    const { uiLanguage } = await settings.get();
    return urlsetFile(db, addresses, uiLanguage, [], {
      limit: perFile,
      start,
      read: { now, since: from, until: to, ascending: true },
    });
  };
  return {
    /**
     * The live sitemap: one urlset while everything fits in one file, else the index; `part`
     * names one of the index's files (`pages-1`, `2019-06`, `2019-06-2`), which exist only
     * while the index lists them.
     */
    async sitemap(part?: string): Promise<string | Buffer> {
      const now = clock.now();
      const fixed = await fixedEntries(db, absolute, now);
      const room = perFile - fixed.length;
      const one = room >= 0 && (await countPublishedUpTo(db, now, room + 1)) <= room;
      if (part === undefined) {
        if (!one) return sitemapIndex(db, absolute, fixed, perFile, now);
        const { uiLanguage } = await settings.get();
        // Everything in one file: the list pages, then the stories newest first.
        return urlsetFile(db, addresses, uiLanguage, fixed, { limit: room, read: { now } });
      }
      const file = parseSitemapPart(part);
      if (!file || one) throw notFound('sitemap.not_found');
      if ('month' in file) return monthFile(now, file.month, file.part);
      const own = fixed.slice((file.pages - 1) * perFile, file.pages * perFile);
      if (own.length === 0) throw notFound('sitemap.not_found');
      return Buffer.concat(
        [URLSET_HEAD, ...own.map((e) => `${e.xml}\n`), URLSET_TAIL].map((t) => Buffer.from(t)),
      );
    },

    /**
     * Google News sitemap: the stories published in the last 48 hours, newest first, at most
     * 1,000 (Google's rules: https://developers.google.com/search/docs/crawling-indexing/sitemaps/news-sitemap).
     */
    async newsSitemap(): Promise<string> {
      const now = clock.now();
      const { siteName } = await settings.get();
      const rows = await listPublishedForSeo(db, {
        limit: NEWS_MAX,
        offset: 0,
        now,
        since: new Date(now.getTime() - NEWS_HOURS * 3_600_000),
      });
      const entries = rows.map(
        (row) =>
          `<url><loc>${xml(absolute(articlePath(row)))}</loc><news:news><news:publication><news:name>${xml(siteName)}</news:name>` +
          `<news:language>${row.language}</news:language></news:publication>` +
          `<news:publication_date>${row.publishedAt.toISOString()}</news:publication_date><news:title>${xml(row.name)}</news:title></news:news></url>`,
      );
      // The schema wants at least one <url>: a quiet two days list the home page (no story
      // older than two days belongs in a news sitemap).
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
