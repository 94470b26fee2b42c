/*
 * "Add note" in the body editor (issue 43 item 2): the selected passage's note is written in a
 * dialog, sent (POST /api/articles/{id}/notes with the passage as its quote), and its mark set on
 * the passage in the shared document; the notes panel hears of it (NOTES_CHANGED).
 */
import { generateHTML } from '@tiptap/core';
import type { Editor } from '@tiptap/react';
import { toast } from 'react-toastify';
import { bodyExtensions } from '../../../common/editor/editor-extensions';
import { hasNotes, NOTE_MARK, withoutNotes } from '../../../common/editor/note-mark';
import { NOTE_MAX, type Note } from '../../../common/schemas/notes';
import type { AdminCopy } from '../../copy/admin';
import { saidOf } from '../../copy/refusals';
import { adminApi } from '../api/admin-api';
import type { ToolbarDialog } from './toolbar-dialogs';

/** Said on `window` when a note was added here: the notes panel reads them again. */
export const NOTES_CHANGED = 'patrika:notes-changed';

let plain: ReturnType<typeof bodyExtensions> | undefined;

/** The body's HTML as it is saved: without the notes' anchors, which are the newsroom's own. */
export function savedHtmlOf(editor: Editor): string {
  const json = editor.getJSON();
  if (!hasNotes(json)) return editor.getHTML();
  plain ??= bodyExtensions();
  return generateHTML(withoutNotes(json), plain);
}

/** The dialog of a note on the editor's selection, or undefined when nothing is selected. */
export function noteDialog(
  t: AdminCopy,
  say: (said: ReturnType<typeof saidOf>) => string,
  editor: Editor,
  articleId: string,
  close: () => void,
): ToolbarDialog | undefined {
  const { from, to, empty } = editor.state.selection;
  if (empty) return undefined;
  const quote = editor.state.doc.textBetween(from, to, ' ').trim();
  if (!quote) return undefined;
  return {
    title: t.notes.addTitle(quote),
    submitLabel: t.notes.add,
    fields: [
      {
        name: 'body',
        label: t.notes.note,
        hint: t.notes.mentionHint,
        value: '',
        check: (v) =>
          v.trim() === ''
            ? t.notes.empty
            : v.length > NOTE_MAX
              ? t.editor.tooLong(NOTE_MAX)
              : undefined,
      },
    ],
    onSubmit: ({ body }) => {
      close();
      adminApi<Note>(`/api/articles/${articleId}/notes`, {
        method: 'POST',
        body: { quote, body },
      }).then(
        (note) => {
          editor
            .chain()
            .setTextSelection({ from, to })
            .setMark(NOTE_MARK, { noteId: note._id })
            .run();
          window.dispatchEvent(new Event(NOTES_CHANGED));
        },
        (error: unknown) => toast.error(say(saidOf(error))),
      );
    },
  };
}
