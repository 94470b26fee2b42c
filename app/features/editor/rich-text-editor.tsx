import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import Youtube from '@tiptap/extension-youtube';
import { useEffect, useRef } from 'react';
import { toast } from 'react-toastify';
import { adminCopy as t } from '../../copy/admin';
import { uploadImage } from '../media/upload';

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

function Toolbar({ editor, onImage }: { editor: Editor; onImage: () => void }) {
  const chain = () => editor.chain().focus();
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
      <Tool
        label="Link"
        active={editor.isActive('link')}
        onClick={() => {
          const href = window.prompt(
            'Link address (https://…)',
            editor.getAttributes('link').href ?? 'https://',
          );
          if (href === null) return;
          if (href === '') chain().unsetLink().run();
          else chain().extendMarkRange('link').setLink({ href }).run();
        }}
      />
      <Tool label="Image" onClick={onImage} />
      <Tool
        label="Table"
        onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
      />
      <Tool
        label="Code block"
        onClick={() => chain().toggleCodeBlock().run()}
        active={editor.isActive('codeBlock')}
      />
      <Tool
        label="Video"
        onClick={() => {
          const src = window.prompt('YouTube address');
          if (src) chain().setYoutubeVideo({ src }).run();
        }}
      />
      <Tool label="Undo" onClick={() => chain().undo().run()} disabled={!editor.can().undo()} />
      <Tool label="Redo" onClick={() => chain().redo().run()} disabled={!editor.can().redo()} />
    </div>
  );
}

/**
 * The article body editor (DECISIONS.md §4): TipTap, HTML in and out, height 500, images
 * uploaded through POST /api/media. The server sanitises whatever it receives.
 */
export function RichTextEditor({ value, onChange, label, id }: Props) {
  const fileInput = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        link: { openOnClick: false, protocols: ['https', 'http', 'mailto', 'tel'] },
      }),
      Image,
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

  const insertImage = async (file: File) => {
    try {
      const image = await uploadImage(file);
      editor?.chain().focus().setImage({ src: image.secure_url, alt: '' }).run();
    } catch (error) {
      toast.error(t.form.uploadFailed((error as Error).message));
    }
  };

  return (
    <div className="rich-text border rounded bg-white">
      {editor && <Toolbar editor={editor} onImage={() => fileInput.current?.click()} />}
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
    </div>
  );
}
