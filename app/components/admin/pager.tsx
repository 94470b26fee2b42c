import { useAdminCopy } from '../../copy/admin-language';

/**
 * First, Prev, numbered pages, Next, Last (SPEC.md §2); First/Prev disabled on page 1 and
 * Next/Last on the last page (§4).
 */
export function Pager({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (n: number) => void;
}) {
  const t = useAdminCopy();
  if (totalPages <= 1) return null;
  const from = Math.max(1, Math.min(page - 2, totalPages - 4));
  const pages = Array.from({ length: Math.min(5, totalPages) }, (_, i) => from + i);
  const item = (label: string, target: number, disabled: boolean, current = false) => (
    <li
      key={`${label}-${target}`}
      className={`page-item${disabled ? ' disabled' : ''}${current ? ' active' : ''}`}
    >
      <button
        type="button"
        className="page-link"
        disabled={disabled}
        aria-current={current ? 'page' : undefined}
        onClick={() => onPage(target)}
      >
        {label}
      </button>
    </li>
  );
  return (
    <nav aria-label={t.pagination.label}>
      <ul className="pagination flex-wrap">
        {item(t.pagination.first, 1, page <= 1)}
        {item(t.pagination.prev, page - 1, page <= 1)}
        {pages.map((n) => item(String(n), n, false, n === page))}
        {item(t.pagination.next, page + 1, page >= totalPages)}
        {item(t.pagination.last, totalPages, page >= totalPages)}
      </ul>
    </nav>
  );
}
