/*
 * Which status moves send review mail (issue 26 item 8, server/modules/newsroom/review-mail.ts):
 * a submission tells editors; a piece sent back or published tells its author, unless the
 * author made the move.
 */
import { describe, expect, it } from 'vitest';
import { reviewEventOf, type ReviewMove } from '../../server/modules/newsroom/review-mail';

const move = (over: Partial<ReviewMove>): ReviewMove => ({
  articleId: 'a',
  from: 'draft',
  to: 'pending',
  authorId: 'author',
  by: 'author',
  ...over,
});

describe('reviewEventOf', () => {
  it('a submission, from a draft, a new article or a published piece, tells editors', () => {
    expect(reviewEventOf(move({}))).toBe('submitted');
    expect(reviewEventOf(move({ from: undefined }))).toBe('submitted');
    expect(reviewEventOf(move({ from: 'published', by: 'editor' }))).toBe('submitted');
  });

  it('a piece sent back or published by someone else tells its author', () => {
    expect(reviewEventOf(move({ from: 'pending', to: 'draft', by: 'editor' }))).toBe('sentBack');
    expect(reviewEventOf(move({ from: 'published', to: 'draft', by: 'editor' }))).toBe('sentBack');
    expect(reviewEventOf(move({ from: 'pending', to: 'published', by: 'editor' }))).toBe(
      'published',
    );
    expect(reviewEventOf(move({ from: undefined, to: 'published', by: 'editor' }))).toBe(
      'published',
    );
  });

  it('sends nothing for the author’s own moves, an article without author, or no move', () => {
    expect(reviewEventOf(move({ from: 'pending', to: 'draft' }))).toBeUndefined();
    expect(reviewEventOf(move({ from: 'pending', to: 'published' }))).toBeUndefined();
    expect(
      reviewEventOf(move({ from: 'pending', to: 'published', authorId: null, by: 'editor' })),
    ).toBeUndefined();
    expect(reviewEventOf(move({ from: 'pending', to: 'pending' }))).toBeUndefined();
    expect(reviewEventOf(move({ from: undefined, to: 'draft', by: 'editor' }))).toBeUndefined();
    expect(
      reviewEventOf(move({ from: 'published', to: 'published', by: 'editor' })),
    ).toBeUndefined();
  });
});
