/*
 * The article editor's toolbar (WAI-ARIA toolbar pattern: one Tab stop, arrow keys between its
 * buttons): which buttons, in which order, pressed or not.
 */
import { useEditorState, type Editor } from '@tiptap/react';
import { useRef, useState } from 'react';
import type { AdminCopy } from '../../copy/admin';
import { useAdminCopy } from '../../copy/admin-language';

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
export interface ToolbarActions {
  onImage: () => void;
  /** The media library's picker, and its button's text in the interface language. */
  onLibraryImage: () => void;
  libraryLabel: string;
  libraryLang: string;
  onImageDetails: () => void;
  onLink: () => void;
  onVideo: () => void;
  /** An election's results block (issue 69 item 4). */
  onResults: () => void;
  /** Hindi typing's "अ" button: whether it is on, and its name in the interface language. */
  hindiTyping: { on: boolean; toggle: () => void; label: string; hint: string; lang: string };
  /** "Add note" on the selected passage (issue 43 item 2), while the body is shared. */
  onNote?: () => void;
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
    { label: tool.results, onClick: actions.onResults },
    ...noteTool(editor, actions, tool.note),
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

/** "Add note" while the body is shared, usable on a selected passage (issue 43 item 2). */
const noteTool = (editor: Editor, actions: ToolbarActions, label: string): ToolSpec[] =>
  actions.onNote
    ? [{ label, onClick: actions.onNote, disabled: editor.state.selection.empty }]
    : [];

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
 * clicked (no focus on mouse down); disabled ones are passed over, and all are disabled while
 * the editor cannot be typed into.
 */
export function Toolbar({
  editor,
  actions,
  controls,
}: {
  editor: Editor;
  actions: ToolbarActions;
  controls: string;
}) {
  const t = useAdminCopy();
  // While the shared text connects the editor is read-only and about to be made again: a click
  // then would act on the editor that goes (and be lost), so every button waits with it.
  const toolsNow = (e: Editor) =>
    toolsOf(e, actions, t).map((tool) => (e.isEditable ? tool : { ...tool, disabled: true }));
  // Drawn again whenever a button's state changes with the editor's (a selection made, a mark
  // at the cursor), not only when something above happens to draw the form again.
  useEditorState({
    editor,
    selector: ({ editor: e }) =>
      toolsNow(e)
        .map((tool) => `${tool.active ? 1 : 0}${tool.disabled ? 1 : 0}`)
        .join(''),
  });
  const tools = toolsNow(editor);
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
