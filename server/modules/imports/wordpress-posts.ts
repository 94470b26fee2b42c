/*
 * The posts and pages of a WordPress export: a post becomes an article (its body, images,
 * tags, old addresses and SEO fields made ours), a page fills the static page of its slug.
 */
import { articlePath, STATIC_PAGE_SLUGS } from '../../../common/paths';
import { TAGS_MAX, TagNameSchema } from '../../../common/schemas/tags';
import { detectLanguage, stripHtml } from '../../../common/text';
import { type ImportedArticle, sanitizeArticleHtml } from '../articles/articles-transfer';
import { upsertStaticPage } from '../pages/pages-transfer';
import {
  autop,
  imageSources,
  plainExcerpt,
  replaceShortcodes,
  rewriteUrls,
  wordpressDate,
  wordpressSlug,
  yoastTitle,
} from './wordpress-content';
import type { ImageOf, ImportRun, PostSteps, ReportLine } from './wordpress-run';
import type { WxrItem } from './wxr-types';

/** Static pages a WordPress page may fill, by its slug (WordPress's usual slugs included). */
const STATIC_PAGE_FOR: Record<string, string> = {
  ...Object.fromEntries(STATIC_PAGE_SLUGS.map((s) => [s, s])),
  about: 'about-us',
  contact: 'contact-us',
};

const MAX = { metaTitle: 300, metaDescription: 1000, metaKeywords: 1000, name: 300 };
const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max).trim() : text);

/** A body with its shortcodes, paragraphs and images made ours, sanitised. */
async function bodyOf(imageOf: ImageOf, item: WxrItem, usedBy: string) {
  const { html } = replaceShortcodes(item.content);
  const withParagraphs = autop(html);
  const map = new Map<string, string>();
  for (const src of imageSources(withParagraphs)) {
    const ours = await imageOf(src, usedBy);
    if (ours) map.set(src, ours);
  }
  return sanitizeArticleHtml(rewriteUrls(withParagraphs, map));
}

/** A post to become an article: what it is made of, before its batch is written. */
export interface PreparedPost {
  item: WxrItem;
  key: string;
  title: string;
  status: 'draft' | 'published';
  note: string | undefined;
  category: { id: string; slug: string };
  authorId: string | null;
  keywords: string;
  tagNames: string[];
  description: string;
  imageUrl: string;
  /** Its featured image's attachment is not in the file. */
  thumbnailMissing: boolean;
}

/**
 * One post, up to its writing: left alone when imported before (its images noted as shown),
 * skipped when its status is not imported, else made ready to be an article in the category
 * it has first (its images stored). Answers undefined when it is not to be written.
 */
export async function preparePost(
  run: ImportRun,
  steps: PostSteps,
  item: WxrItem,
  recordedBefore: boolean,
): Promise<PreparedPost | undefined> {
  const key = item.postId || item.guid;
  const title = item.title || '(no title)';
  const usedBy = `post ${key} "${title}"`;
  if (recordedBefore) {
    run.report({ kind: 'post', key, title, outcome: 'unchanged', note: 'imported before' });
    const thumb = steps.attachments.get(item.meta._thumbnail_id ?? '');
    for (const address of [thumb?.attachmentUrl, ...imageSources(item.content)])
      if (address) steps.shownBefore.add(address);
    return undefined;
  }
  const mapped = mapStatus(item, run.now);
  if ('skip' in mapped) {
    run.report({ kind: 'post', key, title, outcome: 'skipped', note: mapped.skip });
    return undefined;
  }
  const terms = item.terms.filter((t) => t.domain === 'category');
  const first = terms[0] ?? { nicename: 'uncategorized', name: 'Uncategorized' };
  const category = await steps.categoryOf(first.nicename, first.name || first.nicename);
  // Its other categories stay keywords; its tags become tags here (issue 26 item 5).
  const keywords = [
    ...new Set(
      terms
        .slice(1)
        .map((t) => t.name)
        .filter(Boolean),
    ),
  ].join(', ');
  const tagNames = importedTags(item);
  const description = await bodyOf(steps.imageOf, item, usedBy);
  const thumbnail = steps.attachments.get(item.meta._thumbnail_id ?? '');
  const imageUrl = thumbnail?.attachmentUrl
    ? ((await steps.imageOf(thumbnail.attachmentUrl, usedBy)) ?? '')
    : '';
  return {
    item,
    key,
    title,
    status: mapped.status,
    note: mapped.note,
    category,
    authorId: steps.authorIds.get(item.creator) ?? null,
    keywords,
    tagNames,
    description,
    imageUrl,
    thumbnailMissing: thumbnail === undefined && Boolean(item.meta._thumbnail_id),
  };
}

/** The report's line of a post written as an article. */
export function createdLine(post: PreparedPost, slug: string, refused: string[]): ReportLine {
  const { item, key, title, category } = post;
  const notes = [
    post.note,
    post.thumbnailMissing
      ? `featured image ${item.meta._thumbnail_id} is not in the file`
      : undefined,
    refused.length ? `old addresses held by another article: ${refused.join(' ')}` : undefined,
  ].filter(Boolean);
  return {
    kind: 'post',
    key,
    title,
    outcome: 'created',
    note: [articlePath({ slug, categorySlug: category.slug }), ...notes].join('; '),
  };
}

/**
 * A post's tags as ours: names as a save takes them (TagNameSchema), those with no letter an
 * address can be made of left out, at most TAGS_MAX.
 */
function importedTags(item: WxrItem): string[] {
  const names = item.terms
    .filter((t) => t.domain === 'post_tag')
    .flatMap((t) => {
      const parsed = TagNameSchema.safeParse(t.name || t.nicename);
      return parsed.success ? [parsed.data] : [];
    });
  return names.slice(0, TAGS_MAX);
}

/** The base of a post's slug here (before one taken gets a suffix). */
export const slugBase = (post: PreparedPost) =>
  wordpressSlug(post.item.postName, post.title) || 'article';

/** The post's legacy id (its WordPress id) when it can be one. */
export function legacyIdOf(post: PreparedPost): number | undefined {
  const legacy = /^\d+$/.test(post.item.postId) ? Number(post.item.postId) : undefined;
  return legacy && legacy <= 2_147_483_647 ? legacy : undefined;
}

/** The article row of a post: its slug, dates, legacy id if free and SEO fields. */
export function articleOf(
  now: Date,
  post: PreparedPost,
  found: { slug: string; legacyId: number | null; imageMediaId: string | null },
): ImportedArticle {
  const { item, title, description, imageUrl } = post;
  const name = cut(title, MAX.name);
  const date = wordpressDate(item.postDateGmt, item.postDate) ?? now;
  const modified = wordpressDate(item.postModifiedGmt, '') ?? date;
  const yoast = item.meta._yoast_wpseo_title;
  return {
    name,
    slug: found.slug,
    authorId: post.authorId,
    categoryId: post.category.id,
    imageUrl,
    imageMediaId: found.imageMediaId,
    description,
    metaTitle: cut(yoast ? yoastTitle(yoast, title) : '', MAX.metaTitle),
    metaDescription: cut(
      item.meta._yoast_wpseo_metadesc?.trim() || plainExcerpt(item.excerpt),
      MAX.metaDescription,
    ),
    metaKeywords: cut(post.keywords, MAX.metaKeywords),
    status: post.status,
    publishedAt: date,
    language: detectLanguage(`${name} ${stripHtml(description)}`),
    legacyId: found.legacyId,
    createdAt: date,
    updatedAt: modified < date ? date : modified,
  };
}

/** One page: it fills the static page of its slug when published, else is skipped. */
export async function importPage(run: ImportRun, imageOf: ImageOf, item: WxrItem) {
  const key = item.postId || item.guid;
  const title = item.title || '(no title)';
  const target = STATIC_PAGE_FOR[wordpressSlug(item.postName, title)];
  if (!target) {
    run.report({
      kind: 'page',
      key,
      title,
      outcome: 'skipped',
      note: `no static page "${item.postName}" here (ours: ${STATIC_PAGE_SLUGS.join(', ')})`,
    });
    return;
  }
  if (await run.isRecorded('page', key)) {
    run.report({ kind: 'page', key, title, outcome: 'unchanged', note: `/${target}` });
    return;
  }
  if (item.status !== 'publish') {
    run.report({
      kind: 'page',
      key,
      title,
      outcome: 'skipped',
      note: `status ${item.status || 'none'}: only published pages fill /${target}`,
    });
    return;
  }
  const body = await bodyOf(imageOf, item, `page ${key} "${title}"`);
  await upsertStaticPage(run.tx, { slug: target, title: cut(title, MAX.name), body }, run.now);
  await run.record('page', key, target);
  run.report({ kind: 'page', key, title, outcome: 'created', note: `fills /${target}` });
}

/** How a WordPress status arrives (DECISIONS.md §5, §11). */
function mapStatus(
  item: WxrItem,
  now: Date,
): { status: 'draft' | 'published'; note?: string } | { skip: string } {
  switch (item.status) {
    case 'publish':
      return { status: 'published' };
    case 'future': {
      const date = wordpressDate(item.postDateGmt, item.postDate);
      return {
        status: 'published',
        note:
          date && date > now
            ? `scheduled for ${date.toISOString()}`
            : 'was scheduled; its time has passed, so it is published',
      };
    }
    case 'draft':
      return { status: 'draft' };
    case 'pending':
      return {
        status: 'draft',
        note: 'pending review in WordPress: imported as a draft (no review status here yet)',
      };
    case 'private':
      return { status: 'draft', note: 'private in WordPress: imported as a draft' };
    case 'trash':
      return { skip: 'in the trash' };
    case 'auto-draft':
      return { skip: 'an unsaved auto-draft' };
    default:
      return { skip: `status "${item.status}" is not imported` };
  }
}
