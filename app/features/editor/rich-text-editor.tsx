import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { TableKit } from '@tiptap/extension-table';
import Youtube from '@tiptap/extension-youtube';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { IMAGE_ALT_MAX } from '../../../common/schemas/articles';
import { adminCopy as t } from '../../copy/admin';
import { uploadImage } from '../media/upload';
import { EditorDialog, type EditorDialogProps } from './editor-dialog';
import { FigureImage } from './figure-image';

interface Props {
  value: string;
  onChange: (html: string) => void;
  label: string;
  id: string;
}

/** One toolbar button: a real button with a name, pressed state for marks. */
function Tool({
  label,
  onClick,
  active,
  disabled,
}: {
  label: string;
  onClick: () => void;
  active?: boolean;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      className={`btn btn-sm ${active ? 'btn-secondary' : 'btn-outline-secondary'}`}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      aria-pressed={active}
      disabled={disabled}
    >
      {label}
    </button>
  );
}

/** What the toolbar opens: a dialog, or the file chooser for a new image. */
interface ToolbarActions {
  onImage: () => void;
  onImageDetails: () => void;
  onLink: () => void;
  onVideo: () => void;
}

function Toolbar({ editor, actions }: { editor: Editor; actions: ToolbarActions }) {
  const chain = () => editor.chain().focus();
  const imageSelected = editor.isActive('image');
  return (
    <div
      className="editor-toolbar d-flex flex-wrap gap-1 p-2 border-bottom bg-light"
      role="toolbar"
      aria-label="Formatting"
    >
      <Tool
        label="H2"
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
        active={editor.isActive('heading', { level: 2 })}
      />
      <Tool
        label="H3"
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
        active={editor.isActive('heading', { level: 3 })}
      />
      <Tool
        label="Bold"
        onClick={() => chain().toggleBold().run()}
        active={editor.isActive('bold')}
      />
      <Tool
        label="Italic"
        onClick={() => chain().toggleItalic().run()}
        active={editor.isActive('italic')}
      />
      <Tool
        label="Underline"
        onClick={() => chain().toggleUnderline().run()}
        active={editor.isActive('underline')}
      />
      <Tool
        label="Strike"
        onClick={() => chain().toggleStrike().run()}
        active={editor.isActive('strike')}
      />
      <Tool
        label="Bullet list"
        onClick={() => chain().toggleBulletList().run()}
        active={editor.isActive('bulletList')}
      />
      <Tool
        label="Numbered list"
        onClick={() => chain().toggleOrderedList().run()}
        active={editor.isActive('orderedList')}
      />
      <Tool
        label="Quote"
        onClick={() => chain().toggleBlockquote().run()}
        active={editor.isActive('blockquote')}
      />
      <Tool label="Link" active={editor.isActive('link')} onClick={actions.onLink} />
      <Tool label="Image" onClick={actions.onImage} />
      <Tool
        label={t.editor.imageDetails}
        onClick={actions.onImageDetails}
        disabled={!imageSelected}
      />
      <Tool
        label="Table"
        onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
      />
      <Tool
        label="Code block"
        onClick={() => chain().toggleCodeBlock().run()}
        active={editor.isActive('codeBlock')}
      />
      <Tool label="Video" onClick={actions.onVideo} />
      <Tool label="Undo" onClick={() => chain().undo().run()} disabled={!editor.can().undo()} />
      <Tool label="Redo" onClick={() => chain().redo().run()} disabled={!editor.can().redo()} />
    </div>
  );
}

/** Addresses a link may have: the schemes the server keeps (server/modules/articles/sanitize.ts). */
const LINK_ADDRESS = /^(?:https?:\/\/[^\s/]+\S*|mailto:\S+@\S+|tel:\+?[\d\s().-]{3,})$/i;
/** A YouTube watch, short, embed or youtu.be address (what the Video button can embed). */
const YOUTUBE_ADDRESS =
  /^https:\/\/(?:(?:www\.|m\.)?youtube(?:-nocookie)?\.com\/(?:watch\?(?:\S*&)?v=|embed\/|shorts\/)|youtu\.be\/)[\w-]{6,}\S*$/i;

const checkLinkAddress = (v: string) => (LINK_ADDRESS.test(v) ? undefined : t.editor.linkInvalid);
const checkVideoAddress = (v: string) =>
  YOUTUBE_ADDRESS.test(v) ? undefined : t.editor.videoInvalid;
const checkAlt = (v: string) =>
  v === ''
    ? t.editor.altRequired
    : v.length > IMAGE_ALT_MAX
      ? t.editor.tooLong(IMAGE_ALT_MAX)
      : undefined;
const checkCaption = (v: string) =>
  v.length > IMAGE_ALT_MAX ? t.editor.tooLong(IMAGE_ALT_MAX) : undefined;

/** The image dialog's two fields: alt text (required) and an optional caption. */
const imageFields = (alt: string, caption: string) => [
  { name: 'alt', label: t.editor.alt, hint: t.editor.altHint, value: alt, check: checkAlt },
  {
    name: 'caption',
    label: t.editor.caption,
    hint: t.editor.captionHint,
    value: caption,
    check: checkCaption,
  },
];

/**
 * The article body editor (DECISIONS.md §4): TipTap, HTML in and out, height 500, images
 * uploaded through POST /api/media. The server sanitises whatever it receives.
 *
 * Issue 9 item 8: links, images (alt text and caption) and videos are asked for in a dialog;
 * a link does not grow when typing goes on right after it (the mark is not inclusive, which
 * TipTap ties to `autolink`); StarterKit's trailing paragraph keeps a way out below a table
 * or a code block at the end of the text.
 */
export function RichTextEditor({ value, onChange, label, id }: Props) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<Omit<EditorDialogProps, 'onClose'> | null>(null);
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
    ],
    content: value,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id,
        'aria-label': label,
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

  const close = () => setDialog(null);

  /** After upload, the image goes in only once it is described (Cancel leaves the text as it was). */
  const insertImage = async (file: File) => {
    try {
      const image = await uploadImage(file);
      setDialog({
        title: t.editor.imageTitle,
        submitLabel: t.editor.insert,
        fields: imageFields('', ''),
        onSubmit: ({ alt, caption }) => {
          close();
          editor
            ?.chain()
            .focus()
            .insertContent({ type: 'image', attrs: { src: image.secure_url, alt, caption } })
            .run();
        },
      });
    } catch (error) {
      toast.error(t.form.uploadFailed((error as Error).message));
    }
  };

  const actions: ToolbarActions = {
    onImage: () => fileInput.current?.click(),
    onImageDetails: () => {
      if (!editor?.isActive('image')) return;
      const attrs = editor.getAttributes('image');
      setDialog({
        title: t.editor.imageDetailsTitle,
        submitLabel: t.editor.apply,
        fields: imageFields(String(attrs.alt ?? ''), String(attrs.caption ?? '')),
        onSubmit: ({ alt, caption }) => {
          close();
          editor.chain().focus().updateAttributes('image', { alt, caption }).run();
        },
      });
    },
    onLink: () => {
      if (!editor) return;
      const current = editor.getAttributes('link').href as string | undefined;
      // Nothing selected and no link here: the dialog asks for the words to link as well.
      const needsText = editor.state.selection.empty && !current;
      setDialog({
        title: current ? t.editor.editLink : t.editor.addLink,
        submitLabel: t.editor.apply,
        fields: [
          {
            name: 'href',
            label: t.editor.linkAddress,
            hint: t.editor.linkHint,
            value: current ?? '',
            type: 'url',
            check: checkLinkAddress,
          },
          ...(needsText
            ? [
                {
                  name: 'text',
                  label: t.editor.linkText,
                  value: '',
                  check: (v: string) => (v ? undefined : t.editor.linkTextRequired),
                },
              ]
            : []),
        ],
        onSubmit: ({ href = '', text = '' }) => {
          close();
          const chain = editor.chain().focus();
          if (needsText) {
            chain
              .insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: { href } }] })
              .run();
          } else {
            chain.extendMarkRange('link').setLink({ href }).run();
          }
        },
        ...(current
          ? {
              remove: {
                label: t.editor.removeLink,
                onRemove: () => {
                  close();
                  editor.chain().focus().extendMarkRange('link').unsetLink().run();
                },
              },
            }
          : {}),
      });
    },
    onVideo: () => {
      setDialog({
        title: t.editor.videoTitle,
        submitLabel: t.editor.insert,
        fields: [
          {
            name: 'src',
            label: t.editor.videoAddress,
            hint: t.editor.videoHint,
            value: '',
            type: 'url',
            check: checkVideoAddress,
          },
        ],
        onSubmit: ({ src = '' }) => {
          close();
          editor?.chain().focus().setYoutubeVideo({ src }).run();
        },
      });
    },
  };

  return (
    <div className="rich-text border rounded bg-white">
      {editor && <Toolbar editor={editor} actions={actions} />}
      <EditorContent editor={editor} className="editor-area" />
      <input
        ref={fileInput}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
        hidden
        aria-label="Upload an image into the article"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void insertImage(file);
          e.target.value = '';
        }}
      />
      {dialog && <EditorDialog {...dialog} onClose={close} />}
    </div>
  );
}
