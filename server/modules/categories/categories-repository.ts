import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { categories, categoryRedirects } from '../../../db/schema/content';

/* The categories module's tables: `categories` and `category_redirects`. */

export const categoryColumns = {
  id: categories.id,
  name: categories.name,
  nameHi: categories.nameHi,
  nameEn: categories.nameEn,
  slug: categories.slug,
  description: categories.description,
  isHome: categories.isHome,
  parentId: categories.parentId,
  commentsOpen: categories.commentsOpen,
  createdAt: categories.createdAt,
  updatedAt: categories.updatedAt,
};
export function listAllCategories(db: Db) {
  return db.select(categoryColumns).from(categories).orderBy(asc(categories.name));
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

export type CategoryRow = Awaited<ReturnType<typeof listAllCategories>>[number];

export async function findCategoryBySlug(db: Db, slug: string): Promise<CategoryRow | undefined> {
  const [row] = await db.select(categoryColumns).from(categories).where(eq(categories.slug, slug));
  return row;
}

export async function findCategoryById(db: Db, id: string): Promise<CategoryRow | undefined> {
  const [row] = await db.select(categoryColumns).from(categories).where(eq(categories.id, id));
  return row;
}

/** What a save writes of a category: all but its id and times. */
export interface CategoryValues {
  name: string;
  nameHi: string;
  nameEn: string;
  slug: string;
  description: string;
  isHome: boolean;
  parentId: string | null;
  /** Its say on its stories' comments (issue 42 item 1); null: the site's. */
  commentsOpen: boolean | null;
}

export async function insertCategory(db: Db, values: CategoryValues): Promise<CategoryRow> {
  const [row] = await db.insert(categories).values(values).returning(categoryColumns);
  return row as CategoryRow;
}

/**
 * Updates a category under a row lock and answers its slug before the change, so the caller
 * can move its articles' addresses in the same transaction. When the slug changes, the old
 * one becomes a redirect to this category and the new one stops redirecting anywhere.
 */
export async function updateCategory(
  db: Db,
  id: string,
  values: CategoryValues,
  now: Date,
): Promise<{ row: CategoryRow; formerSlug: string } | undefined> {
  const [before] = await db
    .select({ slug: categories.slug })
    .from(categories)
    .where(eq(categories.id, id))
    .for('update');
  if (!before) return undefined;
  if (before.slug !== values.slug) {
    await db
      .insert(categoryRedirects)
      .values({ slug: before.slug, categoryId: id })
      .onConflictDoUpdate({ target: categoryRedirects.slug, set: { categoryId: id } });
    await db.delete(categoryRedirects).where(eq(categoryRedirects.slug, values.slug));
  }
  const [row] = await db
    .update(categories)
    .set({ ...values, updatedAt: now })
    .where(eq(categories.id, id))
    .returning(categoryColumns);
  return row && { row, formerSlug: before.slug };
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

/** Which of `slugs` are categories' slugs now. */
export async function existingSlugs(db: Db, slugs: string[]): Promise<string[]> {
  if (slugs.length === 0) return [];
  const rows = await db
    .select({ slug: categories.slug })
    .from(categories)
    .where(inArray(categories.slug, slugs));
  return rows.map((r) => r.slug);
}

/**
 * Locks the categories `ids` (those that exist) for the rest of the caller's transaction, in id
 * order (two saves locking the same rows never deadlock), and answers them as they are now. A save that
 * places a category under another locks both first: the one-level rule is then checked on rows
 * nobody else can change until it commits (categories-service.ts).
 */
export function lockCategories(tx: Db, ids: string[]) {
  return tx
    .select(categoryColumns)
    .from(categories)
    .where(inArray(categories.id, ids))
    .orderBy(asc(categories.id))
    .for('update');
}

/** The categories under `parentId`, by name. */
export function listChildren(db: Db, parentId: string) {
  return db
    .select(categoryColumns)
    .from(categories)
    .where(eq(categories.parentId, parentId))
    .orderBy(asc(categories.name));
}
