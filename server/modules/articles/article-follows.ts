/*
 * Stories for one reader (issue 37 item 2): the feed of what they follow and the cards of what
 * they saved. The readers module keeps the follows and the saved ids; the cards are read here.
 */
import type { ArticleCard } from '../../../common/schemas/articles';
import type { ArticlesDeps } from './article-deps';
import {
  articleIdStored,
  listFollowed,
  publicCardsByIds,
  type Followed,
} from './article-follows-repository';
import { toCard } from './article-rows';

export type { Followed } from './article-follows-repository';

export function articleFollows({ db, clock }: Pick<ArticlesDeps, 'db' | 'clock'>) {
  return {
    /** One page of the published stories a reader follows, newest first. */
    async followedPage(followed: Followed, page: number, limit: number) {
      const { rows, total } = await listFollowed(db, {
        followed,
        limit,
        offset: (page - 1) * limit,
        now: clock.now(),
      });
      return {
        articles: rows.map(toCard),
        currentPage: page,
        totalPages: Math.ceil(total / limit),
      };
    },

    /**
     * The newest `limit` stories of these published after `since` (a newsletter's digest);
     * with `editions`, only stories in one of them (a digest bound to an edition).
     */
    async followedSince(
      followed: Followed,
      since: Date,
      limit: number,
      editions?: string[],
    ): Promise<ArticleCard[]> {
      const { rows } = await listFollowed(db, {
        followed,
        limit,
        offset: 0,
        now: clock.now(),
        since,
        editions,
      });
      return rows.map(toCard);
    },

    /** The cards of these ids readers may see now, in the order given (a saved list). */
    async publicCards(ids: string[]): Promise<ArticleCard[]> {
      const rows = await publicCardsByIds(db, ids, clock.now());
      const byId = new Map(rows.map((row) => [row.id, toCard(row)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** Whether any article, published or not, has this id. */
    idStored(id: string): Promise<boolean> {
      return articleIdStored(db, id);
    },
  };
}
