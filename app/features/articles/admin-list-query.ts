import { ADMIN_DEFAULT_SORT, ADMIN_PAGE_SIZE } from '../../../common/articles';
import { AdminArticleQuerySchema } from '../../../common/schemas/article-lists';

/** The admin list's filters, as they live in the page's address and the API's query. */
export const ADMIN_LIST_FILTERS = [
  'q',
  'status',
  'categoryId',
  'authorId',
  'language',
  'edition',
  'sort',
] as const;
export type AdminListFilter = (typeof ADMIN_LIST_FILTERS)[number];

const shape = AdminArticleQuerySchema.shape;

/**
 * The filters of a list address (issue 9 item 6), each checked with the API's own schema: a
 * value the API would refuse (an old bookmark, a hand-typed address) is left out rather than
 * breaking the page. `sort` is kept only when it is not the default.
 */
export function adminListFilters(url: string | URL): Partial<Record<AdminListFilter, string>> {
  const params = new URL(url).searchParams;
  const filters: Partial<Record<AdminListFilter, string>> = {};
  for (const key of ADMIN_LIST_FILTERS) {
    const raw = params.get(key)?.trim();
    if (!raw) continue;
    const parsed = shape[key].safeParse(raw);
    if (
      parsed.success &&
      parsed.data !== undefined &&
      !(key === 'sort' && raw === ADMIN_DEFAULT_SORT)
    )
      filters[key] = raw;
  }
  return filters;
}

/** The API call of one page of the list with these filters. */
export function adminListApiPath(page: number, filters: Partial<Record<AdminListFilter, string>>) {
  const query = new URLSearchParams({ page: String(page), limit: String(ADMIN_PAGE_SIZE) });
  for (const [key, value] of Object.entries(filters)) query.set(key, value);
  return `/api/articles/admin-article?${query}`;
}
