import type { Category, CategoryEdit, CategoryInput } from '../../../common/schemas/categories';
import { RESERVED_SLUGS, slugify } from '../../../common/slug';
import type { Db } from '../../../db/client';
import { requireRole, type Actor } from '../../lib/actor';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import {
  countArticlesInCategory,
  deleteCategory,
  findCategoryById,
  findCategoryBySlug,
  findCurrentSlugForFormer,
  insertCategory,
  listAllCategories,
  listCategoryPage,
  listHomeCategories,
  updateCategory,
  type CategoryRow,
} from './categories-repository';

export const toCategory = (row: CategoryRow): Category => ({
  _id: row.id,
  name: row.name,
  slug: row.slug,
  description: row.description,
  isHome: row.isHome,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The slug to store: the given one or one from the name, in the slug alphabet, not reserved. */
function categorySlug(input: { name: string; slug?: string | undefined }): string {
  const slug = slugify(input.slug || input.name);
  if (!slug)
    throw badRequest('Give the category a slug of Latin letters or digits.', [
      { path: 'body.slug', message: 'slug is empty' },
    ]);
  if (RESERVED_SLUGS.has(slug)) {
    throw badRequest(`"${slug}" is used by the site itself; choose another slug.`, [
      { path: 'body.slug', message: `"${slug}" is reserved` },
    ]);
  }
  return slug;
}

function duplicate(error: unknown, name: string, slug: string): never {
  if (isUniqueViolation(error, 'categories_name_unique'))
    throw conflict(`A category named "${name}" already exists.`);
  if (isUniqueViolation(error, 'categories_slug_unique'))
    throw conflict(`A category with the slug "${slug}" already exists.`);
  throw error;
}

export function createCategoriesService(deps: { db: Db; contentChanged?: () => Promise<void> }) {
  const { db } = deps;
  const changed = deps.contentChanged ?? (async () => {});
  return {
    async listAll(): Promise<Category[]> {
      return (await listAllCategories(db)).map(toCategory);
    },

    async listHome(): Promise<Category[]> {
      return (await listHomeCategories(db)).map(toCategory);
    },

    async bySlug(slug: string): Promise<Category> {
      const row = await findCategoryBySlug(db, slug);
      if (!row) throw notFound('Category not found.');
      return toCategory(row);
    },

    /** Where a category that once had `slug` lives now, if it was renamed. */
    async currentSlugFor(slug: string): Promise<string | undefined> {
      return findCurrentSlugForFormer(db, slug);
    },

    async byId(id: string): Promise<Category | undefined> {
      const row = await findCategoryById(db, id);
      return row && toCategory(row);
    },

    async listPage(actor: Actor | null, page: number, limit: number) {
      requireRole(actor, 'editor');
      const { rows, total } = await listCategoryPage(db, { limit, offset: (page - 1) * limit });
      return {
        categories: rows.map(toCategory),
        currentPage: page,
        totalPages: Math.ceil(total / limit),
        totalCategories: total,
      };
    },

    async create(actor: Actor | null, input: CategoryInput): Promise<Category> {
      requireRole(actor, 'editor');
      const slug = categorySlug(input);
      try {
        const created = await insertCategory(db, {
          name: input.name,
          slug,
          description: input.description,
          isHome: input.isHome,
        });
        await changed();
        return toCategory(created);
      } catch (error) {
        return duplicate(error, input.name, slug);
      }
    },

    async update(actor: Actor | null, input: CategoryEdit): Promise<Category> {
      requireRole(actor, 'editor');
      const current = await findCategoryById(db, input._id);
      if (!current) throw notFound('Category not found.');
      // Without an explicit slug the address stays as it is; renaming does not move pages.
      const slug = input.slug ? categorySlug(input) : current.slug;
      try {
        const row = await updateCategory(db, input._id, {
          name: input.name,
          slug,
          description: input.description,
          isHome: input.isHome,
        });
        if (!row) throw notFound('Category not found.');
        await changed();
        return toCategory(row);
      } catch (error) {
        return duplicate(error, input.name, slug);
      }
    },

    /** Refused while articles are in it: nothing is deleted, and the count says why. */
    async remove(actor: Actor | null, id: string): Promise<{ message: string }> {
      requireRole(actor, 'editor');
      const row = await findCategoryById(db, id);
      if (!row) throw notFound('Category not found.');
      const inUse = await countArticlesInCategory(db, id);
      if (inUse > 0) {
        throw conflict(
          `Category "${row.name}" still has ${inUse} article${inUse === 1 ? '' : 's'}. Move or delete ${inUse === 1 ? 'it' : 'them'} first.`,
        );
      }
      try {
        await deleteCategory(db, id);
      } catch (error) {
        // An article was added between the count and the delete.
        if (isForeignKeyViolation(error))
          throw conflict(`Category "${row.name}" still has articles. Move or delete them first.`);
        throw error;
      }
      await changed();
      return { message: `Category "${row.name}" deleted.` };
    },
  };
}
export type CategoriesService = ReturnType<typeof createCategoriesService>;
