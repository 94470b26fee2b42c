/*
 * Adding, editing and deleting categories (editors), each with the event that says what moved
 * for the kept pages (server/events); sections go one level deep (docs/decisions/043).
 */
import type { Category, CategoryEdit, CategoryInput } from '../../../common/schemas/categories';
import { CacheTags } from '../../../common/cache-tags';
import { categoryPath, RESERVED_SLUGS, UNCATEGORISED_SEGMENT } from '../../../common/paths';
import type { EventDraft } from '../../events/outbox';
import { slugify } from '../../../common/slug';
import type { Db } from '../../../db/client';
import { requireRole, type Actor } from '../../lib/actor';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { conflict, fieldError, notFound } from '../../lib/errors';
import {
  deleteCategory,
  findCategoryById,
  insertCategory,
  listChildren,
  lockCategories,
  updateCategory,
  type CategoryRow,
  type CategoryValues,
} from './categories-repository';
import type { CategoriesDeps } from './categories-deps';
import { toCategory } from './category-reads';

/** The slug to store: the given one or one from the name, in the slug alphabet, not reserved. */
function categorySlug(input: { name: string; slug?: string | undefined }): string {
  const slug = slugify(input.slug || input.name);
  if (!slug) throw fieldError('body.slug', 'category.slug_needs_latin');
  if (RESERVED_SLUGS.has(slug)) {
    const why =
      slug === UNCATEGORISED_SEGMENT ? 'category.slug_uncategorised' : 'category.slug_reserved';
    throw fieldError('body.slug', why, { slug });
  }
  return slug;
}

function duplicate(error: unknown, name: string, slug: string): never {
  if (isUniqueViolation(error, 'categories_name_unique'))
    throw conflict('category.name_taken', { name });
  if (isUniqueViolation(error, 'categories_slug_unique'))
    throw conflict('category.slug_taken', { slug });
  throw error;
}

const PARENT_PATH = 'body.parentId';

/**
 * Checks, on rows the caller has locked (lockCategories), that `category` (undefined: a new
 * one) may go under `parentId`: the parent exists, is not the category itself, and is at the
 * top; and the category has no children of its own (sections go one level deep). Throws a 400
 * naming what is in the way.
 */
async function checkParent(
  tx: Db,
  locked: CategoryRow[],
  category: CategoryRow | undefined,
  parentId: string,
): Promise<void> {
  if (category && parentId === category.id) throw fieldError(PARENT_PATH, 'category.own_parent');
  const parent = locked.find((r) => r.id === parentId);
  if (!parent) throw fieldError(PARENT_PATH, 'category.parent_unknown');
  if (parent.parentId) {
    const grandparent = await findCategoryById(tx, parent.parentId);
    throw fieldError(PARENT_PATH, 'category.parent_nested', {
      parent: parent.name,
      ...(grandparent ? { grandparent: grandparent.name } : {}),
    });
  }
  if (!category) return;
  const children = await listChildren(tx, category.id);
  if (children.length > 0)
    throw fieldError(PARENT_PATH, 'category.sections_cannot_nest', {
      name: category.name,
      sections: children.map((c) => c.name),
    });
}

/** The values a save stores: the input's, and for what it leaves out, what is stored now. */
function valuesOf(
  input: CategoryInput,
  slug: string,
  current?: CategoryRow,
): Omit<CategoryValues, 'parentId'> {
  return {
    name: input.name,
    nameHi: input.nameHi ?? current?.nameHi ?? '',
    nameEn: input.nameEn ?? current?.nameEn ?? '',
    slug,
    description: input.description,
    isHome: input.isHome,
    commentsOpen:
      input.commentsOpen === undefined ? (current?.commentsOpen ?? null) : input.commentsOpen,
  };
}

/** Adding and editing categories (editors), and telling the kept pages what moved. */
export function categoryWrites(deps: CategoriesDeps) {
  const { db, clock, articles, settings, outbox } = deps;
  return {
    async create(actor: Actor | null, input: CategoryInput): Promise<Category> {
      requireRole(actor, 'editor');
      const slug = categorySlug(input);
      const parentId = input.parentId ?? null;
      try {
        const created = await outbox.transaction(async (tx, record) => {
          // The parent stays at the top until this one is in (checkParent).
          if (parentId)
            await checkParent(tx, await lockCategories(tx, [parentId]), undefined, parentId);
          const row = await insertCategory(tx, { ...valuesOf(input, slug), parentId });
          // A new category shows in the menu of every page once it has articles (the menu's
          // pages keep its list's tag meanwhile), and on its parent's page.
          record({
            type: 'category.created',
            subject: { kind: 'category', id: row.id },
            data: { name: row.name, slug: row.slug, parentId },
            cache: {
              stale: [CacheTags.categories, ...(parentId ? [CacheTags.category(parentId)] : [])],
            },
          });
          return row;
        });
        return toCategory(created);
      } catch (error) {
        return duplicate(error, input.name, slug);
      }
    },

    async update(actor: Actor | null, input: CategoryEdit): Promise<Category> {
      requireRole(actor, 'editor');
      const current = await findCategoryById(db, input._id);
      if (!current) throw notFound('category.not_found');
      // Without an explicit slug the address stays as it is; renaming does not move pages.
      const slug = input.slug ? categorySlug(input) : current.slug;
      const wanted = input.parentId;
      try {
        const updated = await outbox.transaction(async (tx, record) => {
          const locked = await lockCategories(tx, wanted ? [input._id, wanted] : [input._id]);
          const self = locked.find((r) => r.id === input._id);
          if (!self) return undefined;
          // Left out, the parent stays; null moves the category to the top level.
          const parentId = wanted === undefined ? self.parentId : wanted;
          if (parentId && parentId !== self.parentId) await checkParent(tx, locked, self, parentId);
          const values = { ...valuesOf(input, slug, self), parentId };
          const result = await updateCategory(tx, input._id, values, clock.now());
          if (!result) return undefined;
          if (result.formerSlug !== slug)
            await articles.recordCategoryMove(tx, input._id, result.formerSlug);
          record(categoryUpdated(input._id, result, [self.parentId, parentId]));
          return result;
        });
        if (!updated) throw notFound('category.not_found');
        // A home section that named the old slug follows the category to its new one.
        if (updated.formerSlug !== slug) await settings.categoryMoved(updated.formerSlug, slug);
        return toCategory(updated.row);
      } catch (error) {
        return duplicate(error, input.name, slug);
      }
    },
  };
}

/** Deleting a category (editors), and telling the kept pages it went. */
export function categoryRemoval(deps: CategoriesDeps) {
  const { db, articles, settings, outbox } = deps;
  return {
    /**
     * Refused while articles are in it, a setting names it (a home section would break for
     * every visitor) or other categories are inside it (they would lose their place): nothing
     * is deleted, and the message says what holds it.
     */
    async remove(actor: Actor | null, id: string): Promise<{ message: string }> {
      requireRole(actor, 'editor');
      const row = await findCategoryById(db, id);
      if (!row) throw notFound('category.not_found');
      const [setting] = await settings.naming(row.slug);
      if (setting) {
        throw conflict('category.feeds_home', { name: row.name, setting });
      }
      const children = await listChildren(db, id);
      if (children.length > 0) throw hasSections(row.name, children);
      const inUse = await articles.countInCategory(id);
      if (inUse > 0) {
        throw conflict('category.has_articles', { name: row.name, count: inUse });
      }
      try {
        await outbox.transaction(async (tx, record) => {
          await deleteCategory(tx, id);
          const parent = row.parentId ? [CacheTags.category(row.parentId)] : [];
          record({
            type: 'category.deleted',
            subject: { kind: 'category', id },
            data: { name: row.name, slug: row.slug },
            cache: {
              stale: [CacheTags.categories, ...parent],
              drop: [CacheTags.category(id)],
              urls: [categoryPath(row.slug)],
            },
          });
        });
      } catch (error) {
        // A section was put inside it between the check and the delete.
        if (isForeignKeyViolation(error, PARENT_FOREIGN_KEY))
          throw hasSections(row.name, await listChildren(db, id));
        // An article was added between the count and the delete.
        if (isForeignKeyViolation(error))
          throw conflict('category.has_articles_now', { name: row.name });
        throw error;
      }
      return { message: `Category "${row.name}" deleted.` };
    },
  };
}

/**
 * A category changed: a new name shows wherever the category does (the menu is on every page);
 * a new slug moves every page under it (its own and its articles'), so those are dropped, never
 * served at the old address. A move between parents changes both parents' pages.
 */
function categoryUpdated(
  id: string,
  result: { formerSlug: string; row: { name: string; slug: string } },
  parents: (string | null)[],
): EventDraft {
  const tag = CacheTags.category(id);
  const moved = result.formerSlug !== result.row.slug;
  const parentIds = [...new Set(parents.filter((p): p is string => !!p))];
  return {
    type: 'category.updated',
    subject: { kind: 'category', id },
    data: { name: result.row.name, slug: result.row.slug, formerSlug: result.formerSlug },
    cache: {
      stale: [CacheTags.categories, tag, ...parentIds.map(CacheTags.category)],
      drop: moved ? [tag] : [],
      urls: [...new Set([categoryPath(result.formerSlug), categoryPath(result.row.slug)])],
    },
  };
}

/** The foreign key that keeps a parent with children from going (migration 0026). */
const PARENT_FOREIGN_KEY = 'categories_parent_id_categories_id_fk';

const hasSections = (name: string, children: { name: string }[]) =>
  conflict('category.has_sections', { name, sections: children.map((c) => c.name) });
