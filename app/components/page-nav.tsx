import { Link } from 'react-router';
import { copy } from '../copy/en';

/** ?page=N, where anything but a whole number from 1 reads as page 1. */
export function pageParam(url: URL): number {
  const raw = url.searchParams.get('page');
  const n = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return n >= 1 ? n : 1;
}

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
  if (totalPages <= 1) return null;
  return (
    <nav
      aria-label={copy.category.pagination}
      className="d-flex justify-content-center align-items-center gap-3 mt-4"
    >
      {currentPage > 1 ? (
        <Link to={href(currentPage - 1)} className="btn btn-outline-primary" rel="prev">
          {copy.category.previous}
        </Link>
      ) : (
        <span className="btn btn-outline-primary disabled" aria-disabled="true">
          {copy.category.previous}
        </span>
      )}
      <span aria-current="page">{copy.category.pageOf(currentPage, totalPages)}</span>
      {currentPage < totalPages ? (
        <Link to={href(currentPage + 1)} className="btn btn-outline-primary" rel="next">
          {copy.category.next}
        </Link>
      ) : (
        <span className="btn btn-outline-primary disabled" aria-disabled="true">
          {copy.category.next}
        </span>
      )}
    </nav>
  );
}
