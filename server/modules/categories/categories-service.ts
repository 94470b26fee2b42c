import type { Category, CategoryEdit, CategoryInput } from '../../../common/schemas/categories';
import { CacheTags, type CacheChange } from '../../../common/cache-tags';
import { RESERVED_SLUGS, UNCATEGORISED_SEGMENT } from '../../../common/paths';
import { slugify } from '../../../common/slug';
import type { Db } from '../../../db/client';
import { requireRole, type Actor } from '../../lib/actor';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { conflict, fieldError, notFound } from '../../lib/errors';
import type { Clock } from '../../lib/clock';
import {
  countCategories,
  deleteCategory,
  existingSlugs,
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
  if (!slug) throw fieldError('body.slug', 'Give the category a slug of Latin letters or digits.');
  if (RESERVED_SLUGS.has(slug)) {
    const why =
      slug === UNCATEGORISED_SEGMENT
        ? `"${slug}" is where articles without a category live; choose another slug, such as "${slug}-news".`
        : `"${slug}" is used by the site itself; choose another slug.`;
    throw fieldError('body.slug', why);
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

/** What the categories module needs of the articles module. */
export interface CategoryArticles {
  countInCategory(categoryId: string): Promise<number>;
  /** Runs in the category update's transaction `tx`. */
  recordCategoryMove(tx: Db, categoryId: string, formerSlug: string): Promise<void>;
}

/** What the categories module needs of the settings module. */
export interface CategorySettings {
  /** The names of the settings that name the category with this slug. */
  naming(categorySlug: string): Promise<string[]>;
  /** The category once at `formerSlug` is now at `slug`: settings that named it follow. */
  categoryMoved(formerSlug: string, slug: string): Promise<void>;
}

/** What the categories module needs; the composition root passes the other modules' services. */
export interface CategoriesDeps {
  db: Db;
  clock: Clock;
  articles: CategoryArticles;
  settings: CategorySettings;
  /** Tells every process's kept answers what a write touched (server/lib/change-notices.ts). */
  contentChanged?: (change?: CacheChange) => Promise<void>;
}

export function createCategoriesService(deps: CategoriesDeps) {
  return { ...categoryReads(deps), ...categoryWrites(deps) };
}
export type CategoriesService = ReturnType<typeof createCategoriesService>;

/** Finding categories: for readers, for other modules, and the editors' list. */
function categoryReads({ db }: Pick<CategoriesDeps, 'db'>) {
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

    async findBySlug(slug: string): Promise<Category | undefined> {
      const row = await findCategoryBySlug(db, slug);
      return row && toCategory(row);
    },

    count: () => countCategories(db),

    /** Which of `slugs` name a category now. */
    existingSlugs: (slugs: string[]) => existingSlugs(db, slugs),

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
  };
}

/** Adding, editing and deleting categories (editors), and telling the kept pages what moved. */
function categoryWrites(deps: CategoriesDeps) {
  const { db, clock, articles, settings } = deps;
  const changed = deps.contentChanged ?? (async () => {});
  return {
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
        // A new category shows in the menu of every page (empty until it has articles).
        await changed({ stale: [CacheTags.categories] });
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
        const values = {
          name: input.name,
          slug,
          description: input.description,
          isHome: input.isHome,
        };
        const updated = await db.transaction(async (t) => {
          const tx = t as unknown as Db;
          const result = await updateCategory(tx, input._id, values, clock.now());
          if (result && result.formerSlug !== slug)
            await articles.recordCategoryMove(tx, input._id, result.formerSlug);
          return result;
        });
        if (!updated) throw notFound('Category not found.');
        // A home section that named the old slug follows the category to its new one.
        if (updated.formerSlug !== slug) await settings.categoryMoved(updated.formerSlug, slug);
        // A new name shows wherever the category does; a new slug moves every page under it
        // (its own and its articles'), so those are dropped, never served at the old address.
        const tag = CacheTags.category(input._id);
        const moved = updated.formerSlug !== slug;
        await changed({ stale: [CacheTags.categories, tag], drop: moved ? [tag] : [] });
        return toCategory(updated.row);
      } catch (error) {
        return duplicate(error, input.name, slug);
      }
    },

    /**
     * Refused while articles are in it or a setting names it (a home section would break for
     * every visitor): nothing is deleted, and the message says what holds it.
     */
    async remove(actor: Actor | null, id: string): Promise<{ message: string }> {
      requireRole(actor, 'editor');
      const row = await findCategoryById(db, id);
      if (!row) throw notFound('Category not found.');
      const [setting] = await settings.naming(row.slug);
      if (setting) {
        throw conflict(
          `Category "${row.name}" feeds a home section (setting "${setting}"). Choose other home sections in Settings first.`,
        );
      }
      const inUse = await articles.countInCategory(id);
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
      await changed({ stale: [CacheTags.categories], drop: [CacheTags.category(id)] });
      return { message: `Category "${row.name}" deleted.` };
    },
  };
}
