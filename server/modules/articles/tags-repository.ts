import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { slugify } from '../../../common/slug';
import type { Db } from '../../../db/client';
import { statementParts } from '../../../db/statement-rows';
import { prepared } from '../../../db/prepared';
import { articles, articleTags, tags } from '../../../db/schema/content';
import { cardsOfPage, type Value } from './articles-repository';
import type { ListBranch } from './list-keys-repository';

/*
 * Tags (issue 26 item 5): the `tags` table and each article's `article_tags`, owned by the
 * articles module. A save names an article's tags by name; a tag's page lists its published
 * articles from `article_tags_published_order_idx`, in the order it shows them.
 */

/** Names with their addresses, each address once (its first spelling), in the order given. */
export function tagsByAddress(names: readonly string[]): { name: string; slug: string }[] {
  const seen = new Map<string, string>();
  for (const name of names) {
    const slug = slugify(name);
    if (slug && !seen.has(slug)) seen.set(slug, name);
  }
  return [...seen].map(([slug, name]) => ({ name, slug }));
}

/**
 * These tags as they are here (each once, by address: id and name), in the caller's
 * transaction: a tag not yet known is made with its name here; one known under another
 * spelling keeps its first name.
 */
export async function tagsMaking(
  tx: Db,
  wanted: readonly { name: string; slug: string }[],
): Promise<Map<string, { id: string; name: string }>> {
  const known = new Map<string, { id: string; name: string }>();
  for (const part of statementParts(wanted)) {
    await tx.insert(tags).values(part).onConflictDoNothing({ target: tags.slug });
    const rows = await tx
      .select({ id: tags.id, name: tags.name, slug: tags.slug })
      .from(tags)
      .where(
        inArray(
          tags.slug,
          part.map((t) => t.slug),
        ),
      );
    for (const t of rows) known.set(t.slug, { id: t.id, name: t.name });
  }
  return known;
}

/**
 * Gives article `articleId` exactly these tags, in this order, in the caller's transaction: a
 * tag not yet known is made; one known under another spelling keeps its first name. The rows
 * copy the article's status and time as they are now (the trigger keeps them so).
 */
export async function setArticleTags(tx: Db, articleId: string, names: readonly string[]) {
  const wanted = tagsByAddress(names);
  await tx.delete(articleTags).where(eq(articleTags.articleId, articleId));
  if (wanted.length === 0) return;
  const known = await tagsMaking(tx, wanted);
  const [article] = await tx
    .select({ status: articles.status, publishedAt: articles.publishedAt })
    .from(articles)
    .where(eq(articles.id, articleId));
  if (!article) return;
  const rows = wanted.flatMap((t, position) => {
    const tagId = known.get(t.slug)?.id;
    return tagId
      ? [{ articleId, tagId, position, status: article.status, publishedAt: article.publishedAt }]
      : [];
  });
  await tx.insert(articleTags).values(rows);
}

export async function findTagBySlug(db: Db, slug: string) {
  const [row] = await db
    .select({ id: tags.id, name: tags.name, slug: tags.slug })
    .from(tags)
    .where(eq(tags.slug, slug));
  return row;
}

/** `%` and `_` typed by a writer are letters, not patterns. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Existing tags for the editor as a writer types: those whose name, or whose address, begins
 * with what is typed (so "kri" finds "क्रिकेट"), the most used first. Empty: the most used.
 */
export function listTagSuggestions(db: Db, q: string, limit: number) {
  const uses = db.select({ n: count() }).from(articleTags).where(eq(articleTags.tagId, tags.id));
  const slug = slugify(q);
  const matches = q
    ? slug
      ? sql`(${tags.name} ILIKE ${likePrefix(q)} OR ${tags.slug} LIKE ${likePrefix(slug)})`
      : sql`${tags.name} ILIKE ${likePrefix(q)}`
    : undefined;
  return db
    .select({ id: tags.id, name: tags.name, slug: tags.slug })
    .from(tags)
    .where(matches)
    .orderBy(desc(sql`(${uses})`), asc(tags.name))
    .limit(limit);
}

/** Public in `article_tags`' own copy of its article's status and time. */
const isPublicTagged = (now: Value<Date>) =>
  and(sql`${articleTags.status} = 'published'`, lte(articleTags.publishedAt, now));

/**
 * One page of a tag's published articles, newest first: as a category's page, a deferred join.
 * The page's ids come from the (tag, published_at, article) index alone, and only those are
 * joined to their rows. A query builder, so tests can read its plan.
 */
export function listPublishedWithTag(
  db: Db,
  opts: { tagId: Value<string>; limit: Value<number>; offset: Value<number>; now: Value<Date> },
) {
  const page = db
    .select({ pageId: articleTags.articleId, pagePublishedAt: articleTags.publishedAt })
    .from(articleTags)
    .where(and(isPublicTagged(opts.now), eq(articleTags.tagId, opts.tagId)))
    .orderBy(desc(articleTags.publishedAt), desc(articleTags.articleId))
    .limit(opts.limit)
    .offset(opts.offset)
    .as('page');
  return cardsOfPage(db, page);
}

/** A tag's walk by key: its (tag, published_at, article) index. */
export const tagBranch = (tagId: string): ListBranch => ({
  table: articleTags,
  id: articleTags.articleId,
  publishedAt: articleTags.publishedAt,
  where: (now) => and(isPublicTagged(now), eq(articleTags.tagId, tagId)),
});

/** listPublishedWithTag as a prepared statement (tag pages). */
export function publishedWithTag(
  db: Db,
  opts: { tagId: string; limit: number; offset: number; now: Date },
) {
  return prepared(db, 'article_cards_with_tag', (on, as) =>
    listPublishedWithTag(on, {
      tagId: sql.placeholder('tagId'),
      limit: sql.placeholder('limit'),
      offset: sql.placeholder('offset'),
      now: sql.placeholder('now'),
    }).prepare(as),
  ).execute(opts);
}

export async function countPublishedWithTag(
  db: Db,
  opts: { tagId: string; now: Date },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(articleTags)
    .where(and(isPublicTagged(opts.now), eq(articleTags.tagId, opts.tagId)));
  return Number(row?.n ?? 0);
}

export async function findTagById(db: Db, id: string) {
  const [row] = await db
    .select({ id: tags.id, name: tags.name, slug: tags.slug })
    .from(tags)
    .where(eq(tags.id, id));
  return row;
}

/** A tag's display name changed (its address stays); the ids of every article it tags. */
export async function renameTag(tx: Db, id: string, name: string): Promise<string[]> {
  await tx.update(tags).set({ name }).where(eq(tags.id, id));
  const tagged = await tx
    .select({ id: articleTags.articleId })
    .from(articleTags)
    .where(eq(articleTags.tagId, id));
  return tagged.map((r) => r.id);
}
