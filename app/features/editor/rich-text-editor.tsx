import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { TableKit } from '@tiptap/extension-table';
import Youtube from '@tiptap/extension-youtube';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import type { AdminCopy } from '../../copy/admin';
import { useAdminCopy, useAdminInterface } from '../../copy/admin-language';
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

interface Props {
  value: string;
  onChange: (html: string) => void;
  /** The id of the element that names the editor (a <label> cannot: it is no form control). */
  labelledBy: string;
  id: string;
}

/** One toolbar button as the toolbar lists it. */
interface ToolSpec {
  label: string;
  onClick: () => void;
  /** Pressed (a mark or block that applies here); undefined for plain actions. */
  active?: boolean;
  disabled?: boolean;
  /** The label's language when it is not the toolbar's. */
  lang?: string;
  /** The button's name when its text is a symbol ("अ"), with a tooltip. */
  name?: { label: string; hint: string; lang: string };
}

/** What the toolbar opens: a dialog, or the file chooser for a new image. */
interface ToolbarActions {
  onImage: () => void;
  /** The media library's picker, and its button's text in the interface language. */
  onLibraryImage: () => void;
  libraryLabel: string;
  libraryLang: string;
  onImageDetails: () => void;
  onLink: () => void;
  onVideo: () => void;
  /** Hindi typing's "अ" button: whether it is on, and its name in the interface language. */
  hindiTyping: { on: boolean; toggle: () => void; label: string; hint: string; lang: string };
}

/** The buttons, in the order the toolbar shows them. */
function toolsOf(editor: Editor, actions: ToolbarActions, t: AdminCopy): ToolSpec[] {
  const chain = () => editor.chain().focus();
  const tool = t.editor.tools;
  return [
    {
      label: tool.h2,
      onClick: () => chain().toggleHeading({ level: 2 }).run(),
      active: editor.isActive('heading', { level: 2 }),
    },
    {
      label: tool.h3,
      onClick: () => chain().toggleHeading({ level: 3 }).run(),
      active: editor.isActive('heading', { level: 3 }),
    },
    {
      label: tool.bold,
      onClick: () => chain().toggleBold().run(),
      active: editor.isActive('bold'),
    },
    {
      label: tool.italic,
      onClick: () => chain().toggleItalic().run(),
      active: editor.isActive('italic'),
    },
    {
      label: tool.underline,
      onClick: () => chain().toggleUnderline().run(),
      active: editor.isActive('underline'),
    },
    {
      label: tool.strike,
      onClick: () => chain().toggleStrike().run(),
      active: editor.isActive('strike'),
    },
    {
      label: tool.bulletList,
      onClick: () => chain().toggleBulletList().run(),
      active: editor.isActive('bulletList'),
    },
    {
      label: tool.orderedList,
      onClick: () => chain().toggleOrderedList().run(),
      active: editor.isActive('orderedList'),
    },
    {
      label: tool.quote,
      onClick: () => chain().toggleBlockquote().run(),
      active: editor.isActive('blockquote'),
    },
    { label: tool.link, onClick: actions.onLink, active: editor.isActive('link') },
    { label: tool.image, onClick: actions.onImage },
    { label: actions.libraryLabel, onClick: actions.onLibraryImage, lang: actions.libraryLang },
    {
      label: t.editor.imageDetails,
      onClick: actions.onImageDetails,
      disabled: !editor.isActive('image'),
    },
    {
      label: tool.table,
      onClick: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
    },
    {
      label: tool.codeBlock,
      onClick: () => chain().toggleCodeBlock().run(),
      active: editor.isActive('codeBlock'),
    },
    // Hindi typing (issue 27 item 6); not last: Video stays the toolbar's last enabled button.
    {
      label: 'अ',
      lang: 'hi',
      onClick: actions.hindiTyping.toggle,
      active: actions.hindiTyping.on,
      name: actions.hindiTyping,
    },
    { label: tool.video, onClick: actions.onVideo },
    { label: tool.undo, onClick: () => chain().undo().run(), disabled: !editor.can().undo() },
    { label: tool.redo, onClick: () => chain().redo().run(), disabled: !editor.can().redo() },
  ];
}

/** Where each key moves focus among the enabled buttons' indexes (wrapping at the ends). */
function nextTool(key: string, enabled: number[], at: number): number | undefined {
  const here = Math.max(0, enabled.indexOf(at));
  switch (key) {
    case 'ArrowRight':
      return enabled[(here + 1) % enabled.length];
    case 'ArrowLeft':
      return enabled[(here - 1 + enabled.length) % enabled.length];
    case 'Home':
      return enabled[0];
    case 'End':
      return enabled[enabled.length - 1];
    default:
      return undefined;
  }
}

/**
 * The formatting toolbar, as WAI-ARIA's toolbar pattern has it
 * (https://www.w3.org/WAI/ARIA/apg/patterns/toolbar/): one Tab stop, the button last focused
 * (or the first enabled one), and Left/Right/Home/End between the buttons, so Tab goes from the
 * fields above to the text in two steps, not eighteen. Buttons keep the text's selection when
 * clicked (no focus on mouse down); disabled ones are passed over.
 */
function Toolbar({
  editor,
  actions,
  controls,
}: {
  editor: Editor;
  actions: ToolbarActions;
  controls: string;
}) {
  const t = useAdminCopy();
  const tools = toolsOf(editor, actions, t);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const [current, setCurrent] = useState(0);
  const enabled = tools.flatMap((tool, i) => (tool.disabled ? [] : [i]));
  const stop = enabled.includes(current) ? current : (enabled[0] ?? 0);
  return (
    <div
      className="editor-toolbar d-flex flex-wrap gap-1 p-2 border-bottom bg-light"
      role="toolbar"
      aria-label={t.editor.toolbar}
      aria-controls={controls}
      onKeyDown={(event) => {
        const next = nextTool(event.key, enabled, stop);
        if (next === undefined) return;
        event.preventDefault();
        setCurrent(next);
        buttons.current[next]?.focus();
      }}
    >
      {tools.map((tool, i) => (
        <button
          key={tool.label}
          ref={(button) => {
            buttons.current[i] = button;
          }}
          type="button"
          tabIndex={i === stop ? 0 : -1}
          className={`btn btn-sm ${tool.active ? 'btn-secondary' : 'btn-outline-secondary'}`}
          onMouseDown={(e) => e.preventDefault()}
          onFocus={() => setCurrent(i)}
          onClick={tool.onClick}
          aria-pressed={tool.active}
          disabled={tool.disabled}
          lang={tool.name?.lang ?? tool.lang}
          aria-label={tool.name?.label}
          title={tool.name?.hint}
        >
          {tool.name ? (
            <span lang={tool.lang} aria-hidden="true">
              {tool.label}
            </span>
          ) : (
            tool.label
          )}
        </button>
      ))}
    </div>
  );
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
