/*
 * Notes in the margin (issue 43 item 2): a note is anchored on its passage by a `note` mark with
 * the note's id. The mark lives in the shared document only (docs/decisions/061): the editor
 * hands out the body's HTML without it, so it never reaches the stored article, let alone a
 * reader; cut and pasted, the passage takes its mark along (ProseMirror keeps marks on a slice).
 */
import { Mark, mergeAttributes, type JSONContent } from '@tiptap/core';

export const NOTE_MARK = 'note';

export const NoteMark = Mark.create({
  name: NOTE_MARK,
  // Typing at a note's edge does not grow it; notes may overlap.
  inclusive: false,
  excludes: '',
  addAttributes() {
    return {
      noteId: {
        default: null,
        parseHTML: (element: HTMLElement) => element.getAttribute('data-note-id'),
        renderHTML: (attributes: { noteId?: string | null }) =>
          attributes.noteId ? { 'data-note-id': attributes.noteId } : {},
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span[data-note-id]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['span', mergeAttributes({ class: 'note-anchor' }, HTMLAttributes), 0];
  },
});

/** Whether `node` or anything in it carries a note. */
export function hasNotes(node: JSONContent): boolean {
  return (
    (node.marks ?? []).some((m) => m.type === NOTE_MARK) || (node.content ?? []).some(hasNotes)
  );
}

/** `node` without its notes' marks: the body as it is saved and published. */
export function withoutNotes(node: JSONContent): JSONContent {
  const marks = node.marks?.filter((m) => m.type !== NOTE_MARK);
  return {
    ...node,
    ...(node.marks ? { marks } : {}),
    ...(node.content ? { content: node.content.map(withoutNotes) } : {}),
  };
}
