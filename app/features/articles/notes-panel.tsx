import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { Note } from '../../../common/schemas/notes';
import { formatZoned } from '../../../common/time-zone';
import { useAdminInterface } from '../../copy/admin-language';
import { saidOf } from '../../copy/refusals';
import { adminApi } from '../api/admin-api';
import { NOTES_CHANGED } from '../editor/margin-note';

/**
 * Notes in the margin (issue 43 item 2): the story's notes, each on its passage, with replies, a
 * reply box and Resolve. Notes are added from the editor's "Add note" on a selected passage.
 */
export function NotesPanel({ articleId, timeZone }: { articleId: string; timeZone: string }) {
  const { t, say } = useAdminInterface();
  const [notes, setNotes] = useState<Note[] | null>(null);
  const base = `/api/articles/${articleId}/notes`;
  const load = useCallback(
    () =>
      adminApi<Note[]>(base).then(setNotes, (error: unknown) => toast.error(say(saidOf(error)))),
    [base, say],
  );
  useEffect(() => {
    void load();
    const heard = () => void load();
    window.addEventListener(NOTES_CHANGED, heard);
    return () => window.removeEventListener(NOTES_CHANGED, heard);
  }, [load]);
  /** Sends a change to one note and shows the note as answered. */
  const change = async (path: string, method: 'POST' | 'PUT', body: object) => {
    try {
      const note = await adminApi<Note>(`${base}/${path}`, { method, body });
      setNotes((list) => list?.map((n) => (n._id === note._id ? note : n)) ?? [note]);
      return true;
    } catch (error) {
      toast.error(say(saidOf(error)));
      return false;
    }
  };
  const heading = useId();

  return (
    <section className="notes-panel border rounded p-2" aria-labelledby={heading}>
      <h2 className="h6 fw-semibold" id={heading}>
        {t.notes.title}
      </h2>
      {/* The line "No notes" will take is held while they load: the History panel below does
          not move under a click meant for it. */}
      {notes === null && (
        <p className="mb-0 text-body-secondary" aria-busy="true">
          {t.loading}
        </p>
      )}
      {notes?.length === 0 && <p className="mb-0">{t.notes.none}</p>}
      {notes && notes.length > 0 && (
        <ol className="list-unstyled vstack gap-2 mb-0">
          {notes.map((note) => (
            <NoteItem
              key={note._id}
              note={note}
              timeZone={timeZone}
              onReply={(body) => change(`${note._id}/replies`, 'POST', { body })}
              onResolve={(resolved) => change(note._id, 'PUT', { resolved })}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function NoteItem({
  note,
  timeZone,
  onReply,
  onResolve,
}: {
  note: Note;
  timeZone: string;
  onReply: (body: string) => Promise<boolean>;
  onResolve: (resolved: boolean) => Promise<boolean>;
}) {
  const { t, lang } = useAdminInterface();
  const [reply, setReply] = useState('');
  const replyId = useId();
  const by = (who: Note['author'], at: string) =>
    `${who?.name ?? t.form.unknownUser}, ${formatZoned(new Date(at), timeZone, lang)}`;
  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (reply.trim() && (await onReply(reply))) setReply('');
  };
  return (
    <li>
      <article className={`note border-start border-3 ps-2 ${note.resolved ? 'opacity-75' : ''}`}>
        <p className="small text-muted mb-1">
          {t.notes.on} “{note.quote}”
          {note.resolved && <span className="badge text-bg-success ms-2">{t.notes.resolved}</span>}
        </p>
        <p className="mb-1">{note.body}</p>
        <p className="small text-muted mb-1">{by(note.author, note.createdAt)}</p>
        {note.replies.length > 0 && (
          <ol className="list-unstyled ms-3 mb-1">
            {note.replies.map((r) => (
              <li key={r._id}>
                <p className="mb-0">{r.body}</p>
                <p className="small text-muted mb-1">{by(r.author, r.createdAt)}</p>
              </li>
            ))}
          </ol>
        )}
        <form className="d-flex gap-2 align-items-end flex-wrap" onSubmit={send}>
          <div className="flex-grow-1">
            <label className="form-label small mb-0" htmlFor={replyId}>
              {t.notes.replyLabel}
            </label>
            <input
              id={replyId}
              className="form-control form-control-sm"
              value={reply}
              onChange={(e) => setReply(e.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-sm btn-outline-secondary">
            {t.notes.reply}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => void onResolve(!note.resolved)}
          >
            {note.resolved ? t.notes.reopen : t.notes.resolve}
          </button>
        </form>
      </article>
    </li>
  );
}
