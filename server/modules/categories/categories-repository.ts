import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  articleRedirects,
  articles,
  categories,
  categoryRedirects,
} from '../../../db/schema/content';

export const categoryColumns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  description: categories.description,
  isHome: categories.isHome,
  createdAt: categories.createdAt,
  updatedAt: categories.updatedAt,
};
export type CategoryRow = {
  id: string;
  name: string;
  slug: string;
  description: string;
  isHome: boolean;
  createdAt: Date;
  updatedAt: Date;
};

export function listAllCategories(db: Db) {
  return db.select(categoryColumns).from(categories).orderBy(asc(categories.name));
}

export function listHomeCategories(db: Db) {
  return db
    .select(categoryColumns)
    .from(categories)
    .where(eq(categories.isHome, true))
    .orderBy(asc(categories.name));
}

export async function listCategoryPage(db: Db, opts: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select(categoryColumns)
      .from(categories)
      .orderBy(asc(categories.name))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(categories),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findCategoryBySlug(db: Db, slug: string): Promise<CategoryRow | undefined> {
  const [row] = await db.select(categoryColumns).from(categories).where(eq(categories.slug, slug));
  return row;
}

export async function findCategoryById(db: Db, id: string): Promise<CategoryRow | undefined> {
  const [row] = await db.select(categoryColumns).from(categories).where(eq(categories.id, id));
  return row;
}

export async function insertCategory(
  db: Db,
  values: { name: string; slug: string; description: string; isHome: boolean },
): Promise<CategoryRow> {
  const [row] = await db.insert(categories).values(values).returning(categoryColumns);
  return row as CategoryRow;
}

/**
 * Updates a category. When its slug changes, every article in it gets its old address
 * recorded first (DECISIONS.md §5), in the same transaction.
 */
export async function updateCategory(
  db: Db,
  id: string,
  values: { name: string; slug: string; description: string; isHome: boolean },
): Promise<CategoryRow | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.id, id))
      .for('update');
    if (!before) return undefined;
    if (before.slug !== values.slug) {
      await tx
        .insert(categoryRedirects)
        .values({ slug: before.slug, categoryId: id })
        .onConflictDoUpdate({ target: categoryRedirects.slug, set: { categoryId: id } });
      // The new slug is live now: it no longer points anywhere else.
      await tx.delete(categoryRedirects).where(eq(categoryRedirects.slug, values.slug));
      await tx.execute(sql`
        INSERT INTO ${articleRedirects} (article_id, category_slug, slug)
        SELECT ${articles.id}, ${before.slug}, ${articles.slug} FROM ${articles} WHERE ${articles.categoryId} = ${id}
        ON CONFLICT (category_slug, slug) DO UPDATE SET article_id = EXCLUDED.article_id`);
    }
    const [row] = await tx
      .update(categories)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(categories.id, id))
      .returning(categoryColumns);
    return row;
  });
}

export async function countArticlesInCategory(db: Db, id: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(articles).where(eq(articles.categoryId, id));
  return Number(row?.n ?? 0);
}

export async function deleteCategory(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(categories)
    .where(eq(categories.id, id))
    .returning({ id: categories.id });
  return rows.length > 0;
}

export async function countCategories(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(categories);
  return Number(row?.n ?? 0);
}

/** The current slug of the category that once had `slug`. */
export async function findCurrentSlugForFormer(db: Db, slug: string): Promise<string | undefined> {
  const [row] = await db
    .select({ slug: categories.slug })
    .from(categoryRedirects)
    .innerJoin(categories, eq(categories.id, categoryRedirects.categoryId))
    .where(eq(categoryRedirects.slug, slug));
  return row?.slug;
}
