/**
 * DECISIONS.md §11: `pending` is submitted for review; `published` with a future `publishedAt`
 * is *scheduled* (a state of time, not a status: readers see it from that minute on).
 */
export const ARTICLE_STATUSES = ['draft', 'pending', 'published'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

/**
 * The admin list's status filter (issue 9 item 6): the stored statuses, with `published`
 * narrowed to what readers see now and `scheduled` for published with a time still to come,
 * so the four never overlap.
 */
export const ADMIN_STATUS_FILTERS = ['draft', 'pending', 'published', 'scheduled'] as const;
export type AdminStatusFilter = (typeof ADMIN_STATUS_FILTERS)[number];

/**
 * The admin list's orders, all newest (or most viewed) first, ties broken by id: `created` is
 * the order the list always had and stays the default; `updated` is what an editor works from;
 * `published` puts scheduled pieces (a time to come) on top; `views` the most read.
 */
export const ADMIN_SORTS = ['created', 'updated', 'published', 'views'] as const;
export type AdminSort = (typeof ADMIN_SORTS)[number];
/** The order the list has when none is asked for; it is left out of the list's address. */
export const ADMIN_DEFAULT_SORT: AdminSort = 'created';

/** The registry's codes (common/languages.ts, docs/decisions/041), where lists import them. */
export { LANGUAGES, type Language } from './languages';

/** SPEC.md §9 constants. */
export const HOME_SECTION_SIZE = 3;
export const CATEGORY_PAGE_SIZE = 9;
export const ADMIN_PAGE_SIZE = 10;
/** The longest search a reader may ask, on /search, the API and the admin list (issue 10). */
export const SEARCH_QUERY_MAX = 200;
export const HOME_EXCERPT_LENGTH = 200;
export const CARD_EXCERPT_LENGTH = 150;

/** The aspect ratios Google asks article images in (16:9, 4:3, 1:1), as the crops' names. */
export const CROP_RATIOS = ['16x9', '4x3', '1x1'] as const;
export type CropRatio = (typeof CROP_RATIOS)[number];
