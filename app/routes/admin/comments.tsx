import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import {
  QUEUE_STATUS_VALUES,
  type CommentStatus,
  type QueuePage,
  type QueueStatus,
} from '../../../common/schemas/comments';
import { Pager } from '../../components/admin/pager';
import { useAdminInterface } from '../../copy/admin-language';
import { commentModerationCopy, type CommentModerationCopy } from '../../copy/comment-moderation';
import { saidOf } from '../../copy/refusals';
import { adminApi } from '../../features/api/admin-api';
import { pageParam } from '../../features/api/page-param';
import { useListPage } from '../../features/api/use-list-page';
import { QueueEntry } from '../../features/moderation/queue-item';
import { QUEUE_KEYS, useQueueKeys, type QueueKey } from '../../features/moderation/use-queue-keys';
import { requireModeratorScreen } from '../../features/session/screen-guard';
import type { Route } from './+types/comments';

/** The tab a `?status=` names; anything else is the waiting comments. */
const statusParam = (url: string): QueueStatus => {
  const raw = new URL(url).searchParams.get('status');
  return (QUEUE_STATUS_VALUES as readonly string[]).includes(raw ?? '')
    ? (raw as QueueStatus)
    : 'pending';
};

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireModeratorScreen(context, request);
  return null;
}

export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  await serverLoader();
  const status = statusParam(request.url);
  const query = new URLSearchParams({ status, page: String(pageParam(request.url)) });
  // One story's comments (a link from elsewhere may name it; the tabs keep it).
  const article = new URL(request.url).searchParams.get('article');
  if (article && /^[0-9a-f-]{36}$/i.test(article)) query.set('article', article);
  const page = await adminApi<QueuePage>(`/api/comments?${query.toString()}`);
  return { status, ...page };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const { t } = useAdminInterface();
  return <p>{t.loading}</p>;
}

const KEY_ACTIONS: Partial<Record<QueueKey, CommentStatus>> = {
  approve: 'approved',
  spam: 'spam',
  reject: 'rejected',
};

/**
 * The moderators' queue (issue 42 item 2): readers' comments by status, each with its story,
 * reader, why it waits and its reports; decided one by one, or selected and decided together,
 * with the mouse or the keys listed under the list.
 */
export default function AdminComments({ loaderData }: Route.ComponentProps) {
  const { lang, locale, say } = useAdminInterface();
  const t = commentModerationCopy[lang];
  const { status, comments, currentPage, totalPages } = loaderData;
  const list = useListPage({ currentPage, rowsOnPage: comments.length });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [cursor, setCursor] = useState(0);

  const move = useCallback(
    async (ids: string[], to: CommentStatus) => {
      if (!ids.length) return;
      try {
        const { updated } = await adminApi<{ updated: number }>('/api/comments/moderate', {
          method: 'POST',
          body: { ids, status: to },
        });
        toast.success(t.done(updated));
        setSelected(new Set());
      } catch (error) {
        toast.error(say(saidOf(error)));
      }
      await list.reload();
    },
    [t, say, list],
  );

  const toggle = (id: string, on: boolean) =>
    setSelected((was) => {
      const next = new Set(was);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const onKey = useCallback(
    (key: QueueKey) => {
      const here = comments[Math.min(cursor, comments.length - 1)];
      if (key === 'next') setCursor((c) => Math.min(c + 1, comments.length - 1));
      else if (key === 'previous') setCursor((c) => Math.max(c - 1, 0));
      else if (key === 'select' && here) toggle(here._id, !selected.has(here._id));
      const to = KEY_ACTIONS[key];
      if (to) void move(selected.size ? [...selected] : here ? [here._id] : [], to);
    },
    [comments, cursor, selected, move],
  );
  useQueueKeys(onKey);

  return (
    <>
      <h1 className="h3 mb-2">{t.title}</h1>
      <p className="text-body-secondary">{t.intro}</p>
      <StatusTabs t={t} status={status} />
      <BulkBar t={t} count={selected.size} onMove={(to) => void move([...selected], to)}>
        <input
          type="checkbox"
          className="form-check-input"
          aria-label={t.selectAll}
          checked={comments.length > 0 && comments.every((c) => selected.has(c._id))}
          onChange={(e) => setSelected(new Set(e.target.checked ? comments.map((c) => c._id) : []))}
        />
      </BulkBar>
      {comments.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <ul className="list-group mb-3" aria-label={t.listLabel}>
          {comments.map((item, i) => (
            <QueueEntry
              key={item._id}
              item={item}
              t={t}
              locale={locale}
              current={i === cursor}
              selected={selected.has(item._id)}
              onSelect={(on) => toggle(item._id, on)}
              onMove={(to) => void move([item._id], to)}
            />
          ))}
        </ul>
      )}
      <Pager page={currentPage} totalPages={totalPages} onPage={list.setPage} />
      <Shortcuts t={t} />
    </>
  );
}

/** One link per status; the shown one is marked. */
function StatusTabs({ t, status }: { t: CommentModerationCopy; status: QueueStatus }) {
  const [params] = useSearchParams();
  return (
    <nav aria-label={t.tabsLabel} className="mb-3">
      <ul className="nav nav-tabs">
        {QUEUE_STATUS_VALUES.map((s) => {
          const next = new URLSearchParams(params);
          next.set('status', s);
          next.delete('page');
          return (
            <li className="nav-item" key={s}>
              <Link
                to={`?${next.toString()}`}
                className={`nav-link${s === status ? ' active' : ''}`}
                aria-current={s === status ? 'page' : undefined}
              >
                {t.statuses[s]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** "Select all", how many are selected, and what to do with them. */
function BulkBar({
  t,
  count,
  onMove,
  children,
}: {
  t: CommentModerationCopy;
  count: number;
  onMove: (to: CommentStatus) => void;
  children: React.ReactNode;
}) {
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
      {children}
      <span>{t.selected(count)}</span>
      <div role="group" aria-label={t.bulkLabel} className="d-flex gap-2">
        <button
          type="button"
          className="btn btn-sm btn-success"
          disabled={!count}
          onClick={() => onMove('approved')}
        >
          {t.approve}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={!count}
          onClick={() => onMove('spam')}
        >
          {t.spam}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={!count}
          onClick={() => onMove('rejected')}
        >
          {t.reject}
        </button>
      </div>
    </div>
  );
}

/** The keys, written on the screen (issue 42 item 2). */
function Shortcuts({ t }: { t: CommentModerationCopy }) {
  const rows: [string, string][] = [
    [`${QUEUE_KEYS.next} / ${QUEUE_KEYS.previous}`, t.shortcuts.move],
    [QUEUE_KEYS.select, t.shortcuts.select],
    [QUEUE_KEYS.approve, t.shortcuts.approve],
    [QUEUE_KEYS.spam, t.shortcuts.spam],
    [QUEUE_KEYS.reject, t.shortcuts.reject],
  ];
  return (
    <section aria-labelledby="queue-keys" className="small text-body-secondary">
      <h2 id="queue-keys" className="h6">
        {t.shortcutsTitle}
      </h2>
      <dl className="row mb-0">
        {rows.map(([keys, what]) => (
          <div key={keys} className="col-12 d-flex gap-2">
            <dt>
              <kbd>{keys}</kbd>
            </dt>
            <dd className="mb-0">{what}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
