/*
 * A story's and a section's say on comments in the back office's forms (issue 42 item 1): the
 * three-way choice (follow, open, closed) is the API's null, true and false, both ways, in the
 * article form's body and the category form's schema; its texts, and the bans screen's, exist
 * in both back-office languages.
 */
import { describe, expect, it } from 'vitest';
import { articleBody, emptyArticleForm } from '../../app/features/articles/article-form-values';
import {
  choiceOf,
  CommentsOpenChoiceSchema,
  sayOf,
} from '../../app/features/comments/comments-open-field';
import { commentDeskCopy } from '../../app/copy/comment-desk';

describe('the comments-open choice', () => {
  it('maps follow, open and closed to null, true and false and back', () => {
    for (const [choice, say] of [
      ['follow', null],
      ['open', true],
      ['closed', false],
    ] as const) {
      expect(sayOf(choice)).toBe(say);
      expect(choiceOf(say)).toBe(choice);
      expect(CommentsOpenChoiceSchema.parse(choice)).toBe(say);
    }
    expect(choiceOf(undefined)).toBe('follow');
    expect(CommentsOpenChoiceSchema.safeParse('maybe').success).toBe(false);
  });

  it('is sent by the article form: follow is null, so the section decides', () => {
    const form = emptyArticleForm('0b4f2f0e-5d0a-4c39-9d0e-8d6f3b1e2a11');
    expect(form.commentsOpen).toBe('follow');
    expect(articleBody(form)).toMatchObject({ commentsOpen: null });
    expect(articleBody({ ...form, commentsOpen: 'closed' })).toMatchObject({ commentsOpen: false });
  });

  it('has its texts in English and Hindi', () => {
    expect(commentDeskCopy.en.openChoice).toMatchObject({ label: 'Comments', closed: 'Closed' });
    for (const text of Object.values(commentDeskCopy.hi.openChoice))
      expect(text).toMatch(/[\u0900-\u097F]/);
    // The bans screen too (issue 42 item 5): every English text has its Hindi one.
    const { en, hi } = { en: commentDeskCopy.en.bans, hi: commentDeskCopy.hi.bans };
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
    for (const text of Object.values(hi))
      expect(typeof text === 'function' ? text('मीरा') : text).toMatch(/[\u0900-\u097F]/);
  });
});
