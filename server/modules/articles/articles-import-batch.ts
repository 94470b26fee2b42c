/*
 * Imported articles a batch at a time (the WordPress import, issue 71 item 4: 100,000 posts at
 * 200 a second): each step is one statement for the whole batch where the one-article steps of
 * articles-transfer.ts were one or more per article, and answers what they would have, in the
 * batch's order, as if its articles had gone in one after another.
 */
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { slugTry } from '../../../common/slug';
import type { Db } from '../../../db/client';
import { statementParts } from '../../../db/statement-rows';
import { articleFormerPaths, articles, articleTags } from '../../../db/schema/content';
import { tagsByAddress, tagsMaking } from './tags-repository';

/**
 * A free slug from each base (`base`, `base-2`, …), free of the articles there and of the ones
 * before it in the list: what asking one slug at a time would answer had each article gone in
 * before the next was asked for.
 */
export async function freeArticleSlugs(tx: Db, bases: readonly string[]): Promise<string[]> {
  const taken = new Set<string>();
  const taker = async (candidates: string[]) => {
    for (const part of statementParts([...new Set(candidates)].filter((c) => !taken.has(c)))) {
      const rows = await tx
        .select({ slug: articles.slug })
        .from(articles)
        .where(inArray(articles.slug, part));
      for (const r of rows) taken.add(r.slug);
    }
  };
  await taker([...bases]);
  const given = new Set<string>();
  const answers: string[] = [];
  for (const base of bases) {
    let found = taken.has(base) || given.has(base) ? undefined : base;
    // Else the first free of a few suffixes at a time: a base taken once is often taken twice.
    for (let n = 2; n < 10_000 && found === undefined; n += 20) {
      const candidates: string[] = [];
      for (let k = n; k < Math.min(n + 20, 10_000); k++) candidates.push(slugTry(base, k));
      await taker(candidates);
      found = candidates.find((c) => !taken.has(c) && !given.has(c));
    }
    if (found === undefined) throw new Error(`no free slug for ${base}`);
    given.add(found);
    answers.push(found);
  }
  return answers;
}

/** Which of these legacy ids an article here has already. */
export async function legacyIdsTaken(tx: Db, ids: readonly number[]): Promise<Set<number>> {
  const taken = new Set<number>();
  for (const part of statementParts([...new Set(ids)])) {
    const rows = await tx
      .select({ legacyId: articles.legacyId })
      .from(articles)
      .where(inArray(articles.legacyId, part));
    for (const r of rows) if (r.legacyId !== null) taken.add(r.legacyId);
  }
  return taken;
}

/** Inserts the articles; answers their ids in the same order. */
export async function insertImportedArticles(
  tx: Db,
  values: readonly Omit<typeof articles.$inferInsert, 'id'>[],
): Promise<string[]> {
  const rows = values.map((v) => ({ id: randomUUID(), ...v }));
  for (const part of statementParts(rows, 200)) await tx.insert(articles).values(part);
  return rows.map((r) => r.id);
}

/**
 * Gives each new article its tags, in order (setArticleTags for articles with none yet): tags
 * not yet known are made, the first spelling of an address in the batch naming a new one.
 * Answers each article's tag names as they are here, in its order (what search indexes).
 */
export async function tagImportedArticles(
  tx: Db,
  entries: readonly {
    articleId: string;
    names: readonly string[];
    status: 'draft' | 'published';
    publishedAt: Date;
  }[],
): Promise<string[][]> {
  const wanted = entries.map((e) => ({ ...e, tags: tagsByAddress(e.names) }));
  const bySlug = new Map<string, { name: string; slug: string }>();
  for (const e of wanted) for (const t of e.tags) if (!bySlug.has(t.slug)) bySlug.set(t.slug, t);
  if (bySlug.size === 0) return entries.map(() => []);
  const known = await tagsMaking(tx, [...bySlug.values()]);
  const rows = wanted.flatMap(({ articleId, status, publishedAt, tags: list }) =>
    list.flatMap((t, position) => {
      const tagId = known.get(t.slug)?.id;
      return tagId ? [{ articleId, tagId, position, status, publishedAt }] : [];
    }),
  );
  for (const part of statementParts(rows)) await tx.insert(articleTags).values(part);
  return wanted.map(({ tags: list }) => list.flatMap((t) => known.get(t.slug)?.name ?? []));
}

/**
 * Records each article's former paths (formerPathKey form); a path another article holds
 * already, or one an article before it in the list has, stays theirs. Answers, for each, the
 * paths that were not taken for it.
 */
export async function recordFormerPathsOf(
  tx: Db,
  entries: readonly { articleId: string; paths: readonly string[] }[],
): Promise<string[][]> {
  const first = new Map<string, string>();
  for (const { articleId, paths } of entries)
    for (const path of paths) if (!first.has(path)) first.set(path, articleId);
  const holder = new Map<string, string>();
  for (const part of statementParts([...first])) {
    await tx
      .insert(articleFormerPaths)
      .values(part.map(([path, articleId]) => ({ path, articleId })))
      .onConflictDoNothing();
    const rows = await tx
      .select({ path: articleFormerPaths.path, articleId: articleFormerPaths.articleId })
      .from(articleFormerPaths)
      .where(
        inArray(
          articleFormerPaths.path,
          part.map(([path]) => path),
        ),
      );
    for (const r of rows) holder.set(r.path, r.articleId);
  }
  return entries.map(({ articleId, paths }) =>
    [...new Set(paths)].filter((p) => holder.has(p) && holder.get(p) !== articleId),
  );
}
