import { eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { parentsFirst } from '../../lib/table-copy';
import type { Db } from '../../../db/client';
import { categories, categoryRedirects } from '../../../db/schema/content';
import { findCategoryById, findCategoryBySlug, insertCategory } from './categories-repository';

/*
 * The categories module's door for moving content in and out: the WordPress import and the
 * site archive write `categories` and `category_redirects` only through here, inside the
 * caller's transaction.
 */

export const CATEGORY_TABLES = [categories, categoryRedirects] as const;

/**
 * The parts the archive reads these tables in, each in key order: a category's parent before it
 * (issue 26 item 6), so the rows can be written back in the order they are read.
 */
export const CATEGORY_ROW_PARTS = new Map<PgTable, SQL[]>([
  [categories, parentsFirst(categories.parentId)],
]);

/**
 * The category with this slug, made (with a name no other category has) if there is none,
 * inside `parentId` if given: or inside that one's own parent, if it has one, since sections go
 * one level deep (issue 26 item 6). A category found is left where it is.
 */
export async function findOrCreateCategory(
  tx: Db,
  values: { slug: string; name: string; description: string; parentId?: string | null },
): Promise<{ id: string; slug: string; parentId: string | null; created: boolean }> {
  const existing = await findCategoryBySlug(tx, values.slug);
  if (existing)
    return { id: existing.id, slug: existing.slug, parentId: existing.parentId, created: false };
  let name = values.name || values.slug;
  for (let n = 2; await nameTaken(tx, name); n++) name = `${values.name} (${n})`;
  const parent = values.parentId ? await findCategoryById(tx, values.parentId) : undefined;
  const row = await insertCategory(tx, {
    name,
    nameHi: '',
    nameEn: '',
    commentsOpen: null,
    slug: values.slug,
    description: values.description,
    isHome: false,
    parentId: parent ? (parent.parentId ?? parent.id) : null,
  });
  return { id: row.id, slug: row.slug, parentId: row.parentId, created: true };
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
