import { UUID_PATTERN } from '../../../common/schemas/common';
import type { Article } from '../../../common/schemas/articles';
import type { ArticlesDeps } from './article-deps';
import { toArticle } from './article-rows';
import {
  countForSync,
  findPublicByIdOrSlug,
  listForSync,
  publicIdsAmong,
  type SyncFilter,
} from './article-sync-repository';

export type { SyncFilter } from './article-sync-repository';

/** A published article as an app syncs it: whole, with the moment it last changed for readers. */
export type SyncedArticle = Article & { changedAt: string };

/** Reads for apps that keep their own copy of the published articles (issue 41 item 2). */
export function articleSync({ db, clock }: Pick<ArticlesDeps, 'db' | 'clock'>) {
  const synced = (row: Parameters<typeof toArticle>[0], now: Date): SyncedArticle => {
    const article = toArticle(row, now);
    const changed = Math.max(row.updatedAt.getTime(), row.publishedAt.getTime());
    return { ...article, changedAt: new Date(changed).toISOString() };
  };
  return {
    /** A page of the published articles `filter` selects, in the order they changed. */
    async syncPage(
      filter: Omit<SyncFilter, 'now'>,
      page: number,
      limit: number,
    ): Promise<{ articles: SyncedArticle[]; total: number }> {
      const now = clock.now();
      const [rows, total] = await Promise.all([
        listForSync(db, { ...filter, now }, { limit, offset: (page - 1) * limit }),
        countForSync(db, { ...filter, now }),
      ]);
      return { articles: rows.map((row) => synced(row, now)), total };
    },

    /** A published article by id or slug, or undefined. */
    async publicByIdOrSlug(idOrSlug: string): Promise<SyncedArticle | undefined> {
      const now = clock.now();
      const key = UUID_PATTERN.test(idOrSlug)
        ? { id: idOrSlug, slug: idOrSlug }
        : { slug: idOrSlug };
      const row = await findPublicByIdOrSlug(db, key, now);
      return row && synced(row, now);
    },

    /** Which of `ids` are public now. */
    publicIdsAmong: (ids: string[]) => publicIdsAmong(db, ids, clock.now()),
  };
}
