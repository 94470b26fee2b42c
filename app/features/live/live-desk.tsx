import { useCallback, useEffect, useState } from 'react';
import { Check } from '../../components/check';
import { toast } from 'react-toastify';
import { liveFeedPath } from '../../../common/paths';
import type { Article } from '../../../common/schemas/articles';
import type { LiveEntry, LiveFeed } from '../../../common/schemas/live';
import { formatMoment, useAdminCopy, useAdminInterface } from '../../copy/admin-language';
import { RichTextEditor } from '../editor/rich-text-editor';
import { UploadsUnderWay, useUploadsUnderWay } from '../media/upload';
import { adminApi } from '../api/admin-api';
import { useBusy } from '../api/use-busy';

/** How often the desk asks for what other writers posted meanwhile. */
const DESK_REFRESH_MS = 15_000;

/**
 * A live blog's updates on its edit page (issue 25 item 1): write one (rich text, pinned or a key
 * event), and correct, pin, mark or remove any of the newest. Each update is its own call, so
 * several writers post at once without conflict; the list follows what they post.
 */
export function LiveDesk({ article }: { article: Article }) {
  const t = useAdminCopy().live;
  const [entries, setEntries] = useState<LiveEntry[] | null>(null);
  const base = liveFeedPath(article._id);
  const load = useCallback(
    () =>
      adminApi<LiveFeed>(base)
        .then((feed) => setEntries(feed.entries))
        .catch(() => setEntries((now) => now ?? [])),
    [base],
  );
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), DESK_REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  return (
    <section className="card card-body mt-4" aria-labelledby="live-desk-title">
      <h2 id="live-desk-title" className="h5">
        {t.title}
      </h2>
      {article.liveBlog ? (
        <NewEntry base={base} onPosted={load} />
      ) : (
        <p className="text-body-secondary">{t.ended}</p>
      )}
      {entries === null ? (
        <p className="text-body-secondary">{t.loading}</p>
      ) : entries.length === 0 ? (
        <p className="text-body-secondary">{t.none}</p>
      ) : (
        <ol className="list-unstyled mt-3" aria-label={t.listLabel}>
          {entries.map((e) => (
            <DeskEntry key={`${e._id}-${e.updatedAt}`} entry={e} base={base} onChanged={load} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** The new update's text and marks, and the button that posts it. */
function NewEntry({ base, onPosted }: { base: string; onPosted: () => Promise<void> }) {
  const t = useAdminCopy().live;
  const [body, setBody] = useState('');
  const [pinned, setPinned] = useState(false);
  const [keyEvent, setKeyEvent] = useState(false);
  const { busy, run } = useBusy(t.failed);
  // Posted while an image of it uploads, the update would go without it.
  const uploads = useUploadsUnderWay();
  const post = () =>
    run(async () => {
      await adminApi(base, { method: 'POST', body: { body, pinned, keyEvent } });
      setBody('');
      setPinned(false);
      setKeyEvent(false);
      toast.success(t.posted);
      await onPosted();
    });
  return (
    <div className="live-desk-new">
      <p id="live-desk-body-label" className="form-label mb-1">
        {t.body}
      </p>
      <UploadsUnderWay.Provider value={uploads.report}>
        <RichTextEditor
          value={body}
          onChange={setBody}
          labelledBy="live-desk-body-label"
          id="live-desk-body"
        />
      </UploadsUnderWay.Provider>
      <div className="d-flex flex-wrap gap-3 align-items-center mt-2">
        <Check id="live-desk-pinned" label={t.pinned} checked={pinned} onChange={setPinned} />
        <Check id="live-desk-key" label={t.keyEvent} checked={keyEvent} onChange={setKeyEvent} />
        {uploads.uploading && (
          <span id="live-desk-waits" className="small text-body-secondary ms-auto">
            {t.uploadUnderWay}
          </span>
        )}
        <button
          type="button"
          className={`btn btn-danger ${uploads.uploading ? '' : 'ms-auto'}`}
          disabled={busy || uploads.uploading || !body.replace(/<[^>]*>/g, '').trim()}
          aria-describedby={uploads.uploading ? 'live-desk-waits' : undefined}
          onClick={() => void post()}
        >
          {t.post}
        </button>
      </div>
    </div>
  );
}

/** One posted update: its text (editable in place), its marks, and its removal. */
function DeskEntry({
  entry,
  base,
  onChanged,
}: {
  entry: LiveEntry;
  base: string;
  onChanged: () => Promise<void>;
}) {
  const ui = useAdminInterface();
  const t = ui.t.live;
  const [editing, setEditing] = useState<string | null>(null);
  const { busy, run } = useBusy(t.failed);
  const uploads = useUploadsUnderWay();
  const url = `${base}/${entry._id}`;
  const act: EntryAct = {
    busy,
    // Saved while an image of its new text uploads, the update would go without it.
    textWaits: uploads.uploading,
    change: (body, done) =>
      run(async () => {
        await adminApi(url, { method: 'PUT', body });
        setEditing(null);
        toast.success(done);
        await onChanged();
      }),
    remove: () =>
      run(async () => {
        await adminApi(url, { method: 'DELETE' });
        toast.success(t.removed);
        await onChanged();
      }),
  };
  return (
    <li className="live-entry mb-3">
      <p className="small text-body-secondary mb-1">
        {formatMoment(new Date(entry.createdAt), ui)}
        {entry.author && ` · ${entry.author.name}`}
        {entry.pinned && ` · ${t.pinned}`}
        {entry.keyEvent && ` · ${t.keyEvent}`}
      </p>
      {editing === null ? (
        <div className="live-body" dangerouslySetInnerHTML={{ __html: entry.body }} />
      ) : (
        <UploadsUnderWay.Provider value={uploads.report}>
          <RichTextEditor
            value={editing}
            onChange={setEditing}
            labelledBy={`edit-${entry._id}`}
            id={`live-edit-${entry._id}`}
          />
        </UploadsUnderWay.Provider>
      )}
      {uploads.uploading && <p className="small text-body-secondary mb-0">{t.uploadUnderWay}</p>}
      <EntryActions entry={entry} editing={editing} setEditing={setEditing} act={act} />
    </li>
  );
}

interface EntryAct {
  busy: boolean;
  /** An image of the text being edited is still uploading: Save waits (pin and mark need not). */
  textWaits: boolean;
  change: (body: Record<string, unknown>, done: string) => Promise<void>;
  remove: () => Promise<void>;
}

/** Edit or save, pin, mark, and remove after a confirmation in place. */
function EntryActions({
  entry,
  editing,
  setEditing,
  act,
}: {
  entry: LiveEntry;
  editing: string | null;
  setEditing: (body: string | null) => void;
  act: EntryAct;
}) {
  const t = useAdminCopy().live;
  const [confirming, setConfirming] = useState(false);
  const button = 'btn btn-outline-secondary btn-sm';
  if (confirming)
    return (
      <div className="d-flex flex-wrap gap-2 mt-1 align-items-center" role="group">
        <span>{t.confirmRemove}</span>
        <button
          type="button"
          className="btn btn-danger btn-sm"
          disabled={act.busy}
          onClick={() => void act.remove()}
        >
          {t.remove}
        </button>
        <button type="button" className={button} onClick={() => setConfirming(false)}>
          {t.keep}
        </button>
      </div>
    );
  return (
    <div className="d-flex flex-wrap gap-2 mt-1" id={`edit-${entry._id}`}>
      {editing === null ? (
        <button type="button" className={button} onClick={() => setEditing(entry.body)}>
          {t.edit}
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={act.busy || act.textWaits}
          onClick={() => void act.change({ body: editing }, t.saved)}
        >
          {t.save}
        </button>
      )}
      <button
        type="button"
        className={button}
        disabled={act.busy}
        onClick={() => void act.change({ pinned: !entry.pinned }, t.saved)}
      >
        {entry.pinned ? t.unpin : t.pin}
      </button>
      <button
        type="button"
        className={button}
        disabled={act.busy}
        onClick={() => void act.change({ keyEvent: !entry.keyEvent }, t.saved)}
      >
        {entry.keyEvent ? t.unmarkKey : t.markKey}
      </button>
      <button
        type="button"
        className="btn btn-outline-danger btn-sm"
        onClick={() => setConfirming(true)}
      >
        {t.remove}
      </button>
    </div>
  );
}
