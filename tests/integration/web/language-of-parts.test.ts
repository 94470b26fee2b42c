/*
 * WCAG 3.1.2, Language of Parts (issue 22 item 4): an author marks an English phrase inside a
 * Hindi article, and the mark survives the save and the page; a card's Read More names the
 * article in the article's language, not the interface's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePath } from '../../../common/paths';
import { auth, createAdmin, createArticle, createCategory, type TestUser } from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;
let category: Awaited<ReturnType<typeof createCategory>>;
let article: Awaited<ReturnType<typeof createArticle>>;

const BODY = '<p>हिंदी <span lang="en">phrase</span> में</p><p lang="ur" dir="rtl">اردو</p>';
const TITLE = 'हिंदी का लेख';

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://patrika.example' }, { web: 'build' });
  admin = await createAdmin(t.app);
  category = await createCategory(t.app, admin, { name: 'Culture' });
  article = await createArticle(t.app, admin, category._id, {
    name: TITLE,
    language: 'hi',
    description: BODY,
  });
});
afterAll(async () => t.close());

describe('the language of a part of an article', () => {
  it('is kept through the save, in the API', async () => {
    const res = await t.app.inject({
      url: `/api/articles/article/${article._id}`,
      headers: auth(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().description).toBe(BODY);
  });

  it('is kept on the article page', async () => {
    const res = await t.app.inject({ url: articlePath(article) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<html lang="hi"/);
    expect(res.body).toContain('<span lang="en">phrase</span>');
    expect(res.body).toContain('<p lang="ur" dir="rtl">اردو</p>');
  });

  it('is dropped when it is not a language tag', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/articles/${article._id}`,
      headers: auth(admin),
      payload: {
        name: TITLE,
        category: category._id,
        language: 'hi',
        imageUrl: 'https://images.example.com/photo.jpg',
        description: '<p><span lang="not a tag" dir="sideways">x</span></p>',
        updatedAt: article.updatedAt,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().description).toBe('<p><span>x</span></p>');
  });
});

describe("a card's Read More", () => {
  it('says "Read More" in the interface language and the title in the article\'s', async () => {
    const res = await t.app.inject({ url: `/category/${category.slug}` });
    expect(res.statusCode).toBe(200);
    const link = [...res.body.matchAll(/<a [^>]*class="btn btn-primary[^"]*"[^>]*>(.*?)<\/a>/g)];
    expect(link).toHaveLength(1);
    const [whole = '', inner = ''] = link[0] ?? [];
    expect(whole).toMatch(/^<a [^>]*lang="en"/);
    expect(whole).not.toMatch(/aria-label/);
    // The label seen, for the eye; the name, in hidden text with the title in Hindi.
    expect(inner).toMatch(/^<span aria-hidden="true">Read More<\/span>/);
    expect(inner).toContain(`<span lang="hi">${TITLE}</span>`);
    expect(inner.replace(/<!-- -->/g, '')).toMatch(
      new RegExp(`<span class="visually-hidden">Read More: <span lang="hi">${TITLE}</span></span>`),
    );
  });
});
