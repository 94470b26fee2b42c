import { CARD_EXCERPT_LENGTH, type Language } from '../../../common/articles';
import {
  articlePath,
  authorPath,
  categoryPath,
  PAGE_SEGMENTS,
  SERVER_SEGMENTS,
} from '../../../common/paths';
import { hreflangLinks } from '../../../common/hreflang';
import type { SiteSettings, UiLanguage } from '../../../common/settings';
import { decodeEntities, htmlExcerpt } from '../../../common/text';
import type { Db } from '../../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import type { SettingsService } from '../settings/settings-service';
import {
  countPublished,
  lastChangeOfPublished,
  listAuthorsForSeo,
  listCategoriesForSeo,
  listPublishedForSeo,
} from './seo-repository';
import { xml } from './xml';

/** sitemaps.org: at most 50,000 addresses in one file, then a sitemap index. */
export const SITEMAP_MAX_URLS = 50_000;
/** Articles read per query while writing a sitemap file. */
const SITEMAP_SLICE = 1000;
/** Google reads at most 1,000 image entries for one address. */
const IMAGES_PER_URL = 1000;
const NEWS_MAX = 1000;
const NEWS_DAYS = 2;
const FEED_SIZE = 20;

/** SPEC.md §9 static entries. */
const STATIC_ENTRIES = [
  { path: '/', changefreq: 'daily', priority: '1.0' },
  { path: '/contact-us', changefreq: 'yearly', priority: '0.5' },
  { path: '/about-us', changefreq: 'yearly', priority: '0.5' },
  { path: '/privacy-policy', changefreq: 'yearly', priority: '0.5' },
  { path: '/disclaimer', changefreq: 'yearly', priority: '0.5' },
];

/** First path segments no crawler needs: they only answer a signed-in person or a program. */
const CRAWLERS_KEEP_OUT = [PAGE_SEGMENTS.admin, SERVER_SEGMENTS.api, PAGE_SEGMENTS.profile];

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
/** Every sitemap names the stylesheet that shows it to a person as a table (issue 12 item 6). */
const STYLESHEET = `<?xml-stylesheet type="text/xsl" href="/${SERVER_SEGMENTS.sitemapStyle}"?>\n`;
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

type SeoRow = Awaited<ReturnType<typeof listPublishedForSeo>>[number];

const rfc822 = (date: Date) => date.toUTCString();

/** The value of one attribute of an HTML tag the sanitiser wrote (double-quoted, escaped). */
function attribute(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag);
  return m?.[1] === undefined ? undefined : decodeEntities(m[1]);
}

/**
 * The language most of these stories are written in; the interface's when they are evenly
 * split or there are none (a feed states one language for all its items).
 */
export function mainLanguage(rows: { language: Language }[], fallback: Language): Language {
  const counts = new Map<Language, number>();
  for (const row of rows) counts.set(row.language, (counts.get(row.language) ?? 0) + 1);
  const best = Math.max(0, ...counts.values());
  const leaders = [...counts].filter(([, n]) => n === best).map(([language]) => language);
  return leaders.length === 1 ? (leaders[0] as Language) : fallback;
}

export function createSeoService(deps: {
  db: Db;
  clock: Clock;
  settings: Pick<SettingsService, 'get'>;
  categories: {
    findBySlug(
      slug: string,
    ): Promise<{ _id: string; slug: string; name: string; description: string } | undefined>;
    currentSlugFor(formerSlug: string): Promise<string | undefined>;
  };
  users: {
    authorBySlug(slug: string): Promise<{ _id: string; name: string; bio: string } | undefined>;
  };
  publicUrl: string;
  sitemapMaxUrls?: number;
}) {
  const { db, clock, settings, categories, users, publicUrl } = deps;
  const perFile = deps.sitemapMaxUrls ?? SITEMAP_MAX_URLS;
  const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : `${publicUrl}${path}`);

  /** An address in a page's HTML, absolute; undefined for what no crawler can fetch. */
  const absoluteFromHtml = (src: string): string | undefined => {
    try {
      const url = new URL(src, `${publicUrl}/`);
      return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
    } catch {
      return undefined;
    }
  };

  /**
   * An article and its published translation as hreflang alternates, each naming both and the
   * x-default (the one in the interface's language), as the article pages do (issue 10 item 7).
   */
  const alternates = (row: SeoRow, uiLanguage: UiLanguage) => {
    if (!row.translationSlug || !row.translationLanguage) return '';
    const versions = {
      [row.language]: absolute(articlePath(row)),
      [row.translationLanguage]: absolute(
        articlePath({ slug: row.translationSlug, categorySlug: row.translationCategorySlug }),
      ),
    };
    return hreflangLinks(versions, uiLanguage)
      .map((l) => `<xhtml:link rel="alternate" hreflang="${l.hreflang}" href="${xml(l.href)}"/>`)
      .join('');
  };

  /**
   * The article's image (titled with the headline), then the images of its body (captioned
   * with their alt text), each once, at most IMAGES_PER_URL.
   */
  const imageEntries = (row: SeoRow) => {
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
  };

  const urlEntry = (row: SeoRow, uiLanguage: UiLanguage) =>
    // The sitemap schema wants other namespaces' elements after priority.
    `<url><loc>${xml(absolute(articlePath(row)))}</loc><lastmod>${(row.updatedAt ?? row.createdAt).toISOString()}</lastmod>` +
    `<changefreq>weekly</changefreq><priority>0.8</priority>${imageEntries(row)}${alternates(row, uiLanguage)}</url>`;

  /** A list page (category, author): it changes when it gains a story. */
  const listEntry = (path: string, lastPublishedAt: Date | null) =>
    `<url><loc>${xml(absolute(path))}</loc>` +
    (lastPublishedAt ? `<lastmod>${lastPublishedAt.toISOString()}</lastmod>` : '') +
    `<changefreq>daily</changefreq><priority>0.6</priority></url>`;

  /** A urlset's opening (each entry then ends with a line break) and its end. */
  const urlsetHead =
    XML_DECLARATION +
    STYLESHEET +
    `<urlset xmlns="${SITEMAP_NS}" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;
  const urlsetTail = '</urlset>\n';

  /**
   * What the sitemap holds, in its order: the static pages, the categories, the authors, then
   * the articles newest first. All but the articles are few and read whole; the articles are
   * counted, and read a file's share at a time.
   */
  async function sitemapPlan(now: Date) {
    const [categoryRows, authorRows, articleCount] = await Promise.all([
      listCategoriesForSeo(db, now),
      listAuthorsForSeo(db, now),
      countPublished(db, now),
    ]);
    const fixed = [
      ...STATIC_ENTRIES.map((e) => ({
        xml: `<url><loc>${xml(absolute(e.path))}</loc><changefreq>${e.changefreq}</changefreq><priority>${e.priority}</priority></url>`,
        lastmod: null as Date | null,
      })),
      ...categoryRows.map((c) => ({
        xml: listEntry(categoryPath(c.slug), c.lastPublishedAt),
        lastmod: c.lastPublishedAt,
      })),
      ...authorRows.map((a) => ({
        xml: listEntry(authorPath(a.slug), a.lastPublishedAt),
        lastmod: a.lastPublishedAt,
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

  /** The newest lastmod of file `index`: its list pages' and its articles' latest change. */
  async function lastmodOfFile(
    share: ReturnType<Awaited<ReturnType<typeof sitemapPlan>>['share']>,
    now: Date,
  ): Promise<Date | undefined> {
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

  /** The feed of the page at `path` (its address plus /feed.xml), newest first. */
  const rss = async (opts: {
    path: string;
    title: string;
    description: string;
    site: SiteSettings;
    filter?: { categoryId: string } | { authorId: string };
  }) => {
    const now = clock.now();
    const { site } = opts;
    const rows = await listPublishedForSeo(db, {
      limit: FEED_SIZE,
      offset: 0,
      now,
      withBody: site.feedFullText,
      ...opts.filter,
    });
    const self = absolute(`${opts.path === '/' ? '' : opts.path}/${SERVER_SEGMENTS.feed}`);
    const description = opts.description || `Latest stories from ${site.siteName}`;
    const items = rows.map((row) => {
      const url = absolute(articlePath(row));
      return (
        `<item><title>${xml(row.name)}</title><link>${xml(url)}</link><guid isPermaLink="true">${xml(url)}</guid>` +
        `<pubDate>${rfc822(row.publishedAt)}</pubDate>` +
        // The byline: the author, or the publication for a story without one (as its JSON-LD).
        `<dc:creator>${xml(row.authorName ?? site.siteName)}</dc:creator>` +
        (row.categoryName ? `<category>${xml(row.categoryName)}</category>` : '') +
        `<description>${xml(htmlExcerpt(row.bodyHead.replace(/<[^>]*$/, ''), CARD_EXCERPT_LENGTH))}</description>` +
        (site.feedFullText
          ? `<content:encoded>${xml(absoluteLinks(row.body))}</content:encoded>`
          : '') +
        // An enclosure states the file's length: only an upload here has one we know.
        (row.imageBytes !== null && row.imageMimeType
          ? `<enclosure url="${xml(absolute(row.imageUrl))}" length="${row.imageBytes}" type="${xml(row.imageMimeType)}"/>`
          : '') +
        `</item>`
      );
    });
    const lastBuild = rows[0]?.publishedAt ?? now;
    return (
      XML_DECLARATION +
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">\n<channel>' +
      `<title>${xml(opts.title)}</title><link>${xml(absolute(opts.path))}</link><description>${xml(description)}</description>` +
      `<language>${mainLanguage(rows, site.uiLanguage)}</language><lastBuildDate>${rfc822(lastBuild)}</lastBuildDate>` +
      `<atom:link href="${xml(self)}" rel="self" type="application/rss+xml"/>\n` +
      items.join('\n') +
      '\n</channel>\n</rss>\n'
    );
  };

  /** Body HTML for another site: addresses on this site (`/media/…`, `/about-us`) made absolute. */
  const absoluteLinks = (html: string) =>
    html.replace(
      /(\s(?:src|href)=")(\/(?!\/)[^"]*)"/gi,
      (_, before: string, path: string) => `${before}${publicUrl}${path}"`,
    );

  return {
    /**
     * The live sitemap (DECISIONS.md §6, issue 12 item 6). Up to 50,000 addresses it is one
     * urlset at /sitemap.xml; past that, /sitemap.xml is an index of /sitemap-{n}.xml files.
     * `part` asks for one of those files, which exist only while the index lists them.
     */
    async sitemap(part?: number): Promise<string | Buffer> {
      const now = clock.now();
      const { files, share } = await sitemapPlan(now);
      if (part === undefined && files > 1) {
        const parts = await Promise.all(
          Array.from({ length: files }, async (_, i) => {
            const lastmod = await lastmodOfFile(share(i), now);
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
      // /sitemap-1.xml while one file holds everything would be a second address of it.
      if (part !== undefined && (files === 1 || part < 1 || part > files))
        throw notFound('No such sitemap.');
      const { own, offset, limit } = share((part ?? 1) - 1);
      const { uiLanguage } = await settings.get();
      // The articles a slice at a time: the embedded engine's memory grows to hold the largest
      // result it ever sent (and never shrinks), and other queries run between the slices.
      // Each slice is written out as UTF-8 at once, so the whole document never exists as one
      // JavaScript string (two bytes a character once a Hindi title is in it).
      const parts = [urlsetHead, ...own.map((e) => `${e.xml}\n`)].map((text) => Buffer.from(text));
      for (let done = 0; done < limit; done += SITEMAP_SLICE) {
        const rows = await listPublishedForSeo(db, {
          limit: Math.min(SITEMAP_SLICE, limit - done),
          offset: offset + done,
          now,
          withBodyImages: true,
        });
        parts.push(Buffer.from(rows.map((row) => `${urlEntry(row, uiLanguage)}\n`).join('')));
      }
      parts.push(Buffer.from(urlsetTail));
      return Buffer.concat(parts);
    },

    /** Google News sitemap: articles of the last 2 days, at most 1,000 (never empty). */
    async newsSitemap(): Promise<string> {
      const now = clock.now();
      const { siteName } = await settings.get();
      let rows = await listPublishedForSeo(db, {
        limit: NEWS_MAX,
        offset: 0,
        now,
        since: new Date(now.getTime() - NEWS_DAYS * 86_400_000),
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

    /** The feed address of a renamed category, for a 301 from its old one. */
    async movedCategoryFeed(slug: string): Promise<string | undefined> {
      if (await categories.findBySlug(slug)) return undefined;
      const current = await categories.currentSlugFor(slug);
      return current && `${categoryPath(current)}/feed.xml`;
    },

    /**
     * Crawlers stay out of the back office, the API and the profile page, and only them: each
     * rule names a whole first segment (`/admin` itself and what is under `/admin/`), so a
     * category such as `administration` stays open (robots.txt rules are prefixes, RFC 9309;
     * `$` anchors the end).
     */
    robots(): string {
      return [
        'User-agent: *',
        ...CRAWLERS_KEEP_OUT.flatMap((segment) => [
          `Disallow: /${segment}$`,
          `Disallow: /${segment}/`,
        ]),
        '',
        `Sitemap: ${absolute('/sitemap.xml')}`,
        `Sitemap: ${absolute('/news-sitemap.xml')}`,
        '',
      ].join('\n');
    },

    /** RSS 2.0 of the latest 20 articles, of the site or of one category. */
    async feed(categorySlug?: string): Promise<string> {
      const site = await settings.get();
      const category = categorySlug ? await categories.findBySlug(categorySlug) : undefined;
      if (categorySlug && !category) throw notFound('Category not found.');
      if (!category) return rss({ path: '/', title: site.siteName, description: '', site });
      return rss({
        path: categoryPath(category.slug),
        title: `${category.name} | ${site.siteName}`,
        description: category.description,
        site,
        filter: { categoryId: category._id },
      });
    },

    /** RSS 2.0 of an author's latest 20 articles (/author/{slug}/feed.xml). */
    async authorFeed(slug: string): Promise<string> {
      const [site, author] = await Promise.all([settings.get(), users.authorBySlug(slug)]);
      if (!author) throw notFound('Author not found.');
      return rss({
        path: authorPath(slug),
        title: `${author.name} | ${site.siteName}`,
        description: author.bio,
        site,
        filter: { authorId: author._id },
      });
    },
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
