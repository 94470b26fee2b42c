/*
 * Rows of the articles tables as the wire shows them (ArticleCardSchema, ArticleSchema,
 * AdminArticleRowSchema), and as a revision keeps them: built from allow-listed fields, never a
 * raw row (STYLE.md §11).
 */
import { HOME_EXCERPT_LENGTH } from '../../../common/articles';
import { openingOf } from '../../../common/article-access';
import { boundedMemo } from '../../../common/bounded-memo';
import { pickArticleTexts, type Article, type ArticleCard } from '../../../common/schemas/articles';
import type { RevisionContent } from '../../../common/schemas/revisions';
import { htmlExcerpt } from '../../../common/text';
import { inBylineOrder, isPublicNow } from '../../../db/schema/content';
import { mediaUrl } from '../media/media-urls';
import type { AdminListRow } from './article-admin-repository';
import { legacyTranslationId, publicVersions } from './article-translations';
import type { CardRow, FullRow } from './articles-repository';

/** The hosted image of a row: its size and variants' addresses, or null (an outside address). */
function imageOf(row: CardRow): ArticleCard['image'] {
  if (!row.imageWidth || !row.imageHeight) return null;
  return {
    width: row.imageWidth,
    height: row.imageHeight,
    variants: (row.imageVariants ?? []).map((v) => ({ width: v.width, url: mediaUrl(v.key) })),
    avif: (row.imageAvif ?? []).map((v) => ({ width: v.width, url: mediaUrl(v.key) })),
  };
}

type RefColumns = Pick<
  CardRow,
  | 'categoryId'
  | 'categorySlug'
  | 'categoryName'
  | 'categoryNameHi'
  | 'categoryNameEn'
  | 'authorId'
  | 'authorName'
  | 'authorSlug'
>;

/**
 * The joined category of a row, or null (uncategorised, or the join found none); its names in
 * the interface languages when it has them (common/category-names.ts picks the one shown).
 */
const categoryRef = (row: RefColumns): ArticleCard['category'] =>
  row.categoryId && row.categorySlug && row.categoryName !== null
    ? {
        _id: row.categoryId,
        slug: row.categorySlug,
        name: row.categoryName,
        ...(row.categoryNameHi ? { nameHi: row.categoryNameHi } : {}),
        ...(row.categoryNameEn ? { nameEn: row.categoryNameEn } : {}),
      }
    : null;

/** The joined author of a row, or null (the account was deleted). */
const authorRef = (row: RefColumns): ArticleCard['author'] =>
  row.authorId && row.authorName !== null && row.authorSlug !== null
    ? { _id: row.authorId, name: row.authorName, slug: row.authorSlug }
    : null;

/**
 * Every byline of a row in order: its first (joined), then the others (issue 26 item 4). A
 * deleted account leaves no byline.
 */
const bylinesOf = (row: CardRow): ArticleCard['authors'] => {
  const first = authorRef(row);
  return [...(first ? [first] : []), ...inBylineOrder(row.coAuthors)];
};

/** A row of the admin list and the dashboard's lists (AdminArticleRowSchema). */
export const toAdminRow = (row: AdminListRow) => ({
  _id: row.id,
  name: row.name,
  slug: row.slug,
  status: row.status,
  language: row.language,
  category: categoryRef(row),
  author: authorRef(row),
  imageUrl: row.imageUrl,
  publishedAt: row.publishedAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  views: row.views,
});

/**
 * Card excerpts by the body head they are cut from: the same cards are on every render of home
 * and category pages, and stripping and cutting a 2,000-character head each time cost more than
 * a lookup. Keyed by the text itself, so an edited body can never get an old excerpt; at most
 * EXCERPTS_KEPT are kept (forgotten all at once when full).
 */
const EXCERPTS_KEPT = 1000;
const cardExcerptOf = boundedMemo(EXCERPTS_KEPT, (bodyHead: string) =>
  // The head may end inside a tag, which is dropped before cutting.
  htmlExcerpt(bodyHead.replace(/<[^>]*$/, ''), HOME_EXCERPT_LENGTH),
);

export function toCard(row: CardRow): ArticleCard {
  const authors = bylinesOf(row);
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    imageUrl: row.imageUrl,
    image: imageOf(row),
    excerpt: cardExcerptOf(row.bodyHead),
    language: row.language,
    category: categoryRef(row),
    // The first byline, as the original client knew its one author.
    author: authors[0] ?? null,
    authors,
    credit: row.credit,
    liveBlog: row.liveBlog,
    publishedAt: row.publishedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Who an article is shown to: anyone, a reader who may read it whole (issue 39 item 3: a member
 * of a plan that opens it, staff), or someone who may change it (its form).
 */
export type ArticleViewer = 'reader' | 'entitled' | 'editor';

/**
 * An article; `now` decides which of its other versions readers can see: `translations`, and
 * the one `translationId` names (issue 44 item 4: a draft's id is nobody's business). Whoever
 * may change the article is told the stored link whatever its status, since the form sends it
 * back (a link left out of the answer would be a link dropped at the next save).
 */
export function toArticle(row: FullRow, now: Date, viewer: ArticleViewer = 'reader'): Article {
  const card = toCard(row);
  // A reader who may not read it whole never gets its body past the opening (issue 39 item 3).
  const walled = viewer === 'reader' && row.access !== 'free';
  const seen = viewer === 'editor' ? row.versions : row.versions.filter((v) => isPublicNow(v, now));
  return {
    ...pickArticleTexts(row),
    ...(walled ? { description: openingOf(row.description) } : {}),
    _id: card._id,
    author: card.author,
    authors: card.authors,
    category: card.category,
    image: card.image && {
      ...card.image,
      crops: (row.imageCrops ?? []).map((c) => ({
        ratio: c.ratio,
        width: c.width,
        height: c.height,
        url: mediaUrl(c.key),
      })),
    },
    status: row.status,
    publishedAt: card.publishedAt,
    reviewNote: row.reviewNote,
    language: row.language,
    legacyId: row.legacyId,
    translationId: legacyTranslationId(row.language, seen),
    translations: publicVersions(row.versions, now),
    tags: row.tags,
    editions: row.editions,
    primaryEdition: row.primaryEditionId,
    liveBlog: row.liveBlog,
    liveStartedAt: row.liveStartedAt?.toISOString() ?? null,
    liveEndedAt: row.liveEndedAt?.toISOString() ?? null,
    adsOff: row.adsOff,
    access: row.access,
    commentsOpen: row.commentsOpen,
    walled,
    views: row.views,
    createdAt: card.createdAt,
    updatedAt: card.updatedAt,
  };
}

/** What a revision keeps of an article row: its texts, and its other choices by id. */
export function revisionContentOf(row: FullRow): RevisionContent {
  return {
    ...pickArticleTexts(row),
    category: row.categoryId,
    author: row.authorId,
    authors: [
      ...(row.authorId ? [row.authorId] : []),
      ...inBylineOrder(row.coAuthors).map((a) => a._id),
    ],
    language: row.language,
    publishedAt: row.publishedAt.toISOString(),
    translationId: legacyTranslationId(row.language, row.versions),
    tags: row.tags,
  };
}
