import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { TableKit } from '@tiptap/extension-table';
import Youtube from '@tiptap/extension-youtube';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { useAdminInterface } from '../../copy/admin-language';
import { MediaPicker } from '../media/media-picker';
import { IMAGE_ACCEPT } from '../media/media-upload';
import { uploadImage } from '../media/upload';
import { useMediaCopy } from '../media/use-media-copy';
import { EditorDialog } from './editor-dialog';
import { FigureImage } from './figure-image';
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
  videoDialog,
  type ToolbarDialog,
} from './toolbar-dialogs';
import { saidOf } from '../../copy/refusals';
import { Toolbar, type ToolbarActions } from './editor-toolbar';

interface Props {
  value: string;
  onChange: (html: string) => void;
  /** The id of the element that names the editor (a <label> cannot: it is no form control). */
  labelledBy: string;
  id: string;
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
export function RichTextEditor({ value, onChange, labelledBy, id }: Props) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<ToolbarDialog | null>(null);
  const [picking, setPicking] = useState(false);
  const library = useMediaCopy();
  const typing = useEditorTyping();
  const { t, say } = useAdminInterface();
  const editor = useBodyEditor({ value, onChange, labelledBy, id }, typing.extension);
  const close = () => setDialog(null);
  const hindiTyping = useTypingButton(editor, typing.session);

  const insertImage = async (file: File) => {
    try {
      const image = await uploadImage(file);
      setDialog(newImageDialog(t, editor, image.secure_url, close));
    } catch (error) {
      toast.error(t.form.uploadFailed(say(saidOf(error))));
    }
  };

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
    hindiTyping,
  };

  return (
    <div className="rich-text border rounded bg-white">
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

/** The TipTap editor of the body, with the HTML kept in step with `value` both ways. */
function useBodyEditor(
  { value, onChange, labelledBy, id }: Props,
  typing: ReturnType<typeof useEditorTyping>['extension'],
) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        link: {
          openOnClick: false,
          autolink: false,
          protocols: ['https', 'http', 'mailto', 'tel'],
        },
      }),
      FigureImage,
      TableKit.configure({ table: { resizable: false } }),
      Youtube.configure({ nocookie: true }),
      typing,
    ],
    content: value,
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
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });

  // Content set from outside (a loaded article, a restored draft, a reset) replaces the text.
  useEffect(() => {
    if (editor && value !== editor.getHTML())
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  return editor;
}
