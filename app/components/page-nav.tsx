import { PageLink } from './page-link';
import { useInterface } from '../copy/language';

/** Previous · Page N of M · Next under a paged list (category and search pages). */
export function PageNav({
  currentPage,
  totalPages,
  href,
}: {
  currentPage: number;
  totalPages: number;
  /** The address of page `n`. */
  href: (n: number) => string;
}) {
  const { t, lang } = useInterface();
  if (totalPages <= 1) return null;
  return (
    <nav
      lang={lang}
      aria-label={t.category.pagination}
      className="d-flex justify-content-center align-items-center gap-3 mt-4"
    >
      {currentPage > 1 ? (
        <PageLink to={href(currentPage - 1)} className="btn btn-outline-primary" rel="prev">
          {t.category.previous}
        </PageLink>
      ) : (
        <span className="btn btn-outline-primary disabled" aria-disabled="true">
          {t.category.previous}
        </span>
      )}
      <span aria-current="page">{t.category.pageOf(currentPage, totalPages)}</span>
      {currentPage < totalPages ? (
        <PageLink to={href(currentPage + 1)} className="btn btn-outline-primary" rel="next">
          {t.category.next}
        </PageLink>
      ) : (
        <span className="btn btn-outline-primary disabled" aria-disabled="true">
          {t.category.next}
        </span>
      )}
    </nav>
  );
}
