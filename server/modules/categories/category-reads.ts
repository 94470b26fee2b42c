/*
 * Finding categories: the answer's shape, the menu (issue 26 item 6), and the reads readers,
 * other modules and the editors' list make.
 */
import type {
  Category,
  CategoryFamily,
  CategoryMenu,
  MenuSection,
} from '../../../common/schemas/categories';
import { CacheTags } from '../../../common/cache-tags';
import { UNKEPT } from '../../caching/kept-values';
import { requireRole, type Actor } from '../../lib/actor';
import { notFound } from '../../lib/errors';
import {
  countCategories,
  existingSlugs,
  findCategoryById,
  findCategoryBySlug,
  findCurrentSlugForFormer,
  listAllCategories,
  listCategoryPage,
  listChildren,
  type CategoryRow,
} from './categories-repository';
import type { CategoriesDeps } from './categories-deps';

/** The kept list's and menu's keys (caching/kept-values.ts). */
const KEPT_CATEGORIES = 'categories';
const KEPT_MENU = 'categories-menu';

export const toCategory = (row: CategoryRow): Category => ({
  _id: row.id,
  name: row.name,
  nameHi: row.nameHi,
  nameEn: row.nameEn,
  slug: row.slug,
  description: row.description,
  isHome: row.isHome,
  parentId: row.parentId,
  commentsOpen: row.commentsOpen,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * The menu (issue 26 item 6): every top-level category that is on the home page or has
 * articles readers may see (its own or its children's), each with its children that are; so
 * every category with a published article is reachable, under its parent. By name.
 */
export function categoryMenu(rows: CategoryRow[], withArticles: ReadonlySet<string>): CategoryMenu {
  const childrenOf = new Map<string, CategoryRow[]>();
  for (const row of rows)
    if (row.parentId) childrenOf.set(row.parentId, [...(childrenOf.get(row.parentId) ?? []), row]);
  const listed = (row: CategoryRow) => row.isHome || withArticles.has(row.id);
  const sections: MenuSection[] = [];
  const shown = new Set<string>();
  for (const row of rows) {
    if (row.parentId) continue;
    const children = (childrenOf.get(row.id) ?? []).filter(listed);
    if (!listed(row) && children.length === 0) continue;
    sections.push({ ...toCategory(row), children: children.map(toCategory) });
    for (const c of [row, ...children]) shown.add(c.id);
  }
  return { sections, unlisted: rows.filter((r) => !shown.has(r.id)).map((r) => r.id) };
}

/** Finding categories: for readers, for other modules, and the editors' list. */
export function categoryReads({
  db,
  articles,
  kept = UNKEPT,
}: Pick<CategoriesDeps, 'db' | 'articles' | 'kept'>) {
  /**
   * Every category, by name, as the readers' pages show them: every render reads them (the
   * menu, an article's breadcrumb), so they are kept until a category changes (every category
   * write names CacheTags.categories). Frozen: shared by every render.
   */
  const shownRows = () =>
    kept.get(KEPT_CATEGORIES, [CacheTags.categories], async () => listAllCategories(db));
  return {
    async listAll(): Promise<Category[]> {
      return (await shownRows()).map(toCategory);
    },

    /** The home categories, by name (the kept list's, in its order). */
    async listHome(): Promise<Category[]> {
      return (await shownRows()).filter((r) => r.isHome).map(toCategory);
    },

    /**
     * The readers' menu (categoryMenu), from two reads side by side. Kept as pages showing it
     * are (app/root.tsx): until a category changes, or a category it leaves out gets its first
     * public article (its list's tag); a category losing its last one names CacheTags.categories
     * (articles/article-events.ts).
     */
    menu: (): Promise<CategoryMenu> =>
      kept.get(
        KEPT_MENU,
        (menu) => [CacheTags.categories, ...menu.unlisted.map(CacheTags.categoryList)],
        async () => {
          const [rows, withArticles] = await Promise.all([
            shownRows(),
            articles.categoriesWithPublicArticles(),
          ]);
          return categoryMenu(rows, new Set(withArticles));
        },
      ),

    async bySlug(slug: string): Promise<Category> {
      const row = await findCategoryBySlug(db, slug);
      if (!row) throw notFound('category.not_found');
      return toCategory(row);
    },

    /** The category at `slug` with its parent and children (by name); undefined if none. */
    async familyBySlug(slug: string): Promise<CategoryFamily | undefined> {
      const rows = await shownRows();
      const self = rows.find((r) => r.slug === slug);
      if (!self) return undefined;
      const parent = self.parentId ? rows.find((r) => r.id === self.parentId) : undefined;
      return {
        category: toCategory(self),
        parent: parent ? toCategory(parent) : null,
        children: rows.filter((r) => r.parentId === self.id).map(toCategory),
      };
    },

    /** The category `id` after its parent, if it has one (an article's breadcrumb); [] if none. */
    async trail(id: string): Promise<Category[]> {
      const rows = await shownRows();
      const row = rows.find((r) => r.id === id);
      if (!row) return [];
      const parent = row.parentId ? rows.find((r) => r.id === row.parentId) : undefined;
      return [...(parent ? [parent] : []), row].map(toCategory);
    },

    /** A category's say on its stories' comments (issue 42 item 1), from the kept list. */
    async commentsOpenOf(id: string): Promise<boolean | null> {
      return (await shownRows()).find((r) => r.id === id)?.commentsOpen ?? null;
    },

    /** The ids of the categories under `id` (a category page lists their articles too). */
    async childIds(id: string): Promise<string[]> {
      return (await listChildren(db, id)).map((r) => r.id);
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
