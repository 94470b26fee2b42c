import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  emptyArticleForm,
  type ArticleFormValues,
} from '../../app/features/articles/article-form-values';
import { mergeCoSave, pauseUnlessOnline } from '../../app/features/articles/co-save';

const base: ArticleFormValues = {
  ...emptyArticleForm('u1'),
  name: 'Counting day',
  description: '<p>Base text.</p>',
  tags: ['results'],
};
const touchedOnly =
  (...fields: (keyof ArticleFormValues)[]) =>
  (field: keyof ArticleFormValues) =>
    fields.includes(field);

describe("a colleague's save while the body is shared (issue 43 item 1)", () => {
  it('takes their changes to the fields left alone here, never the shared body and title', () => {
    const theirs = {
      ...base,
      metaTitle: 'Counting day live',
      name: 'Counting day, retitled',
      description: '<p>Theirs.</p>',
    };
    const mine = { ...base, description: '<p>Mine, typed since.</p>', tags: ['results', 'live'] };
    expect(mergeCoSave(base, theirs, mine, touchedOnly('description', 'tags'))).toEqual({
      kind: 'take',
      values: { metaTitle: 'Counting day live' },
    });
  });

  it('keeps what was changed here where they changed nothing', () => {
    const mine = { ...base, tags: ['results', 'live'] };
    expect(mergeCoSave(base, { ...base }, mine, touchedOnly('tags'))).toEqual({
      kind: 'take',
      values: {},
    });
  });

  it('a field changed on both sides, differently, is a conflict (the save then meets the 409)', () => {
    const theirs = { ...base, metaTitle: 'Their line', tags: ['results', 'live'] };
    const mine = { ...base, metaTitle: 'My line', tags: ['results', 'live'] };
    expect(mergeCoSave(base, theirs, mine, touchedOnly('metaTitle', 'tags'))).toEqual({
      kind: 'conflict',
      fields: ['metaTitle'],
    });
  });
});

describe('the pause before fetching a colleague’s save again', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('ends when the network comes back, not seconds later (a save then met the 409)', async () => {
    vi.useFakeTimers();
    const browser = new EventTarget();
    vi.stubGlobal('window', browser);
    let over = false;
    const pause = pauseUnlessOnline(8000).then(() => (over = true));
    await vi.advanceTimersByTimeAsync(1000);
    expect(over).toBe(false);
    browser.dispatchEvent(new Event('online'));
    await pause;
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ends at its time when the network stays as it was', async () => {
    vi.useFakeTimers();
    const browser = new EventTarget();
    const removed = vi.spyOn(browser, 'removeEventListener');
    vi.stubGlobal('window', browser);
    let over = false;
    void pauseUnlessOnline(4000).then(() => (over = true));
    await vi.advanceTimersByTimeAsync(3999);
    expect(over).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(over).toBe(true);
    expect(removed).toHaveBeenCalledWith('online', expect.any(Function));
  });
});
