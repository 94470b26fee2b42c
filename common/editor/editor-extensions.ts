/*
 * The article body's TipTap extensions (DECISIONS.md §4), shared by the editor in the browser and
 * the co-editing server, which makes a shared document from stored HTML with the same schema
 * (docs/decisions/061).
 */
import { getSchema, type AnyExtension } from '@tiptap/core';
import { TableKit } from '@tiptap/extension-table';
import Youtube from '@tiptap/extension-youtube';
import StarterKit from '@tiptap/starter-kit';
import { ElectionEmbed } from './election-embed';
import { FigureImage } from './figure-image';
import { NoteMark } from './note-mark';

/**
 * Sent (`1`) with a save by an editor whose body is the shared document: its text is already the
 * document's, which the save must not refresh (server/modules/collab/collab-mount.ts).
 */
export const SHARED_BODY_HEADER = 'x-patrika-shared-body';

/** The name of the body's XML fragment in the shared Yjs document. */
export const BODY_FIELD = 'default';

/** The name of the title's text (the article's `name`) in the shared Yjs document. */
export const TITLE_FIELD = 'title';

/** The article's fields the shared document carries (the body's, the title's); the rest are the form's. */
export const SHARED_ARTICLE_FIELDS = ['description', 'name'] as const;

/**
 * The body's extensions. `undoRedo: false` when co-editing: the collaboration extension brings
 * its own undo, which undoes only the person's own changes.
 */
export function bodyExtensions(options: { undoRedo?: boolean } = {}): AnyExtension[] {
  return [
    StarterKit.configure({
      link: {
        openOnClick: false,
        autolink: false,
        protocols: ['https', 'http', 'mailto', 'tel'],
      },
      ...(options.undoRedo === false ? { undoRedo: false } : {}),
    }),
    FigureImage,
    TableKit.configure({ table: { resizable: false } }),
    Youtube.configure({ nocookie: true }),
    // An election's tally, a state's or a seat's result, live in the story (issue 69 item 4).
    ElectionEmbed,
    // Notes in the margin: anchors in the shared document, never in the saved HTML (note-mark.ts).
    NoteMark,
  ];
}

/** The body's ProseMirror schema. */
export const bodySchema = () => getSchema(bodyExtensions());
