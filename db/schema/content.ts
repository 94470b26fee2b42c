import { and, eq, gt, inArray, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  primaryKey,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ARTICLE_STATUSES } from '../../common/articles';
import { ARTICLE_ACCESS, OPENING_MAX_CHARS, OPENING_SCAN } from '../../common/article-access';
import type { Language } from '../../common/languages';
import { id, timestamps, ownedBy } from './columns';
import { media } from './media';
import { users } from './users';
import { editions } from './editions';
import { NATIONAL_EDITION_ID } from '../../common/editions';

export const categories = pgTable(
  'categories',
  {
    id: id(),
    name: text().notNull().unique(),
    /*
     * The name as a Hindi or an English interface shows it (issue 26 item 7); empty: `name`.
     * common/category-names.ts picks the one a page shows.
     */
    nameHi: text().notNull().default(''),
    nameEn: text().notNull().default(''),
    slug: text().notNull().unique(),
    description: text().notNull().default(''),
    isHome: boolean().notNull().default(false),
    /** Whether the section's stories take comments (issue 42 item 1); null: the site's setting. */
    commentsOpen: boolean(),
    /*
     * The section this one is part of (a city in its state, issue 26 item 6): one level only,
     * kept by the categories service under row locks; a parent with children is not deleted.
     */
    parentId: uuid().references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [
    index('categories_parent_idx').on(t.parentId),
    check('categories_not_own_parent', sql`${t.parentId} <> ${t.id}`),
  ],
);

export const articleStatusEnum = pgEnum('article_status', ARTICLE_STATUSES);
/**
 * An article's language: a code of the registry (common/languages.ts), checked at the edge by
 * the shared schemas. Plain text since migration 0027 (it was the enum `article_language`): a
 * new language is data, not a migration (docs/decisions/041).
 */
export const languageColumn = () => text().$type<Language>();

/*
 * Every list reads published articles newest first with `ORDER BY published_at DESC, id DESC`
 * (or created_at for the admin list). Drizzle's `.desc()` in an index means DESC NULLS LAST,
 * while `orderBy(desc(col))` emits plain DESC (= NULLS FIRST), so the indexes below say
 * `.nullsFirst()` to match the queries exactly (ARCHITECTURE.md "Speed by design").
 * tests/integration/db/query-plans.test.ts proves each plan uses its index without a sort.
 */
/**
 * The upload folders an article's image address, text and meta description name, through the
 * SQL function `media_folders_in` (migration 0020): what `npm run media:prune` counts as using
 * an upload, indexed so the media library finds an upload's articles without reading every
 * text (docs/decisions/034). A folder holds no space, so joining the texts with one finds
 * exactly the folders each names.
 */
const mediaFoldersOf = (t: {
  imageUrl: AnyPgColumn;
  description: AnyPgColumn;
  metaDescription: AnyPgColumn;
}) =>
  sql<
    string[]
  >`media_folders_in(${t.imageUrl} || ' ' || ${t.description} || ' ' || ${t.metaDescription})`;

export const articles = pgTable(
  'articles',
  {
    id: id(),
    name: text().notNull(),
    slug: text().notNull().unique(),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    categoryId: uuid().references(() => categories.id, { onDelete: 'restrict' }),
    imageUrl: text().notNull().default(''),
    imageMediaId: uuid().references(() => media.id, { onDelete: 'set null' }),
    /** What the article image shows, for readers who cannot see it (issue 9 item 8). */
    imageAlt: text().notNull().default(''),
    description: text().notNull().default(''),
    metaTitle: text().notNull().default(''),
    metaDescription: text().notNull().default(''),
    metaKeywords: text().notNull().default(''),
    status: articleStatusEnum().notNull().default('published'),
    publishedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    language: languageColumn().notNull().default('en'),
    legacyId: integer().unique(),
    /** What an editor wrote when sending the article back to draft; the author sees it. */
    reviewNote: text().notNull().default(''),
    /*
     * The versions of one story in several languages (issue 10 item 7; groups of any size since
     * issue 27 item 5, docs/decisions/041): the articles sharing a value are one story, at most
     * one per language (the unique index below). Null: no other version. The value names no
     * row (a group outlives the article it was first made for); the articles service keeps no
     * group of one.
     */
    translationGroup: uuid(),
    /*
     * A live blog (issue 25 item 1): its entries are rows of `live_entries`, written by several
     * people at once without touching this row. Ending it keeps the entries and says when.
     */
    liveBlog: boolean().notNull().default(false),
    liveStartedAt: timestamp({ withTimezone: true, mode: 'date' }),
    liveEndedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** A free-text agency or contributor credit ("PTI", "भाषा"), beside the bylines (issue 26). */
    credit: text().notNull().default(''),
    /** No ad slots on this story's page (issue 39 item 1): an editor's choice per story. */
    adsOff: boolean().notNull().default(false),
    /** Whether this story takes comments (issue 42 item 1); null: its section's, then the site's. */
    commentsOpen: boolean(),
    /**
     * Who may read the whole story (issue 39 item 3): anyone (`free`), members of any plan
     * (`members`), or members of a plan with `paid` access. Readers who may not get its opening
     * only (`articleOpenBody`); its body past that never leaves the server for them.
     */
    access: text({ enum: ARTICLE_ACCESS }).notNull().default('free'),
    /**
     * The edition a story belongs to first (issue 65 item 2): its page names this place. It is
     * always among the story's `article_editions`; the national one unless the desk chose.
     */
    primaryEditionId: uuid()
      .notNull()
      .default(NATIONAL_EDITION_ID)
      .references(() => editions.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [
    index('articles_primary_edition_idx').on(t.primaryEditionId),
    index('articles_published_order_idx')
      .on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
    index('articles_category_published_order_idx')
      .on(t.categoryId, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
    // An author's page (issue 71): the stories they are the first byline of, newest first.
    index('articles_author_published_order_idx')
      .on(t.authorId, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
    index('articles_created_order_idx').on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Drafts and stories sent for review, newest first: a few among a million published, which
    // the dashboard counts and the admin list's status filter lists (issue 71 item 3).
    index('articles_unpublished_created_order_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} <> 'published'`),
    // The admin list of one section, newest first, and its count (issue 71 item 3): without it
    // both read every story of the archive to find a section's.
    index('articles_category_created_order_idx').on(
      t.categoryId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The admin list of one language, newest first, and its count (issue 71 item 3): half the
    // archive each, so without it the count read the rows themselves to find 10,001.
    index('articles_language_created_order_idx').on(
      t.language,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('articles_author_created_order_idx').on(
      t.authorId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The admin list's other orders (issue 9 item 6), every status.
    index('articles_updated_order_idx').on(
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Live blogs running now (the news home): a handful of rows at any time.
    index('articles_live_order_idx')
      .on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.liveBlog} AND ${t.status} = 'published'`),
    index('articles_published_all_order_idx').on(
      t.publishedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // A story's versions, one per language (and how a page finds its group).
    uniqueIndex('articles_translation_group_language_idx').on(t.translationGroup, t.language),
    // Which articles use an upload (the media library's usedBy, its delete's guard).
    index('articles_image_media_idx').on(t.imageMediaId),
    index('articles_media_folders_idx').using('gin', mediaFoldersOf(t)),
  ],
);

/** The upload folders each article names (mediaFoldersOf), as the index above holds them. */
export const articleMediaFolders = mediaFoldersOf(articles);

/**
 * Published and due: what readers may see at `now`, for every module that lists articles
 * (pages, feeds, sitemaps, search). The status test is a literal, not a bind parameter, so the
 * planner can always match the partial indexes above (`WHERE status = 'published'`).
 */
export const isPublicArticle = (now: Date | Placeholder) =>
  and(sql`${articles.status} = 'published'`, lte(articles.publishedAt, now));

/** The same rule for an article already read: published, and its time has come. */
export const isPublicNow = (a: { status: string; publishedAt: Date }, now: Date) =>
  a.status === 'published' && a.publishedAt.getTime() <= now.getTime();

/** A published article whose time is still to come: scheduled (DECISIONS.md §11). */
export const isScheduledArticle = (now: Date) =>
  and(sql`${articles.status} = 'published'`, gt(articles.publishedAt, now));

/**
 * The body as readers who may not read the story whole get it (issue 39 item 3, issue 66 item
 * 10): all of a free story, else its first paragraph of text, one not inside a list, table or
 * quote, at most OPENING_MAX_CHARS characters of it (common/article-access.ts `openingOf`, the
 * same rule: a paragraph begins at `<p` and ends at the first `</p>` after it; it is the
 * story's when as many of those blocks have opened as closed before it). Every read for the
 * public that is not a page made for an entitled class (lists' excerpts, feeds, search, the
 * apps' API) reads this, never `description`.
 */
function articleOpenBodyOf(body: typeof articles.description) {
  const held = `(ul|ol|dl|table|blockquote)`;
  const at = sql`regexp_instr(${body}, '<p[[:space:]>]', 1, n, 0, 'i')`;
  const before = sql`substr(${body}, 1, ${at} - 1)`;
  const paragraph = sql`substr(${body}, ${at}, strpos(substr(${body}, ${at}), '</p>') + 3)`;
  // The first such paragraph's number by `min`, not `order by n limit 1`: the same paragraph
  // without a sort in every list's plan (tests/integration/db/query-plans.test.ts).
  const first = sql`(select ${paragraph} from (select min(n) as n
    from generate_series(1, ${sql.raw(String(OPENING_SCAN))}) as scan(n)
    where ${at} > 0
      and strpos(substr(${body}, ${at}), '</p>') > 0
      and regexp_count(${before}, ${sql.raw(`'<${held}[[:space:]>]'`)}, 1, 'i')
        = regexp_count(${before}, ${sql.raw(`'</${held}[[:space:]]*>'`)}, 1, 'i')) as pick)`;
  const text = sql`regexp_replace(opening.p, '<[^>]*>', '', 'g')`;
  const max = sql.raw(String(OPENING_MAX_CHARS));
  return sql<string>`(case when ${articles.access} = 'free' then ${body} else (
    select case
      when opening.p is null then ''
      when length(${text}) <= ${max} then opening.p
      else '<p>' || rtrim(regexp_replace(left(${text}, ${max}), '&[#a-zA-Z0-9]*$', ''), ' ') || '…</p>'
    end
    from (select ${first} as p) as opening) end)`;
}
export const articleOpenBody = articleOpenBodyOf(articles.description);

/**
 * Enough of the body to cut a 200-character excerpt from, without reading whole articles:
 * `substr`, not `left`, because PostgreSQL decompresses only the slice it needs for `substr`
 * of a long (TOASTed) body, where `left` decompresses all of it first.
 */
const BODY_HEAD_CHARS = 2000;
export const articleBodyHead = sql<string>`substr(${articleOpenBodyOf(articles.description)}, 1, ${sql.raw(String(BODY_HEAD_CHARS))})`;

/** Former addresses of an article; each answers with a 301 to the current one (DECISIONS.md §5). */
export const articleRedirects = pgTable(
  'article_redirects',
  {
    id: id(),
    articleId: ownedBy(() => articles.id),
    categorySlug: text().notNull(),
    slug: text().notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('article_redirects_address_idx').on(t.categorySlug, t.slug),
    index('article_redirects_slug_idx').on(t.slug),
    index('article_redirects_article_idx').on(t.articleId),
  ],
);

/** Former slugs of a category; /category/{old} answers with a 301 to the current one. */
export const categoryRedirects = pgTable('category_redirects', {
  slug: text().primaryKey(),
  categoryId: ownedBy(() => categories.id),
  createdAt: timestamps.createdAt,
});

/**
 * Former paths of an article on an old site (a WordPress permalink such as `/2013/01/11/slug`
 * or `/?p=123`), each answering with a 301 to the article's address. Stored normalised by
 * `formerPathKey` (common/paths.ts): no trailing slash, and only the query parameters that
 * name a post.
 */
export const articleFormerPaths = pgTable(
  'article_former_paths',
  {
    path: text().primaryKey(),
    articleId: ownedBy(() => articles.id),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('article_former_paths_article_idx').on(t.articleId)],
);

/**
 * Tags (issue 26 item 5): one row per address. A tag is made the first time an article names
 * it; its slug comes from the name by the slug rules (common/slug.ts), and a second spelling of
 * the same address ("IPL", "ipl") is the same tag, under the name it was first given.
 */
export const tags = pgTable('tags', {
  id: id(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  createdAt: timestamps.createdAt,
});

/**
 * An article's tags, in its order (`position`). Each row carries a copy of its article's
 * `status` and `published_at`, kept equal by the trigger `article_tags_follow_article`
 * (migration 0024) on every change of either, so a tag's page walks one index in the order
 * it shows, as a category's page does (`listPublishedInCategory`), instead of reading and
 * sorting every article the tag has.
 */
export const articleTags = pgTable(
  'article_tags',
  {
    articleId: ownedBy(() => articles.id),
    tagId: ownedBy(() => tags.id),
    position: integer().notNull(),
    status: articleStatusEnum().notNull(),
    publishedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.tagId] }),
    index('article_tags_published_order_idx')
      .on(t.tagId, t.publishedAt.desc().nullsFirst(), t.articleId.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
  ],
);

/** An article's tag names in its order, next to its row (the articles module's `fullColumns`). */
export const articleTagNames = sql<
  string[]
>`coalesce((select array_agg(${tags.name} order by ${articleTags.position}) from ${articleTags} join ${tags} on ${tags.id} = ${articleTags.tagId} where ${articleTags.articleId} = ${articles.id}), '{}')`;

/** An article's tag ids, next to its stored state (what a change of it touches). */
export const articleTagIds = sql<
  string[]
>`coalesce((select array_agg(${articleTags.tagId}::text) from ${articleTags} where ${articleTags.articleId} = ${articles.id}), '{}')`;

/**
 * What search indexes as an article's keywords: its meta keywords and its tags' names (a reader
 * searching a tag's word finds what carries it). The saves say the same in `searchKeywords`.
 */
export const articleSearchKeywords = sql<string>`concat_ws(', ', nullif(${articles.metaKeywords}, ''), nullif(array_to_string(${articleTagNames}, ', '), ''))`;

/**
 * The editions a story circulates to (issue 65 item 2; DECISIONS.md §30): one address, many
 * places. The primary edition (`articles.primary_edition_id`) is always among them. Like
 * `article_tags`, each row carries a copy of its article's `status` and `published_at`, kept
 * equal by the trigger `article_editions_follow_article` (migration 0058), so an edition's page
 * walks one index in the order it shows. The trigger `article_editions_keep_primary` adds the
 * primary edition's row whoever writes the article (a save, the seed, an import).
 */
export const articleEditions = pgTable(
  'article_editions',
  {
    articleId: ownedBy(() => articles.id),
    editionId: uuid()
      .notNull()
      .references(() => editions.id, { onDelete: 'restrict' }),
    status: articleStatusEnum().notNull(),
    publishedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.editionId] }),
    index('article_editions_published_order_idx')
      .on(t.editionId, t.publishedAt.desc().nullsFirst(), t.articleId.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
    // An edition's stories, every status: whether it is used (its delete's guard), and the
    // admin list's edition filter and count, which read the article ids from the index alone
    // (issue 71 item 3; migration 0076 made it in place of one on the edition alone).
    index('article_editions_edition_article_idx').on(t.editionId, t.articleId),
  ],
);

/**
 * Articles in one of `editionIds` (issue 65 item 6: a newsletter bound to an edition, analytics
 * by edition), on `article_editions_edition_idx`.
 */
export const inEditions = (editionIds: string[]): SQL =>
  sql`${articles.id} IN (select ${articleEditions.articleId} from ${articleEditions} where ${inArray(articleEditions.editionId, editionIds)})`;

/** An article's edition ids (the primary one among them), next to its row and stored state. */
export const articleEditionIds = sql<
  string[]
>`coalesce((select array_agg(${articleEditions.editionId}::text order by ${articleEditions.editionId}) from ${articleEditions} where ${articleEditions.articleId} = ${articles.id}), '{}')`;

/**
 * An article's bylines after the first (issue 26 item 4): `articles.author_id` is the first
 * byline (`author` on the wire, as the original client knew it), these rows the others, in
 * their order (`position` 1, 2, …). Any byline owns the piece (`mayChange`).
 */
export const articleAuthors = pgTable(
  'article_authors',
  {
    articleId: ownedBy(() => articles.id),
    userId: ownedBy(() => users.id),
    position: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.userId] }),
    // An author's page and feed find the pieces they co-wrote.
    index('article_authors_user_idx').on(t.userId),
    // An article's bylines in order (its stored state), without a sort.
    index('article_authors_article_order_idx').on(t.articleId, t.position),
  ],
);

/**
 * An article's further bylines, next to its row: `{ _id, name, slug, position }` each. Put in
 * order by `inBylineOrder`, not in SQL: an ordered aggregate would add a sort to every card
 * query's plan (tests/integration/db/query-plans.test.ts), for a handful of rows.
 */
export const articleCoAuthors = sql<
  { _id: string; name: string; slug: string; position: number }[]
>`coalesce((select json_agg(json_build_object('_id', ${users.id}, 'name', ${users.name}, 'slug', ${users.slug}, 'position', ${articleAuthors.position})) from ${articleAuthors} join ${users} on ${users.id} = ${articleAuthors.userId} where ${articleAuthors.articleId} = ${articles.id}), '[]'::json)`;

/** Further bylines as `articleCoAuthors` reads them, in their order, as `{ _id, name, slug }`. */
export const inBylineOrder = (
  coAuthors: readonly { _id: string; name: string; slug: string; position: number }[],
) =>
  [...coAuthors]
    .sort((a, b) => a.position - b.position)
    .map(({ _id, name, slug }) => ({ _id, name, slug }));

/** The ids of an article's further bylines in order (what a change of it touches, who owns it). */
export const articleCoAuthorIds = sql<
  string[]
>`array(select ${articleAuthors.userId}::text from ${articleAuthors} where ${articleAuthors.articleId} = ${articles.id} order by ${articleAuthors.position})`;

/** Articles with `userId` among their bylines: the first, or a further one. */
export const writtenBy = (userId: string): SQL =>
  sql`(${eq(articles.authorId, userId)} OR ${articles.id} IN (select ${articleAuthors.articleId} from ${articleAuthors} where ${articleAuthors.userId} = ${userId}))`;
