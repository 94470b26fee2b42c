import { WALLED_PART_SELECTOR } from '../../../common/article-access';
import type { Comment } from '../../../common/schemas/comments';
import type { Correction } from '../../../common/schemas/corrections';
import { correctionsOf } from './corrections-data';
import type { MetaDescriptor } from 'react-router';
import { articlePath, authorPath, categoryPath, PAGE_SEGMENTS } from '../../../common/paths';
import type { Article, ArticleCard } from '../../../common/schemas/articles';
import type { Category } from '../../../common/schemas/categories';
import { shownCategoryName, type NamedCategory } from '../../../common/category-names';
import type { SiteSettings, UiLanguage } from '../../../common/settings';
import { sentMediaUrl } from '../../../common/media';
import { absoluteUrl } from './meta';

/*
 * schema.org JSON-LD for Google's rich results (issue 12 item 4): what each type needs is in
 * Google's Search Central docs (Article, Breadcrumb, Logo/Organization, Profile page). The
 * tests in tests/integration/web/structured-data.test.ts check those properties.
 */

export type Thing = Record<string, unknown>;

/** Google shows at most 110 characters of a headline. */
export const HEADLINE_MAX = 110;

/** The square logo the site serves at 512 px (made from the settings' logo, or the built-in). */
export const LOGO_PATH = '/icon-512.png';
export const LOGO_SIZE = 512;

const organizationId = (publicUrl: string) => `${publicUrl}/#organization`;
const websiteId = (publicUrl: string) => `${publicUrl}/#website`;

/** One JSON-LD block as a React Router meta descriptor. */
export const jsonLd = (data: Thing): MetaDescriptor => ({
  'script:ld+json': { '@context': 'https://schema.org', ...data },
});

/** A headline cut on a word boundary to HEADLINE_MAX characters, with an ellipsis when cut. */
export function headline(text: string): string {
  const chars = Array.from(text.trim());
  if (chars.length <= HEADLINE_MAX) return text.trim();
  const cut = chars.slice(0, HEADLINE_MAX - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > HEADLINE_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The publisher: name, address, logo and (as `sameAs`) the social profiles in the settings. */
export function organization(settings: SiteSettings, publicUrl: string): Thing {
  const sameAs = Object.values(settings.social).filter(Boolean);
  return {
    '@type': 'Organization',
    '@id': organizationId(publicUrl),
    name: settings.siteName,
    url: `${publicUrl}/`,
    logo: {
      '@type': 'ImageObject',
      url: `${publicUrl}${LOGO_PATH}`,
      width: LOGO_SIZE,
      height: LOGO_SIZE,
    },
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

/** The site and how to search it: search engines may show a search box for it. */
export function website(settings: SiteSettings, publicUrl: string): Thing {
  return {
    '@type': 'WebSite',
    '@id': websiteId(publicUrl),
    name: settings.siteName,
    alternateName: settings.shortName,
    url: `${publicUrl}/`,
    publisher: { '@id': organizationId(publicUrl) },
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${publicUrl}/${PAGE_SEGMENTS.search}?q={search_term_string}`,
      },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** Home › … › here; the last crumb names the page itself. */
export function breadcrumbs(publicUrl: string, trail: { name: string; path: string }[]): Thing {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: absoluteUrl(publicUrl, crumb.path),
    })),
  };
}

/**
 * The article's images for Google: the 16:9, 4:3 and 1:1 crops when the upload has them, else
 * the image itself (an https address from elsewhere, or an upload whose crops are not made yet).
 */
export function articleImages(
  article: Article,
  publicUrl: string,
  mediaBase?: string | undefined,
): string[] {
  const absolute = (url: string) => absoluteUrl(publicUrl, sentMediaUrl(url, mediaBase));
  const crops = article.image?.crops ?? [];
  if (crops.length > 0) return crops.map((c) => absolute(c.url));
  return article.imageUrl ? [absolute(article.imageUrl)] : [];
}

/**
 * Who wrote it (issue 26 item 4): each byline as a Person with their page, then the agency of
 * its credit as an Organization; the publication when there is neither. One author stays one
 * object, as Google's examples give it; several are a list.
 */
export function articleAuthors(
  article: Pick<Article, 'authors' | 'credit'>,
  settings: SiteSettings,
  publicUrl: string,
): Thing | Thing[] {
  const people: Thing[] = article.authors.map((a) => ({
    '@type': 'Person',
    name: a.name,
    url: `${publicUrl}${authorPath(a.slug)}`,
  }));
  const agency: Thing[] = article.credit ? [{ '@type': 'Organization', name: article.credit }] : [];
  const [first, ...more] = [...people, ...agency];
  if (!first) return { '@type': 'Organization', name: settings.siteName, url: `${publicUrl}/` };
  return more.length === 0 ? first : [first, ...more];
}

/** How many of the first comments the article's JSON-LD names (issue 42 item 1). */
const COMMENTS_IN_JSON_LD = 3;

/** A comment's text from its HTML (escaped text in paragraphs and links: no other markup). */
const commentText = (html: string) =>
  html
    .replace(/<\/p>\s*<p>/g, '\n\n')
    .replace(/<br>/g, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The approved comments' count and the first of them, as schema.org Comments. */
function commentsOf(comments: { total: number; comments: Comment[] } | undefined): Thing {
  if (!comments) return {};
  return {
    commentCount: comments.total,
    ...(comments.comments.length > 0
      ? {
          comment: comments.comments.slice(0, COMMENTS_IN_JSON_LD).map((c) => ({
            '@type': 'Comment',
            text: commentText(c.body),
            dateCreated: c.createdAt,
            ...(c.author ? { author: { '@type': 'Person', name: c.author.name } } : {}),
          })),
        }
      : {}),
  };
}

export function newsArticle(opts: {
  article: Article;
  description: string;
  settings: SiteSettings;
  publicUrl: string;
  /** MEDIA_PUBLIC_URL: where its images are fetched from, when set. */
  mediaBase?: string | undefined;
  /** The first page of approved comments (issue 42): their count and the first few. */
  comments?: { total: number; comments: Comment[] } | undefined;
  corrections?: readonly Correction[] | undefined;
  /** The place it is about, in its language (its primary edition, issue 65 item 3). */
  place?: string | null | undefined;
}): Thing {
  const { article, settings, publicUrl } = opts;
  const url = `${publicUrl}${articlePath(article)}`;
  return {
    '@type': 'NewsArticle',
    headline: headline(article.name),
    description: opts.description,
    image: articleImages(article, publicUrl, opts.mediaBase),
    datePublished: article.publishedAt,
    dateModified: article.updatedAt,
    inLanguage: article.language,
    ...(article.category
      ? { articleSection: shownCategoryName(article.category, settings.uiLanguage) }
      : {}),
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    author: articleAuthors(article, settings, publicUrl),
    publisher: organization(settings, publicUrl),
    ...commentsOf(opts.comments),
    ...accessOf(article),
    ...correctionsOf(opts.corrections),
    ...(opts.place ? { contentLocation: { '@type': 'Place', name: opts.place } } : {}),
  };
}

/**
 * A members' story (issue 39 item 3), as Google's guidance for subscription content asks: not
 * free, and the part readers must be members to read named by its CSS selector (on a member's
 * page it holds the rest of the story, on anyone else's the wall). The same markup for every
 * class, so the page tells search engines the truth whoever it was made for.
 */
function accessOf(article: Pick<Article, 'access'>): Thing {
  if (article.access === 'free') return {};
  return {
    isAccessibleForFree: false,
    hasPart: {
      '@type': 'WebPageElement',
      isAccessibleForFree: false,
      cssSelector: WALLED_PART_SELECTOR,
    },
  };
}

/**
 * A category's or a tag's page: a collection of its articles (this page of them), part of the
 * site.
 */
export function collectionPage(opts: {
  collection: Pick<Category, 'name'> & { description?: string };
  url: string;
  articles: ArticleCard[];
  publicUrl: string;
}): Thing {
  const { collection, publicUrl } = opts;
  return {
    '@type': 'CollectionPage',
    name: collection.name,
    url: opts.url,
    ...(collection.description ? { description: collection.description } : {}),
    isPartOf: { '@id': websiteId(publicUrl) },
    mainEntity: {
      '@type': 'ItemList',
      itemListElement: opts.articles.map((a, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        url: `${publicUrl}${articlePath(a)}`,
      })),
    },
  };
}

/**
 * The crumbs of a category page, and the start of an article's: home, then the categories from
 * the top (a city's state before the city, issue 26 item 6), by the names the interface shows.
 */
export const categoryTrail = (
  homeName: string,
  categories: readonly (NamedCategory & { slug: string })[],
  language: UiLanguage,
) => [
  { name: homeName, path: '/' },
  ...categories.map((c) => ({
    name: shownCategoryName(c, language),
    path: categoryPath(c.slug),
  })),
];
