/* RSS 2.0 feeds of the site, of a category, of an author (SPEC.md §9) and of a tag. */
import { CARD_EXCERPT_LENGTH, type Language } from '../../../common/articles';
import { shownCategoryName } from '../../../common/category-names';
import {
  articlePath,
  authorPath,
  categoryPath,
  SERVER_SEGMENTS,
  tagSlugPath,
} from '../../../common/paths';
import type { SiteSettings } from '../../../common/settings';
import type { Correction } from '../../../common/schemas/corrections';
import { htmlExcerpt } from '../../../common/text';
import { inBylineOrder } from '../../../db/schema/content';
import { notFound } from '../../lib/errors';
import type { SeoDeps, SiteAddresses } from './seo-deps';
import { listPublishedForSeo } from './seo-repository';
import { xml, XML_DECLARATION } from './xml';
import { correctionLines } from './feed-corrections';

const FEED_SIZE = 20;

type FeedRow = Awaited<ReturnType<typeof listPublishedForSeo>>[number];

const rfc822 = (date: Date) => date.toUTCString();

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

/** The RSS category domain that marks a live blog's item. */
export const LIVE_CATEGORY_DOMAIN = 'https://schema.org/LiveBlogPosting';
/** What names an item's editions (issue 65) among its categories: their slugs. */
export const EDITION_CATEGORY_DOMAIN = 'https://patrika.example/ns/edition';

/**
 * Who a story is by, as its page says it: every byline, then the agency's credit; the
 * publication for a story with neither (as its JSON-LD).
 */
function creatorsOf(row: FeedRow, site: SiteSettings): string[] {
  const names = [
    ...(row.authorName !== null ? [row.authorName] : []),
    ...inBylineOrder(row.coAuthors).map((a) => a.name),
    ...(row.credit ? [row.credit] : []),
  ];
  return names.length > 0 ? names : [site.siteName];
}

/** One story of a feed: its excerpt, and its whole body when the site gives full text. */
function feedItem(
  row: FeedRow,
  site: SiteSettings,
  { absolute, absoluteLinks }: SiteAddresses,
  corrections: readonly Correction[] = [],
) {
  const url = absolute(articlePath(row));
  const corrected = correctionLines(corrections);
  return (
    `<item><title>${xml(row.name)}</title><link>${xml(url)}</link><guid isPermaLink="true">${xml(url)}</guid>` +
    `<pubDate>${rfc822(row.publishedAt)}</pubDate>` +
    creatorsOf(row, site)
      .map((name) => `<dc:creator>${xml(name)}</dc:creator>`)
      .join('') +
    (row.categoryName !== null
      ? `<category>${xml(shownCategoryName({ name: row.categoryName, nameHi: row.categoryNameHi ?? '', nameEn: row.categoryNameEn ?? '' }, site.uiLanguage))}</category>`
      : '') +
    // The editions it circulates to (issue 65), by slug, for readers that sort by place.
    [...row.editionSlugs]
      .sort()
      .map((slug) => `<category domain="${EDITION_CATEGORY_DOMAIN}">${xml(slug)}</category>`)
      .join('') +
    // A live blog still being written says so (issue 25 item 1), for readers that sort by it.
    (row.liveBlog ? `<category domain="${LIVE_CATEGORY_DOMAIN}">live</category>` : '') +
    // Its corrections on the record follow its words (issue 43 item 3).
    `<description>${xml(htmlExcerpt(row.bodyHead.replace(/<[^>]*$/, ''), CARD_EXCERPT_LENGTH) + corrected.text)}</description>` +
    (site.feedFullText
      ? `<content:encoded>${xml(absoluteLinks(row.body) + corrected.html)}</content:encoded>`
      : '') +
    // An enclosure states the file's length: only an upload here has one we know.
    (row.imageBytes !== null && row.imageMimeType
      ? `<enclosure url="${xml(absolute(row.imageUrl))}" length="${row.imageBytes}" type="${xml(row.imageMimeType)}"/>`
      : '') +
    `</item>`
  );
}

/** Which stories a feed lists: a category's (and those under it), an author's, a tag's, an edition's. */
type FeedFilter =
  { categoryIds: string[] } | { authorId: string } | { tagId: string } | { editionId: string };

/** What an edition's feed asks of the feeds' maker (the list filtered to the edition). */
type EditionRss = (opts: {
  path: string;
  title: string;
  description: string;
  site: SiteSettings;
  filter: { editionId: string };
}) => Promise<string>;

/** RSS 2.0 of an edition's latest 20 stories (/local/{state}/{city}/feed.xml, issue 65). */
const editionFeedOf =
  (rss: EditionRss, settings: SeoDeps['settings']) =>
  async (edition: { _id: string; path: string; name: string }): Promise<string> => {
    const site = await settings.get();
    const title = `${edition.name} | ${site.siteName}`;
    return rss({
      path: edition.path,
      title,
      description: '',
      site,
      filter: { editionId: edition._id },
    });
  };

/** The feed of the page at `path` (its address plus /feed.xml), newest first. */
function rssMaker({ db, clock, articles }: SeoDeps, addresses: SiteAddresses) {
  const { absolute } = addresses;
  return async (opts: {
    path: string;
    title: string;
    description: string;
    site: SiteSettings;
    filter?: FeedFilter;
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
    const corrections = await articles.correctionsByArticle(rows.map((row) => row.id));
    const items = rows.map((row) => feedItem(row, site, addresses, corrections.get(row.id)));
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
}

export function feeds(deps: SeoDeps, addresses: SiteAddresses) {
  const { settings, categories, users, articles } = deps;
  const rss = rssMaker(deps, addresses);

  return {
    /** The feed address of a renamed category, for a 301 from its old one. */
    async movedCategoryFeed(slug: string): Promise<string | undefined> {
      if (await categories.findBySlug(slug)) return undefined;
      const current = await categories.currentSlugFor(slug);
      return current && `${categoryPath(current)}/feed.xml`;
    },

    /** RSS 2.0 of the latest 20 articles, of the site or of one category. */
    async feed(categorySlug?: string): Promise<string> {
      const site = await settings.get();
      const category = categorySlug ? await categories.findBySlug(categorySlug) : undefined;
      if (categorySlug && !category) throw notFound('category.not_found');
      if (!category) return rss({ path: '/', title: site.siteName, description: '', site });
      // A category's feed is its page's list: its own stories and those of the ones under it.
      const children = await categories.childIds(category._id);
      return rss({
        path: categoryPath(category.slug),
        title: `${shownCategoryName(category, site.uiLanguage)} | ${site.siteName}`,
        description: category.description,
        site,
        filter: { categoryIds: [category._id, ...children] },
      });
    },

    /** RSS 2.0 of a tag's latest 20 articles (/tag/{slug}/feed.xml, issue 26 item 5). */
    async tagFeed(slug: string): Promise<string> {
      const [site, tag] = await Promise.all([settings.get(), articles.tagBySlug(slug)]);
      if (!tag) throw notFound('tag.not_found');
      return rss({
        path: tagSlugPath(tag.slug),
        title: `${tag.name} | ${site.siteName}`,
        description: '',
        site,
        filter: { tagId: tag._id },
      });
    },

    editionFeed: editionFeedOf(rss, settings),
    /** RSS 2.0 of an author's latest 20 articles (/author/{slug}/feed.xml). */
    async authorFeed(slug: string): Promise<string> {
      const [site, author] = await Promise.all([settings.get(), users.authorBySlug(slug)]);
      if (!author) throw notFound('author.not_found');
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
