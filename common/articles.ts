/**
 * DECISIONS.md §11: `pending` is submitted for review; `published` with a future `publishedAt`
 * is *scheduled* (a state of time, not a status: readers see it from that minute on).
 */
export const ARTICLE_STATUSES = ['draft', 'pending', 'published'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const LANGUAGES = ['hi', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** SPEC.md §9 constants. */
export const HOME_SECTION_SIZE = 3;
export const CATEGORY_PAGE_SIZE = 9;
export const ADMIN_PAGE_SIZE = 10;
export const HOME_EXCERPT_LENGTH = 200;
export const CARD_EXCERPT_LENGTH = 150;
