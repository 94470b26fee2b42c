import type { ListPage } from '../../common/list-keys';
import { useInterface } from '../copy/language';
import { listHref, pageSuffix } from '../features/lists/reading-list';
import { PageLink } from './page-link';

/**
 * Previous · Page N of M (or the day a deep page starts) · Next under a reading list
 * (docs/decisions/069): Previous goes to newer stories, Next to older ones, by number on the
 * first pages and by key past them.
 */
export function ListNav({
  list,
  path,
}: {
  list: ListPage<{ publishedAt: string }>;
  /** The list's own address (its page 1). */
  path: string;
}) {
  const { t, lang, locale } = useInterface();
  if (!list.newer && !list.older) return null;
  const link = (at: ListPage<unknown>['older'], rel: 'prev' | 'next', text: string) =>
    at ? (
      <PageLink to={listHref(path, at)} className="btn btn-outline-primary" rel={rel}>
        {text}
      </PageLink>
    ) : (
      <span className="btn btn-outline-primary disabled" aria-disabled="true">
        {text}
      </span>
    );
  const here =
    list.currentPage === null
      ? pageSuffix(list, { t, locale })
      : t.category.pageOf(list.currentPage, list.totalPages ?? 1);
  return (
    <nav
      lang={lang}
      aria-label={t.category.pagination}
      className="d-flex justify-content-center align-items-center gap-3 mt-4"
    >
      {link(list.newer, 'prev', t.category.previous)}
      <span aria-current="page">{here}</span>
      {link(list.older, 'next', t.category.next)}
    </nav>
  );
}
