/*
 * The back office's reads of articles: the admin list, the dashboard's upcoming list and
 * counts, and what waits on someone.
 */
import { hasRole } from '../../../common/roles';
import type { AdminArticleQuery } from '../../../common/schemas/article-lists';
import { queryTerms, toTsquery } from '../../../common/search/search-query';
import { requireRole, type Actor } from '../../lib/actor';
import { listForAdmin, listUpcoming } from './article-admin-repository';
import { pageCount } from './article-reads';
import { toAdminRow } from './article-rows';
import { countInCategory, existingArticleIds, isPublicArticleId } from './articles-repository';
import { articleCounts, countAwaiting, listScheduled } from './article-desk-repository';
import type { ArticlePartsDeps } from './article-deps';

export function articleDesk({
  db,
  clock,
  hooks,
}: Pick<ArticlePartsDeps, 'db' | 'clock' | 'hooks'>) {
  return {
    /**
     * The admin list (issue 9 item 6): staff see every article, an author only their own, any
     * byline of which is theirs (issue 36 item 8: the pieces they co-wrote too); an author asking
     * for someone else's gets an empty page, never theirs. `authorId` means any byline. Title
     * search, the filters and the order all come from the query; absent, the list is as it was.
     * `edition` keeps the stories in one edition; a desk limited to editions sees theirs first.
     */
    async adminList(actor: Actor | null, query: AdminArticleQuery) {
      const a = requireRole(actor, 'author');
      const { page, limit } = query;
      const own = hasRole(a.role, 'editor') ? undefined : a.id;
      const empty = {
        articles: [],
        currentPage: page,
        totalPages: 0,
        totalArticles: 0,
        estimated: false,
      };
      if (own && query.authorId && query.authorId !== own) return empty;
      // A title search matches as readers' search does, in the title's lexemes only.
      const terms = query.q ? queryTerms(query.q, query.language) : [];
      const titleSearch = terms.length ? toTsquery(terms, 'A') : undefined;
      // A desk limited to editions sees its editions' stories first (issue 65 item 5).
      const firstEditions = query.edition ? undefined : await hooks.deskEditions?.(a.id);
      const { rows, total, estimated } = await listForAdmin(db, {
        ...query,
        firstEditions,
        authorId: own ?? query.authorId,
        titleSearch,
        now: clock.now(),
        offset: (page - 1) * limit,
      });
      const articles = rows.map(toAdminRow);
      return {
        articles,
        currentPage: page,
        totalPages: pageCount(total, limit),
        totalArticles: total,
        estimated,
      };
    },

    /**
     * Scheduled articles, the next to go out first (the dashboard): all of them for editors
     * and up, an author's own for an author.
     */
    async upcoming(actor: Actor | null, limit: number) {
      const a = requireRole(actor, 'author');
      const authorId = hasRole(a.role, 'editor') ? undefined : a.id;
      const rows = await listUpcoming(db, { authorId, now: clock.now(), limit });
      return rows.map(toAdminRow);
    },

    /** Pieces submitted for review (no author), or an author's pieces sent back to them. */
    countAwaiting: (opts: { authorId?: string }) => countAwaiting(db, opts),
    /** Articles published for a time still to come. */
    listScheduled: () => listScheduled(db, clock.now()),

    /** Whether readers may see the article now: only their views are counted. */
    isPublic: (id: string) => isPublicArticleId(db, id, clock.now()),
    /** Which of these articles still exist (views counted before a delete are dropped). */
    existingIds: (ids: string[]) => existingArticleIds(db, ids),
    counts: () => articleCounts(db, clock.now()),
    countInCategory: (categoryId: string) => countInCategory(db, categoryId),
  };
}
