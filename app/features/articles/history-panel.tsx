import { useState } from 'react';
import { toast } from 'react-toastify';
import type { Article } from '../../../common/schemas/articles';
import type { Revision, RevisionSummary } from '../../../common/schemas/revisions';
import { formatZoned } from '../../../common/time-zone';
import { useAdminCopy, useAdminInterface } from '../../copy/admin-language';
import { adminApi } from '../api/admin-api';
import { VersionCompare } from './version-compare';
import { saidOf } from '../../copy/refusals';

/**
 * The History panel (issue 9 item 4): the article's revisions, newest first; choosing one
 * shows it beside the current version, word by word; Restore, after a confirmation, brings it
 * back as a new save (the server refuses it with 409 if someone saved meanwhile).
 */
export function HistoryPanel({
  article,
  timeZone,
  onRestored,
}: {
  article: Article;
  timeZone: string;
  onRestored: (article: Article) => void;
}) {
  const { t, say } = useAdminInterface();
  const [revisions, setRevisions] = useState<RevisionSummary[] | null>(null);
  const [chosen, setChosen] = useState<Revision | null>(null);
  const [confirming, setConfirming] = useState(false);
  const base = `/api/articles/${article._id}/revisions`;

  const load = () =>
    adminApi<{ revisions: RevisionSummary[] }>(base).then(
      (list) => setRevisions(list.revisions),
      (error: Error) => void toast.error(say(saidOf(error))),
    );
  const choose = async (id: string) => {
    setConfirming(false);
    try {
      setChosen(await adminApi<Revision>(`${base}/${id}`));
    } catch (error) {
      toast.error(say(saidOf(error)));
    }
  };
  const restore = async () => {
    if (!chosen) return;
    try {
      const restored = await adminApi<Article>(`${base}/${chosen._id}/restore`, {
        method: 'POST',
        body: { updatedAt: article.updatedAt },
      });
      toast.success(t.form.restored);
      setChosen(null);
      setConfirming(false);
      onRestored(restored);
      await load();
    } catch (error) {
      toast.error(say(saidOf(error)));
    }
  };

  return (
    <details
      className="history-panel border rounded p-2"
      onToggle={(e) => {
        if ((e.target as HTMLDetailsElement).open) void load();
      }}
    >
      <summary className="fw-semibold">{t.form.history}</summary>
      {revisions?.length === 0 && <p className="mb-0">{t.form.historyEmpty}</p>}
      {revisions && revisions.length > 0 && (
        <RevisionList
          revisions={revisions}
          chosenId={chosen?._id}
          timeZone={timeZone}
          onChoose={(id) => void choose(id)}
        />
      )}
      {chosen && (
        <div className="vstack gap-2">
          <VersionCompare
            before={chosen.content}
            after={article}
            beforeLabel={t.form.thisRevision}
            afterLabel={t.form.currentVersion}
          />
          <RestoreControls
            confirming={confirming}
            onAsk={() => setConfirming(true)}
            onRestore={() => void restore()}
            onCancel={() => setConfirming(false)}
          />
        </div>
      )}
    </details>
  );
}

/** The revisions, newest first; the chosen one is pressed. */
function RevisionList({
  revisions,
  chosenId,
  timeZone,
  onChoose,
}: {
  revisions: RevisionSummary[];
  chosenId: string | undefined;
  timeZone: string;
  onChoose: (id: string) => void;
}) {
  const { t, lang } = useAdminInterface();
  return (
    <ol className="list-unstyled vstack gap-1 my-2" aria-label={t.form.history}>
      {revisions.map((r) => (
        <li key={r._id}>
          <button
            type="button"
            className={`btn btn-sm text-start w-100 ${chosenId === r._id ? 'btn-secondary' : 'btn-outline-secondary'}`}
            aria-pressed={chosenId === r._id}
            onClick={() => onChoose(r._id)}
          >
            <span className="badge text-bg-light me-2">{t.form.revisionKind[r.kind]}</span>
            {t.form.historyRow(
              r.name,
              // Co-written (issue 43): everyone who typed into it, in the interface's words.
              r.writers.length > 1
                ? new Intl.ListFormat(lang, { type: 'conjunction' }).format(
                    r.writers.map((w) => w.name),
                  )
                : (r.user?.name ?? t.form.unknownUser),
              formatZoned(new Date(r.createdAt), timeZone, lang),
            )}
          </button>
        </li>
      ))}
    </ol>
  );
}

/** Restore this revision, asked once more before it is done. */
function RestoreControls({
  confirming,
  onAsk,
  onRestore,
  onCancel,
}: {
  confirming: boolean;
  onAsk: () => void;
  onRestore: () => void;
  onCancel: () => void;
}) {
  const t = useAdminCopy();
  return confirming ? (
    <div
      className="alert alert-warning d-flex flex-wrap gap-2 align-items-center"
      role="alertdialog"
      aria-label={t.form.restoreRevision}
    >
      <span className="flex-grow-1">{t.form.confirmRestore}</span>
      <button type="button" className="btn btn-sm btn-warning" onClick={onRestore}>
        {t.form.restore}
      </button>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onCancel}>
        {t.form.cancel}
      </button>
    </div>
  ) : (
    <div>
      <button type="button" className="btn btn-sm btn-outline-primary" onClick={onAsk}>
        {t.form.restoreRevision}
      </button>
    </div>
  );
}
