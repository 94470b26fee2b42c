import { CARD_EXCERPT_LENGTH } from '../../../common/articles';
import { articlePath, categoryPath, PAGE_SEGMENTS, SERVER_SEGMENTS } from '../../../common/paths';
import { hreflangLinks } from '../../../common/hreflang';
import type { UiLanguage } from '../../../common/settings';
import { htmlExcerpt } from '../../../common/text';
import type { Db } from '../../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import type { SettingsService } from '../settings/settings-service';
import { countPublished, listPublishedForSeo } from './seo-repository';
import { xml } from './xml';

/** sitemaps.org: at most 50,000 addresses in one file, then a sitemap index. */
export const SITEMAP_MAX_URLS = 50_000;
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

type SeoRow = Awaited<ReturnType<typeof listPublishedForSeo>>[number];

const rfc822 = (date: Date) => date.toUTCString();

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
  publicUrl: string;
  sitemapMaxUrls?: number;
}) {
  const { db, clock, settings, categories, publicUrl } = deps;
  const perFile = deps.sitemapMaxUrls ?? SITEMAP_MAX_URLS;
  const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : `${publicUrl}${path}`);

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

  const urlEntry = (row: SeoRow, uiLanguage: UiLanguage) => {
    const image = row.imageUrl
      ? `<image:image><image:loc>${xml(absolute(row.imageUrl))}</image:loc><image:title>${xml(row.name)}</image:title></image:image>`
      : '';
    // The sitemap schema wants other namespaces' elements after priority.
    return (
      `<url><loc>${xml(absolute(articlePath(row)))}</loc><lastmod>${(row.updatedAt ?? row.createdAt).toISOString()}</lastmod>` +
      `<changefreq>weekly</changefreq><priority>0.8</priority>${image}${alternates(row, uiLanguage)}</url>`
    );
  };

  const urlset = (entries: string[]) =>
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    entries.join('\n') +
    '\n</urlset>\n';

  return {
    /**
     * The live sitemap (DECISIONS.md §6). Up to 50,000 addresses it is one urlset; past that,
     * /sitemap.xml is an index of /sitemap-{n}.xml files. `part` asks for one of those files.
     */
    async sitemap(part?: number): Promise<string> {
      const now = clock.now();
      const total = STATIC_ENTRIES.length + (await countPublished(db, now));
      const files = Math.max(1, Math.ceil(total / perFile));
      if (part === undefined && files > 1) {
        const lastmod = now.toISOString();
        return (
          '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
          Array.from(
            { length: files },
            (_, i) =>
              `<sitemap><loc>${xml(absolute(`/sitemap-${i + 1}.xml`))}</loc><lastmod>${lastmod}</lastmod></sitemap>`,
          ).join('\n') +
          '\n</sitemapindex>\n'
        );
      }
      const index = (part ?? 1) - 1;
      if (index < 0 || index >= files) throw notFound('No such sitemap.');
      // The static entries open the first file; articles fill the rest in published order.
      const statics =
        index === 0
          ? STATIC_ENTRIES.map(
              (e) =>
                `<url><loc>${xml(absolute(e.path))}</loc><changefreq>${e.changefreq}</changefreq><priority>${e.priority}</priority></url>`,
            )
          : [];
      const offset = Math.max(0, index * perFile - STATIC_ENTRIES.length);
      const limit = perFile - statics.length;
      const [rows, { uiLanguage }] = await Promise.all([
        listPublishedForSeo(db, { limit, offset, now }),
        settings.get(),
      ]);
      return urlset([...statics, ...rows.map((row) => urlEntry(row, uiLanguage))]);
    },

    /** Google News sitemap: articles of the last 2 days, at most 1,000. */
    async newsSitemap(): Promise<string> {
      const now = clock.now();
      const { siteName } = await settings.get();
      const rows = await listPublishedForSeo(db, {
        limit: NEWS_MAX,
        offset: 0,
        now,
        since: new Date(now.getTime() - NEWS_DAYS * 86_400_000),
      });
      const entries = rows.map(
        (row) =>
          `<url><loc>${xml(absolute(articlePath(row)))}</loc><news:news><news:publication><news:name>${xml(siteName)}</news:name>` +
          `<news:language>${row.language}</news:language></news:publication>` +
          `<news:publication_date>${row.publishedAt.toISOString()}</news:publication_date><news:title>${xml(row.name)}</news:title></news:news></url>`,
      );
      return (
        '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">\n' +
        entries.join('\n') +
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
      const now = clock.now();
      const site = await settings.get();
      const category = categorySlug ? await categories.findBySlug(categorySlug) : undefined;
      if (categorySlug && !category) throw notFound('Category not found.');
      const rows = await listPublishedForSeo(db, {
        limit: FEED_SIZE,
        offset: 0,
        now,
        ...(category ? { categoryId: category._id } : {}),
      });
      const self = absolute(category ? `${categoryPath(category.slug)}/feed.xml` : '/feed.xml');
      const link = absolute(category ? categoryPath(category.slug) : '/');
      const title = category ? `${category.name} | ${site.siteName}` : site.siteName;
      const description = category?.description || `Latest stories from ${site.siteName}`;
      const items = rows.map((row) => {
        const url = absolute(articlePath(row));
        return (
          `<item><title>${xml(row.name)}</title><link>${xml(url)}</link><guid isPermaLink="true">${xml(url)}</guid>` +
          `<pubDate>${rfc822(row.publishedAt)}</pubDate>` +
          (row.categoryName ? `<category>${xml(row.categoryName)}</category>` : '') +
          `<description>${xml(htmlExcerpt(row.bodyHead.replace(/<[^>]*$/, ''), CARD_EXCERPT_LENGTH))}</description>` +
          (row.imageUrl
            ? `<enclosure url="${xml(absolute(row.imageUrl))}" type="${/\.png$/.test(row.imageUrl) ? 'image/png' : 'image/jpeg'}" length="0"/>`
            : '') +
          `</item>`
        );
      });
      const lastBuild = rows[0]?.publishedAt ?? now;
      return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">\n<channel>' +
        `<title>${xml(title)}</title><link>${xml(link)}</link><description>${xml(description)}</description>` +
        `<language>hi-IN</language><lastBuildDate>${rfc822(lastBuild)}</lastBuildDate>` +
        `<atom:link href="${xml(self)}" rel="self" type="application/rss+xml"/>\n` +
        items.join('\n') +
        '\n</channel>\n</rss>\n'
      );
    },
  };
}
export type SeoService = ReturnType<typeof createSeoService>;
