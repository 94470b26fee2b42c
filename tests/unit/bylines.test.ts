/*
 * Which bylines a save stores (issue 26 item 4): `authors` when given, else the stored ones
 * with the original client's `author` in the first place; a new piece is the writer's own.
 */
import { describe, expect, it } from 'vitest';
import { bylinesOf } from '../../server/modules/articles/article-values';

const [me, asha, ravi, olu] = [
  '00000000-0000-4000-8000-000000000001',
  '00000000-0000-4000-8000-000000000002',
  '00000000-0000-4000-8000-000000000003',
  '00000000-0000-4000-8000-000000000004',
];
const before = { authorId: asha, coAuthorIds: [ravi] };

describe('bylinesOf', () => {
  it('a new piece: the authors given, each once; else the author; else the writer', () => {
    expect(bylinesOf({ authors: [ravi, asha, ravi] }, { writer: me })).toEqual([ravi, asha]);
    expect(bylinesOf({ authors: [] }, { writer: me })).toEqual([]);
    expect(bylinesOf({ author: asha }, { writer: me })).toEqual([asha]);
    expect(bylinesOf({}, { writer: me })).toEqual([me]);
    expect(bylinesOf({ author: null }, { writer: me })).toEqual([me]);
  });

  it('an update: kept when neither is named; `author` takes the first place', () => {
    expect(bylinesOf({}, { writer: me, before })).toEqual([asha, ravi]);
    expect(bylinesOf({ author: olu }, { writer: me, before })).toEqual([olu, ravi]);
    expect(bylinesOf({ author: ravi }, { writer: me, before })).toEqual([ravi]);
    expect(bylinesOf({ author: null }, { writer: me, before })).toEqual([ravi]);
    expect(bylinesOf({ authors: [olu] }, { writer: me, before })).toEqual([olu]);
  });

  it('refuses an `author` that is not the first of `authors`', () => {
    expect(() => bylinesOf({ author: ravi, authors: [asha, ravi] }, { writer: me })).toThrow(
      /author must be the first of authors/,
    );
    expect(bylinesOf({ author: asha, authors: [asha, ravi] }, { writer: me })).toEqual([
      asha,
      ravi,
    ]);
  });
});
