/*
 * Notes in the margin (issue 43 item 2): who a note's `@name` mentions, and the body as saved
 * without the notes' anchors.
 */
import { describe, expect, it } from 'vitest';
import { hasNotes, withoutNotes } from '../../common/editor/note-mark';
import { mentionedIn } from '../../common/schemas/notes';

const people = [
  { id: 1, name: 'Asha' },
  { id: 2, name: 'Asha Rao' },
  { id: 3, name: 'रवि' },
  { id: 4, name: 'Esha Editor' },
];
const ids = (text: string) => mentionedIn(text, people).map((p) => p.id);

describe('mentionedIn', () => {
  it('finds full names in any case, the longest where one begins another', () => {
    expect(ids('@asha rao please check')).toEqual([2]);
    expect(ids('@Asha, and @ESHA EDITOR.')).toEqual([1, 4]);
    expect(ids('@Asha Rao and @Asha')).toEqual([1, 2]);
  });
  it('needs the whole name: a longer word is someone else', () => {
    expect(ids('@Ashaji and @Esha')).toEqual([]);
    expect(ids('@रविना देखें')).toEqual([]);
    expect(ids('@रवि देखें')).toEqual([3]);
    expect(ids('no mention, asha@example.com')).toEqual([]);
  });
});

describe('withoutNotes', () => {
  const doc = {
    type: 'doc',
    content: [
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'Before ' },
          {
            type: 'text',
            text: 'noted',
            marks: [{ type: 'bold' }, { type: 'note', attrs: { noteId: 'n1' } }],
          },
          { type: 'text', text: ' after.' },
        ],
      },
    ],
  };
  it('keeps every other mark and the text, and drops the anchors', () => {
    expect(hasNotes(doc)).toBe(true);
    const plain = withoutNotes(doc);
    expect(hasNotes(plain)).toBe(false);
    expect(plain.content?.[0]?.content?.[1]).toEqual({
      type: 'text',
      text: 'noted',
      marks: [{ type: 'bold' }],
    });
    expect(plain.content?.[0]?.content?.map((n) => n.text).join('')).toBe('Before noted after.');
  });
});
