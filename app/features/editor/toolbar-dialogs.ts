import { NodeSelection, TextSelection, type Transaction } from '@tiptap/pm/state';
import type { Editor } from '@tiptap/react';
import { embedPath, embedRefOf } from '../../../common/election-embed-ref';
import { IMAGE_ALT_MAX } from '../../../common/schemas/articles';
import type { AdminCopy } from '../../copy/admin';
import type { EditorDialogProps } from './editor-dialog';

/** What a toolbar dialog asks and what it does with the answers (the editor adds `onClose`). */
export type ToolbarDialog = Omit<EditorDialogProps, 'onClose'>;

/** Addresses a link may have: the schemes the server keeps (server/modules/articles/sanitize.ts). */
const LINK_ADDRESS = /^(?:https?:\/\/[^\s/]+\S*|mailto:\S+@\S+|tel:\+?[\d\s().-]{3,})$/i;
/** A YouTube watch, short, embed or youtu.be address (what the Video button can embed). */
const YOUTUBE_ADDRESS =
  /^https:\/\/(?:(?:www\.|m\.)?youtube(?:-nocookie)?\.com\/(?:watch\?(?:\S*&)?v=|embed\/|shorts\/)|youtu\.be\/)[\w-]{6,}\S*$/i;

const checkLinkAddress = (t: AdminCopy) => (v: string) =>
  LINK_ADDRESS.test(v) ? undefined : t.editor.linkInvalid;
const checkVideoAddress = (t: AdminCopy) => (v: string) =>
  YOUTUBE_ADDRESS.test(v) ? undefined : t.editor.videoInvalid;
const checkAlt = (t: AdminCopy) => (v: string) =>
  v === ''
    ? t.editor.altRequired
    : v.length > IMAGE_ALT_MAX
      ? t.editor.tooLong(IMAGE_ALT_MAX)
      : undefined;
const checkCaption = (t: AdminCopy) => (v: string) =>
  v.length > IMAGE_ALT_MAX ? t.editor.tooLong(IMAGE_ALT_MAX) : undefined;

/** The image dialog's two fields: alt text (required) and an optional caption. */
const imageFields = (t: AdminCopy, alt: string, caption: string) => [
  { name: 'alt', label: t.editor.alt, hint: t.editor.altHint, value: alt, check: checkAlt(t) },
  {
    name: 'caption',
    label: t.editor.caption,
    hint: t.editor.captionHint,
    value: caption,
    check: checkCaption(t),
  },
];

/**
 * After upload (or a choice from the media library, whose alt text and caption are offered), the
 * image goes in only once it is described (Cancel leaves the text as it was).
 */
export const newImageDialog = (
  t: AdminCopy,
  editor: Editor | null,
  src: string,
  close: () => void,
  offered: { alt: string; caption: string } = { alt: '', caption: '' },
): ToolbarDialog => ({
  title: t.editor.imageTitle,
  submitLabel: t.editor.insert,
  fields: imageFields(t, offered.alt, offered.caption),
  onSubmit: ({ alt, caption }) => {
    close();
    editor?.chain().focus().insertContent({ type: 'image', attrs: { src, alt, caption } }).run();
  },
});

/** The alt text and caption of the image at the cursor. */
export function imageDetailsDialog(t: AdminCopy, editor: Editor, close: () => void): ToolbarDialog {
  const attrs = editor.getAttributes('image');
  return {
    title: t.editor.imageDetailsTitle,
    submitLabel: t.editor.apply,
    fields: imageFields(t, String(attrs.alt ?? ''), String(attrs.caption ?? '')),
    onSubmit: ({ alt, caption }) => {
      close();
      editor.chain().focus().updateAttributes('image', { alt, caption }).run();
    },
  };
}

/** A new link, or the link at the cursor: its address, or removing it. */
export function linkDialog(t: AdminCopy, editor: Editor, close: () => void): ToolbarDialog {
  const current = editor.getAttributes('link').href as string | undefined;
  // Nothing selected and no link here: the dialog asks for the words to link as well.
  const needsText = editor.state.selection.empty && !current;
  return {
    title: current ? t.editor.editLink : t.editor.addLink,
    submitLabel: t.editor.apply,
    fields: [
      {
        name: 'href',
        label: t.editor.linkAddress,
        hint: t.editor.linkHint,
        value: current ?? '',
        type: 'url',
        check: checkLinkAddress(t),
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
  };
}

/** A YouTube video by its address. */
export const videoDialog = (
  t: AdminCopy,
  editor: Editor | null,
  close: () => void,
): ToolbarDialog => ({
  title: t.editor.videoTitle,
  submitLabel: t.editor.insert,
  fields: [
    {
      name: 'src',
      label: t.editor.videoAddress,
      hint: t.editor.videoHint,
      value: '',
      type: 'url',
      check: checkVideoAddress(t),
    },
  ],
  onSubmit: ({ src = '' }) => {
    close();
    editor?.chain().focus().setYoutubeVideo({ src }).command(cursorAfterEmbed).run();
  },
});

/**
 * An election's tally, a state's or a seat's result (issue 69 item 4), by its results page's
 * address: saved as a block with a link, which the reader's page fills with the figures.
 */
export const resultsDialog = (
  t: AdminCopy,
  editor: Editor | null,
  close: () => void,
): ToolbarDialog => ({
  title: t.editor.resultsTitle,
  submitLabel: t.editor.insert,
  fields: [
    {
      name: 'address',
      label: t.editor.resultsAddress,
      hint: t.editor.resultsHint,
      value: '',
      check: (v: string) => (embedRefOf(v) ? undefined : t.editor.resultsInvalid),
    },
  ],
  onSubmit: ({ address = '' }) => {
    const ref = embedRefOf(address);
    close();
    if (!ref) return;
    editor
      ?.chain()
      .focus()
      .insertContent({ type: 'electionEmbed', attrs: { ...ref, label: embedPath(ref) } })
      .command(cursorAfterEmbed)
      .run();
  },
});

/**
 * An inserted embed is left selected, and what is typed next would replace it (issue 26
 * item 9): the cursor goes into the paragraph after it instead, a new one when the embed is
 * the last node of the text or is followed by something else.
 */
function cursorAfterEmbed({ tr, dispatch }: { tr: Transaction; dispatch?: unknown }): boolean {
  const { selection } = tr;
  if (!(selection instanceof NodeSelection)) return true;
  const after = selection.to;
  const next = tr.doc.resolve(after).nodeAfter;
  if (!dispatch) return true;
  if (next?.type.name !== 'paragraph') {
    tr.insert(after, tr.doc.type.schema.nodes.paragraph!.create());
  }
  tr.setSelection(TextSelection.create(tr.doc, after + 1));
  return true;
}
