import { Link } from 'react-router';
import { useAdminCopy } from '../../copy/admin-language';

/**
 * Edit and Delete for one row; the buttons are named after the row for screen readers. Edit
 * is a link to a page, or opens something on the same page.
 */
export function RowActions({
  name,
  edit,
  onDelete,
}: {
  name: string;
  edit: string | (() => void);
  onDelete: () => void;
}) {
  const t = useAdminCopy();
  const editClass = 'btn btn-sm btn-outline-primary me-2';
  const editLabel = `${t.articles.edit}: ${name}`;
  return (
    // One box, so the two stay together in a phone's card (app.css `.data-table`).
    <span className="text-nowrap">
      {typeof edit === 'string' ? (
        <Link to={edit} className={editClass} aria-label={editLabel}>
          {t.articles.edit}
        </Link>
      ) : (
        <button type="button" className={editClass} aria-label={editLabel} onClick={edit}>
          {t.articles.edit}
        </button>
      )}
      <button
        type="button"
        className="btn btn-sm btn-outline-danger"
        aria-label={`${t.articles.delete}: ${name}`}
        onClick={onDelete}
      >
        {t.articles.delete}
      </button>
    </span>
  );
}
