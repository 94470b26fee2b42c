import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { categories, categoryRedirects } from '../../../db/schema/content';
import { findCategoryBySlug, insertCategory } from './categories-repository';

/*
 * The categories module's door for moving content in and out: the WordPress import and the
 * site archive write `categories` and `category_redirects` only through here, inside the
 * caller's transaction.
 */

export const CATEGORY_TABLES = [categories, categoryRedirects] as const;

/** The category with this slug, made (with a name no other category has) if there is none. */
export async function findOrCreateCategory(
  tx: Db,
  values: { slug: string; name: string; description: string },
): Promise<{ id: string; slug: string; created: boolean }> {
  const existing = await findCategoryBySlug(tx, values.slug);
  if (existing) return { id: existing.id, slug: existing.slug, created: false };
  let name = values.name || values.slug;
  for (let n = 2; await nameTaken(tx, name); n++) name = `${values.name} (${n})`;
  const row = await insertCategory(tx, {
    name,
    slug: values.slug,
    description: values.description,
    isHome: false,
  });
  return { id: row.id, slug: row.slug, created: true };
}

async function nameTaken(tx: Db, name: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.name, name));
  return row !== undefined;
}

export async function categoryExists(tx: Db, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, id));
  return row !== undefined;
}
