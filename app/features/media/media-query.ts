import { MEDIA_PAGE_SIZE, MediaQuerySchema } from '../../../common/schemas/media';

/** The library's search and filters, as they live in /admin/media's address and the API's query. */
export const MEDIA_FILTERS = ['q', 'type', 'month', 'uploadedBy'] as const;
export type MediaFilter = (typeof MEDIA_FILTERS)[number];
export type MediaFilters = Partial<Record<MediaFilter, string>>;

const shape = MediaQuerySchema.shape;

/**
 * The filters of a library address, each checked with the API's own schema: a value the API
 * would refuse (an old bookmark, a hand-typed address) is left out rather than breaking the page.
 */
export function mediaFilters(url: string | URL): MediaFilters {
  const params = new URL(url).searchParams;
  const filters: MediaFilters = {};
  for (const key of MEDIA_FILTERS) {
    const raw = params.get(key)?.trim();
    if (raw && shape[key].safeParse(raw).success) filters[key] = raw;
  }
  return filters;
}

/** The API call of one page of the library with these filters. */
export function mediaListApiPath(page: number, filters: MediaFilters, limit = MEDIA_PAGE_SIZE) {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  return `/api/media?${query}`;
}
