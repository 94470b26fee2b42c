/*
 * The desk's pages of an issue (issue 67 item 1): each with its thumbnail once made and its
 * progress stage by stage (rendered, views, zoom tiles, OCR), moved by dragging or by its
 * arrows (the keyboard's and a screen reader's way), or removed.
 */
import { useState } from 'react';
import type { EpaperIssue, EpaperPage } from '../../../common/schemas/epaper';
import type { EpaperDeskCopy } from '../../copy/epaper';

const BADGE = {
  waiting: 'text-bg-light',
  working: 'text-bg-info',
  done: 'text-bg-success',
  failed: 'text-bg-danger',
} as const;

function Progress({ page, d }: { page: EpaperPage; d: EpaperDeskCopy }) {
  return (
    <ul className="list-inline mb-0 small" aria-label={d.progress.views}>
      {(Object.keys(d.progress) as (keyof EpaperPage['progress'])[]).map((stage) => (
        <li key={stage} className="list-inline-item">
          {d.progress[stage]}:{' '}
          <span className={`badge ${BADGE[page.progress[stage]]}`} data-stage={stage}>
            {d.state[page.progress[stage]]}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A page's thumbnail once made, its file's name and its progress. */
function PageSummary({ page, d }: { page: EpaperPage; d: EpaperDeskCopy }) {
  return (
    <>
      {page.view ? (
        <img src={page.view.thumb} alt="" width={60} height={80} className="border" />
      ) : (
        <span className="border bg-light d-inline-block" style={{ width: 60, height: 80 }} />
      )}
      <div className="flex-grow-1">
        <div className="fw-semibold">{page.sourceName}</div>
        <Progress page={page} d={d} />
      </div>
    </>
  );
}

/** `ids` with the one at `from` put at `to`. */
const moved = (ids: string[], from: number, to: number) => {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  next.splice(to, 0, id!);
  return next;
};

export function EpaperPageList(props: {
  issue: EpaperIssue;
  d: EpaperDeskCopy;
  busy: boolean;
  onOrder: (order: string[]) => void;
  onRemove: (page: EpaperPage) => void;
  /** The page's boxes (issue 68 item 1), once its view is made. */
  boxes: { label: (n: number) => string; onOpen: (page: EpaperPage) => void };
}) {
  const { issue, d, busy, onOrder, onRemove, boxes } = props;
  const [dragged, setDragged] = useState<number | null>(null);
  const ids = issue.pages.map((p) => p._id);
  if (issue.pages.length === 0) return <p>{d.noPages}</p>;
  return (
    <>
      <p className="text-muted small">{d.reorderHint}</p>
      <ol className="list-group list-group-numbered" aria-label={d.pages}>
        {issue.pages.map((page, i) => (
          <li
            key={page._id}
            className="list-group-item d-flex gap-3 align-items-center"
            draggable={!busy}
            data-page={page.number}
            onDragStart={() => setDragged(i)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              if (dragged !== null && dragged !== i) onOrder(moved(ids, dragged, i));
              setDragged(null);
            }}
          >
            <PageSummary page={page} d={d} />
            {page.view && (
              <button
                type="button"
                className="btn btn-outline-primary btn-sm"
                onClick={() => boxes.onOpen(page)}
              >
                {boxes.label(page.number)}
              </button>
            )}
            <div className="btn-group btn-group-sm">
              <button
                type="button"
                className="btn btn-outline-secondary"
                aria-label={d.moveUp(page.number)}
                disabled={busy || i === 0}
                onClick={() => onOrder(moved(ids, i, i - 1))}
              >
                ↑
              </button>
              <button
                type="button"
                className="btn btn-outline-secondary"
                aria-label={d.moveDown(page.number)}
                disabled={busy || i === ids.length - 1}
                onClick={() => onOrder(moved(ids, i, i + 1))}
              >
                ↓
              </button>
              <button
                type="button"
                className="btn btn-outline-danger"
                aria-label={d.remove(page.number)}
                disabled={busy}
                onClick={() => onRemove(page)}
              >
                ✕
              </button>
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}
