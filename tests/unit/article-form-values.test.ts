import { describe, expect, it } from 'vitest';
import {
  articleBody,
  ArticleFormSchema,
  articleFormSchema,
  differs,
  emptyArticleForm,
} from '../../app/features/articles/article-form-values';

const AUTHOR = '0b4f2f0e-5d0a-4c39-9d0e-8d6f3b1e2a11';
const CATEGORY = '6a1e7c52-98b3-4f0f-a2e4-0c7f1d2b3a44';

const filled = {
  ...emptyArticleForm(AUTHOR),
  name: '  Monsoon diary  ',
  category: CATEGORY,
  imageUrl: '/media/cover.jpg',
  description: '<p>Rain.</p>',
};

describe('articleBody', () => {
  it('leaves out the choices left empty, so the server decides them', () => {
    const body = articleBody({ ...filled, author: '' });
    expect(body).not.toHaveProperty('slug');
    expect(body).not.toHaveProperty('author');
    expect(body).not.toHaveProperty('language');
    expect(body).toMatchObject({ name: filled.name, category: CATEGORY, status: 'published' });
  });

  it('keeps the choices made', () => {
    expect(articleBody({ ...filled, slug: 'rain', language: 'hi' })).toMatchObject({
      slug: 'rain',
      author: AUTHOR,
      language: 'hi',
    });
  });

  it('always sends the translation: its id, or null when none is chosen (which unlinks)', () => {
    const other = '7c2d9e41-0a5b-4c8d-9e1f-2a3b4c5d6e7f';
    expect(articleBody({ ...filled, translationId: other })).toMatchObject({
      translationId: other,
    });
    expect(articleBody(filled)).toMatchObject({ translationId: null });
  });
});

describe('ArticleFormSchema (the server schema applied to the body)', () => {
  it('passes a complete form and gives the body the server would store', () => {
    const parsed = ArticleFormSchema.safeParse(filled);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ name: 'Monsoon diary', author: AUTHOR });
  });

  it("names each problem by the form's field, with the server's message", () => {
    const parsed = ArticleFormSchema.safeParse({
      ...filled,
      name: ' ',
      category: '',
      slug: 'x'.repeat(121),
    });
    expect(parsed.success).toBe(false);
    const issues = parsed.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['name', 'name is required'],
        ['slug', 'slug must be at most 120 characters'],
        ['category', 'Expected an id'],
      ]),
    );
  });
});

describe('differs', () => {
  it('is false for the same values and true when one field changed', () => {
    expect(differs(filled, { ...filled })).toBe(false);
    expect(differs({ ...filled, metaTitle: 'x' }, filled)).toBe(true);
  });

  it('treats a missing field as empty', () => {
    expect(differs({ name: '' }, {})).toBe(false);
    expect(differs({ name: 'a' }, {})).toBe(true);
  });
});

describe('scheduling from the form (DECISIONS.md §11)', () => {
  const ctx = { timeZone: 'Asia/Kolkata', scheduled: false };
  it('sends a time entered in the site zone as UTC', () => {
    const body = articleBody({ ...filled, when: 'schedule', publishedAt: '2026-11-23T06:00' }, ctx);
    expect(body.publishedAt).toBe('2026-11-23T00:30:00.000Z');
  });

  it('publishes now: no time for a new article, the present for one that was scheduled', () => {
    expect(articleBody({ ...filled, when: 'now' }, ctx)).not.toHaveProperty('publishedAt');
    const before = Date.now();
    const now = articleBody({ ...filled, when: 'now' }, { ...ctx, scheduled: true });
    const after = Date.now();
    const sent = new Date(now.publishedAt as string).getTime();
    expect(sent).toBeGreaterThanOrEqual(before);
    expect(sent).toBeLessThanOrEqual(after);
    // A draft or a piece for review carries no time.
    expect(
      articleBody(
        { ...filled, status: 'pending', when: 'schedule', publishedAt: '2026-11-23T06:00' },
        ctx,
      ),
    ).not.toHaveProperty('publishedAt');
  });

  it('puts the server message on the time field when the time is not one', () => {
    const parsed = articleFormSchema(ctx).safeParse({
      ...filled,
      when: 'schedule',
      publishedAt: '',
    });
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['publishedAt']);
  });
});
