import { generateHTML, generateJSON } from '@tiptap/core';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { useEffect, useRef, useState } from 'react';
import { useAdminInterface } from '../../copy/admin-language';
import { MediaPicker } from '../media/media-picker';
import { IMAGE_ACCEPT } from '../media/media-upload';
import { useTextImageUpload } from './text-image-upload';
import { useMediaCopy } from '../media/use-media-copy';
import { EditorDialog } from './editor-dialog';
import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import { BODY_FIELD, bodyExtensions } from '../../../common/editor/editor-extensions';
import { caretColourOf, useCollab, type CollabState, type CollabTarget } from './use-collab';
import { HindiTyping } from '../typing/hindi-typing-extension';
import { SuggestionList, useHindiTypingCopy } from '../typing/hindi-typing';
import {
  currentLexicon,
  hindiTypingIsOn,
  loadVocabulary,
  toggleHindiTyping,
  useHindiTypingOn,
} from '../typing/hindi-typing-state';
import { NO_SUGGESTIONS, type SuggestionState, type TypingSession } from '../typing/typing-session';
import {
  imageDetailsDialog,
  linkDialog,
  newImageDialog,
  resultsDialog,
  videoDialog,
  type ToolbarDialog,
} from './toolbar-dialogs';
import { Toolbar, type ToolbarActions } from './editor-toolbar';
import { noteDialog, savedHtmlOf } from './margin-note';

interface Props {
  value: string;
  onChange: (html: string) => void;
  /** The id of the element that names the editor (a <label> cannot: it is no form control). */
  labelledBy: string;
  id: string;
  /** The article shared with others editing it at once (issue 43 item 1), when it is saved. */
  collab?: CollabTarget;
}

/**
 * The article body editor (DECISIONS.md §4): TipTap, HTML in and out, height 500, images
 * uploaded through POST /api/media. The server sanitises whatever it receives.
 *
 * Issue 9 item 8: links, images (alt text and caption) and videos are asked for in a dialog;
 * a link does not grow when typing goes on right after it (the mark is not inclusive, which
 * TipTap ties to `autolink`); StarterKit's trailing paragraph keeps a way out below a table
 * or a code block at the end of the text.
 */
export function RichTextEditor({ value, onChange, labelledBy, id, collab }: Props) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<ToolbarDialog | null>(null);
  const [picking, setPicking] = useState(false);
  const library = useMediaCopy();
  const typing = useEditorTyping();
  const { t, say } = useAdminInterface();
  const shared = useCollab(collab);
  const editor = useBodyEditor({ value, onChange, labelledBy, id }, typing.extension, {
    shared,
    user: collab?.user,
  });
  const close = () => setDialog(null);
  const hindiTyping = useTypingButton(editor, typing.session);

  const insertImage = useTextImageUpload((url) => setDialog(newImageDialog(t, editor, url, close)));

  const actions: ToolbarActions = {
    onImage: () => fileInput.current?.click(),
    onLibraryImage: () => setPicking(true),
    libraryLabel: library.m.editorButton,
    libraryLang: library.lang,
    onImageDetails: () => {
      if (editor?.isActive('image')) setDialog(imageDetailsDialog(t, editor, close));
    },
    onLink: () => {
      if (editor) setDialog(linkDialog(t, editor, close));
    },
    onVideo: () => setDialog(videoDialog(t, editor, close)),
    onResults: () => setDialog(resultsDialog(t, editor, close)),
    hindiTyping,
    ...noteAction(t, say, editor, collab, shared, setDialog, close),
  };

  return (
    <div
      className="rich-text border rounded bg-white"
      data-co-editing={shared.status === 'shared' ? 'on' : undefined}
    >
      {editor && <Toolbar editor={editor} actions={actions} controls={id} />}
      <EditorContent editor={editor} className="editor-area" />
      <SuggestionList
        id={`${id}-hindi-suggestions`}
        state={typing.list.state}
        onPick={(i) => typing.session.current?.pick(i)}
        style={
          typing.list.at
            ? { position: 'fixed', left: typing.list.at.left, top: typing.list.at.top }
            : undefined
        }
      />
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_ACCEPT}
        hidden
        aria-label={t.editor.uploadImage}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void insertImage(file);
          e.target.value = '';
        }}
      />
      {dialog && <EditorDialog {...dialog} onClose={close} />}
      <MediaPicker
        show={picking}
        onHide={() => setPicking(false)}
        onPick={({ url, alt, caption }) =>
          setDialog(newImageDialog(t, editor, url, close, { alt, caption }))
        }
      />
    </div>
  );
}

/**
 * "Add note" on the selected passage (issue 43 item 2): a note's anchor lives in the shared
 * document, so it is offered only while the body is shared.
 */
function noteAction(
  t: Parameters<typeof noteDialog>[0],
  say: Parameters<typeof noteDialog>[1],
  editor: Editor | null,
  collab: CollabTarget | undefined,
  shared: CollabState,
  setDialog: (dialog: ToolbarDialog) => void,
  close: () => void,
): Pick<ToolbarActions, 'onNote'> {
  if (!collab || !editor || shared.status !== 'shared') return {};
  return {
    onNote: () => {
      const asked = noteDialog(t, say, editor, collab.articleId, close);
      if (asked) setDialog(asked);
    },
  };
}

/**
 * Hindi typing in the body (issue 27 item 6): the editor's extension, the session it makes (for
 * a click on the list) and the list it shows at the caret.
 */
function useEditorTyping() {
  const session = useRef<TypingSession | null>(null);
  const [list, setList] = useState<{
    state: SuggestionState;
    at: { left: number; top: number } | null;
  }>({ state: NO_SUGGESTIONS, at: null });
  const [extension] = useState(() =>
    HindiTyping.configure({
      isOn: hindiTypingIsOn,
      toggle: toggleHindiTyping,
      lexicon: currentLexicon,
      onSuggestions: (state, at) => setList({ state, at }),
      onSession: (s) => {
        session.current = s;
      },
    }),
  );
  useEffect(() => {
    void loadVocabulary();
  }, []);
  return { session, list, extension };
}

/**
 * The toolbar's "अ" button: on or off, and its name. Turned on or off with it, the list follows
 * at once (Ctrl+G does that in the plugin).
 */
function useTypingButton(
  editor: Editor | null,
  session: ReturnType<typeof useEditorTyping>['session'],
): ToolbarActions['hindiTyping'] {
  const on = useHindiTypingOn();
  const { c, lang } = useHindiTypingCopy();
  useEffect(() => {
    if (!session.current || !editor) return;
    if (on && editor.isFocused) session.current.refresh();
    else session.current.close();
  }, [on, editor, session]);
  return { on, toggle: toggleHindiTyping, label: c.toggle, hint: c.hint, lang };
}

/**
 * Whether the shared document's first showing says what `value` says: written out by the editor
 * (its own HTML for the stored text), it must not count as a change, or every shared form would
 * open with unsaved work. Later updates, and a document with others' unsaved words, do count.
 */
function useSharedStart(value: string, shared: boolean) {
  const first = useRef(true);
  const latest = useRef(value);
  latest.current = value;
  useEffect(() => {
    first.current = shared;
  }, [shared]);
  return (html: string) => {
    if (!first.current) return false;
    first.current = false;
    const extensions = bodyExtensions();
    return html === generateHTML(generateJSON(latest.current, extensions), extensions);
  };
}

/** The extensions that share the body through `shared`'s document, with everyone's carets. */
function sharingExtensions(shared: CollabState, user: CollabTarget['user'] | undefined) {
  if (shared.status !== 'shared' || !user) return [];
  return [
    Collaboration.configure({ document: shared.doc, field: BODY_FIELD }),
    CollaborationCaret.configure({
      provider: shared.provider,
      // `_id` tells one person's tabs apart from another's in the presence list (usePeopleIn).
      user: { _id: user._id, name: user.name, color: caretColourOf(user._id) },
    }),
  ];
}

/**
 * The TipTap editor of the body, with the HTML kept in step with `value` both ways. Shared
 * (issue 43 item 1), its text is the shared document's: the editor is made again when sharing
 * starts (empty and read-only while it connects), and hands out the document's HTML as it
 * changes, whoever changed it.
 */
function useBodyEditor(
  { value, onChange, labelledBy, id }: Omit<Props, 'collab'>,
  typing: ReturnType<typeof useEditorTyping>['extension'],
  { shared, user }: { shared: CollabState; user: CollabTarget['user'] | undefined },
) {
  const sharing = sharingExtensions(shared, user);
  // Until the shared document has synced (or given up) there is no text to type into: typing
  // into the plain editor then would be lost when the shared one takes its place.
  const waiting = shared.status === 'connecting';
  const plain = sharing.length === 0 && !waiting;
  // The HTML this editor last handed out: `value` coming back as it is changes nothing, so a
  // change from someone else is never undone by a render that lags behind it.
  const emitted = useRef<string | null>(null);
  const unchanged = useSharedStart(value, sharing.length > 0);
  const editor = useEditor(
    {
      extensions: [...bodyExtensions({ undoRedo: sharing.length === 0 }), typing, ...sharing],
      content: plain ? value : undefined,
      editable: !waiting,
      immediatelyRender: false,
      editorProps: {
        attributes: {
          id,
          'aria-labelledby': labelledBy,
          role: 'textbox',
          'aria-multiline': 'true',
          class: 'editor-content',
        },
      },
      onUpdate: ({ editor: e }) => {
        const html = savedHtmlOf(e);
        emitted.current = html;
        if (!unchanged(html)) onChange(html);
      },
    },
    [shared],
  );

  // Content set from outside (a loaded article, a restored draft, a reset) replaces the text.
  // Shared, the text is the document's alone: a form reset after a save, lagging behind others'
  // typing, would undo it for everyone (a save's text reaches the document through the server).
  useEffect(() => {
    if (!editor || editor.isDestroyed || !plain || value === emitted.current) return;
    if (value !== savedHtmlOf(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value, plain]);
  return editor;
}
