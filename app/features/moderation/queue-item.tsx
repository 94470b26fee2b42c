import { Link } from 'react-router';
import type { CommentStatus, QueueItem } from '../../../common/schemas/comments';
import { useAdminInterface } from '../../copy/admin-language';
import { commentDeskCopy } from '../../copy/comment-desk';
import type { CommentModerationCopy } from '../../copy/comment-moderation';

/** The statuses a moderator may move a comment to from where it is. */
export const MOVES: { status: CommentStatus; label: keyof CommentModerationCopy }[] = [
  { status: 'approved', label: 'approve' },
  { status: 'spam', label: 'spam' },
  { status: 'rejected', label: 'reject' },
  { status: 'pending', label: 'hold' },
];

/**
 * One comment of the queue: its reader (marked "Staff" for the newsroom), its story, why it
 * waits, its readers' reports, its text as typed (shown as text, never as markup), a box to
 * select it and a button for each status it may move to.
 */
export function QueueEntry({
  item,
  t,
  locale,
  current,
  selected,
  onSelect,
  onMove,
}: {
  item: QueueItem;
  t: CommentModerationCopy;
  locale: string;
  current: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onMove: (status: CommentStatus) => void;
}) {
  const name = item.author?.name ?? t.deletedReader;
  const when = new Date(item.createdAt).toLocaleString(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <li
      className={`list-group-item${current ? ' border-primary border-2' : ''}`}
      aria-current={current ? 'true' : undefined}
      data-comment={item._id}
    >
      <div className="d-flex gap-2 align-items-start">
        <input
          type="checkbox"
          className="form-check-input mt-1"
          aria-label={t.select(name)}
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
        />
        <div className="flex-grow-1 min-w-0">
          <p className="mb-1">
            <strong>{name}</strong>
            {item.author?.staff && (
              <span className="badge bg-info text-dark ms-1">{t.staff}</span>
            )}{' '}
            <span className="text-body-secondary">{t.on(item.article.title)}</span>{' '}
            <small className="text-body-secondary">{when}</small>
          </p>
          <p className="mb-2" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {item.text}
          </p>
          <p className="small mb-2">
            {item.reason && <span className="me-2">{t.reason(t.reasons[item.reason])}</span>}
            {item.reportCount > 0 && (
              <span className="badge bg-warning text-dark">{t.reports(item.reportCount)}</span>
            )}
          </p>
          <div className="d-flex flex-wrap gap-2">
            {MOVES.filter((m) => m.status !== item.status || item.reportCount > 0).map((m) => (
              <button
                key={m.status}
                type="button"
                className={`btn btn-sm ${m.status === 'approved' ? 'btn-success' : 'btn-outline-secondary'}`}
                onClick={() => onMove(m.status)}
              >
                {t[m.label] as string}
              </button>
            ))}
            {item.author && !item.author.staff && <BanLink id={item.author._id} name={name} />}
          </div>
        </div>
      </div>
    </li>
  );
}

/** The bans screen with the comment's reader chosen (issue 42 item 2). */
function BanLink({ id, name }: { id: string; name: string }) {
  const { lang } = useAdminInterface();
  return (
    <Link
      className="btn btn-sm btn-outline-danger"
      to={`/admin/comment-bans?${new URLSearchParams({ reader: id, name }).toString()}`}
    >
      {commentDeskCopy[lang].bans.banReader(name)}
    </Link>
  );
}
