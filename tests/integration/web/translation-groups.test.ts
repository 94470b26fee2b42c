/*
 * Languages are data (issue 27 item 5, docs/decisions/041): a story in Hindi, English, Marathi
 * and Gujarati is one translation group. Each page is served in its own `lang`, lists all four
 * versions and x-default in hreflang and in its switcher, and the sitemap lists the same; the
 * Marathi and Gujarati versions are found by a native word (another form of it) and by its
 * Latin spelling; older clients' `hi`/`en` and `translationId` still work; an unknown language
 * is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePath } from '../../../common/paths';
import {
  articleBody,
  auth,
  createAdmin,
  createArticle,
  createCategory,
  type TestUser,
} from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { settled } from '../../setup/settled';

const PUBLIC_URL = 'https://patrika.example';
type Created = Awaited<ReturnType<typeof createArticle>>;
let t: TestApp;
let admin: TestUser;
let categoryId: string;
let hi: Created;
let en: Created;
let mr: Created;
let gu: Created;

const page = (url: string) => settled(() => t.app.inject({ method: 'GET', url }));
const address = (a: Created) => `${PUBLIC_URL}${articlePath(a)}`;
const hreflangs = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/gi)].map((m) => [
    m[1],
    m[2],
  ]);
const getArticle = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/articles/article/${id}` })).json<{
    language: string;
    translationId: string | null;
    translations: { _id: string; language: string; path: string }[];
  }>();
const search = async (q: string, language?: string) => {
  const query = new URLSearchParams({ q, ...(language ? { language } : {}) });
  const res = await t.app.inject({ method: 'GET', url: `/api/search?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ articles: { _id: string }[] }>().articles.map((a) => a._id);
};

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL }, { web: 'build' });
  admin = await createAdmin(t.app);
  categoryId = (await createCategory(t.app, admin))._id;
  const publishedAt = new Date(Date.now() - 20 * 86_400_000).toISOString();
  hi = await createArticle(t.app, admin, categoryId, {
    name: 'किसानों के लिए नई योजना',
    description: '<p>राज्य सरकार ने किसानों के लिए नई योजना शुरू की।</p>',
    language: 'hi',
    publishedAt,
  });
  en = await createArticle(t.app, admin, categoryId, {
    name: 'A new scheme for farmers',
    language: 'en',
    publishedAt,
    translationId: hi._id,
  });
  mr = await createArticle(t.app, admin, categoryId, {
    name: 'शेतकऱ्यांसाठी नवी योजना',
    description: '<p>राज्य सरकारच्या निर्णयामुळे शेतकऱ्यांना दिलासा मिळाला.</p>',
    language: 'mr',
    publishedAt,
    translationId: hi._id,
  });
  gu = await createArticle(t.app, admin, categoryId, {
    name: 'ખેડૂતો માટે નવી યોજના',
    description: '<p>ગુજરાત સરકારનો નવો નિર્ણય ખેડૂતોને રાહત આપે છે.</p>',
    language: 'gu',
    publishedAt,
    translationId: en._id,
  });
});
afterAll(async () => t.close());

describe('a story in four languages', () => {
  it('gives Marathi and Gujarati titles ASCII slugs', () => {
    expect(mr.slug).toMatch(/^[a-z0-9-]+$/);
    expect(gu.slug).toBe('kheduto-mate-navi-yojana');
  });

  it('makes one group: each version lists the other three, published, in registry order', async () => {
    for (const [a, others] of [
      [hi, [en, mr, gu]],
      [en, [hi, mr, gu]],
      [mr, [hi, en, gu]],
      [gu, [hi, en, mr]],
    ] as const) {
      const got = await getArticle(a._id);
      expect(got.translations.map((v) => v._id)).toEqual(others.map((o) => o._id));
      expect(got.translations.map((v) => v.path)).toEqual(others.map((o) => articlePath(o)));
    }
    // Older clients' one translation: Hindi and English name each other; the others Hindi.
    expect((await getArticle(hi._id)).translationId).toBe(en._id);
    expect((await getArticle(en._id)).translationId).toBe(hi._id);
    expect((await getArticle(mr._id)).translationId).toBe(hi._id);
    expect((await getArticle(gu._id)).translationId).toBe(hi._id);
  });

  it('serves each page in its language, listing all four versions and x-default', async () => {
    const expected = [
      ['hi', address(hi)],
      ['en', address(en)],
      ['mr', address(mr)],
      ['gu', address(gu)],
      ['x-default', address(en)],
    ];
    for (const [a, lang] of [
      [hi, 'hi'],
      [en, 'en'],
      [mr, 'mr'],
      [gu, 'gu'],
    ] as const) {
      const res = await page(articlePath(a));
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<html lang="${lang}"`);
      expect(res.body).toMatch(new RegExp(`<article class="article mx-auto" lang="${lang}"`));
      expect(hreflangs(res.body), a.name).toEqual(expected);
    }
    const mrPage = (await page(articlePath(mr))).body;
    expect(
      [...mrPage.matchAll(/<meta property="og:locale:alternate" content="([^"]+)"\/>/g)].map(
        (m) => m[1],
      ),
    ).toEqual(['hi_IN', 'en_IN', 'gu_IN']);
    expect(mrPage).toContain(
      `<a href="${articlePath(gu)}" hrefLang="gu" lang="gu">ગુજરાતીમાં વાંચો</a>`,
    );
    expect(mrPage).toContain(`<a href="${articlePath(hi)}" hrefLang="hi" lang="hi">हिंदी में पढ़ें</a>`);
    expect((await page(articlePath(gu))).body).toContain(
      `<a href="${articlePath(mr)}" hrefLang="mr" lang="mr">मराठीत वाचा</a>`,
    );
  });

  it('lists the same alternates in the sitemap', async () => {
    const res = await page('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    const links = (a: Created) => {
      const entry = res.body.split('<url>').find((u) => u.includes(`<loc>${address(a)}</loc>`));
      return [
        ...(entry ?? '').matchAll(
          /<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g,
        ),
      ].map((m) => [m[1], m[2]]);
    };
    const expected = [
      ['hi', address(hi)],
      ['en', address(en)],
      ['mr', address(mr)],
      ['gu', address(gu)],
      ['x-default', address(en)],
    ];
    for (const a of [hi, en, mr, gu]) expect(links(a), a.name).toEqual(expected);
  });

  it('finds the Marathi version by another form of its word and by its Latin spelling', async () => {
    expect(await search('सरकारने', 'mr')).toEqual([mr._id]);
    expect(await search('सरकारमध्ये')).toContain(mr._id);
    expect(await search('dilasa')).toEqual([mr._id]);
    expect(await search('दिलासा')).toEqual([mr._id]);
  });

  it('finds the Gujarati version by its word, another form of it, and its Latin spelling', async () => {
    expect(await search('ખેડૂત')).toEqual([gu._id]);
    expect(await search('સરકારની')).toEqual([gu._id]);
    expect(await search('rahat')).toEqual([gu._id]);
    expect(await search('sarkar', 'gu')).toEqual([gu._id]);
    expect(await search('sarkar', 'hi')).toEqual([hi._id]);
  });

  it('moves a version to another group, leaving the rest of its old group together', async () => {
    const other = await createArticle(t.app, admin, categoryId, {
      name: 'Another story',
      language: 'en',
    });
    const extra = await createArticle(t.app, admin, categoryId, {
      name: 'બીજી વાર્તા',
      language: 'gu',
      translationId: other._id,
    });
    expect((await getArticle(other._id)).translations.map((v) => v._id)).toEqual([extra._id]);
    // The Gujarati version of the first story replaces this one in its group.
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/articles/${gu._id}`,
      headers: auth(admin),
      payload: articleBody(categoryId, {
        name: 'ખેડૂતો માટે નવી યોજના',
        language: 'gu',
        translationId: other._id,
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await getArticle(other._id)).translations.map((v) => v._id)).toEqual([gu._id]);
    expect((await getArticle(extra._id)).translations).toEqual([]);
    expect((await getArticle(hi._id)).translations.map((v) => v._id)).toEqual([en._id, mr._id]);
    // And back, for the tests after this one.
    const back = await t.app.inject({
      method: 'PUT',
      url: `/api/articles/${gu._id}`,
      headers: auth(admin),
      payload: articleBody(categoryId, {
        name: 'ખેડૂતો માટે નવી યોજના',
        language: 'gu',
        translationId: mr._id,
      }),
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await getArticle(hi._id)).translations.map((v) => v._id)).toEqual([
      en._id,
      mr._id,
      gu._id,
    ]);
    expect((await getArticle(other._id)).translations).toEqual([]);
  });

  it('refuses a language change that would give the group two versions in one language', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/articles/${mr._id}`,
      headers: auth(admin),
      payload: articleBody(categoryId, { name: mr.name, language: 'hi' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: { path: string; message: string }[] }>().errors[0]).toMatchObject({
      path: 'body.language',
    });
    expect((await getArticle(mr._id)).language).toBe('mr');
  });

  it('speaks Marathi or Gujarati on public pages when the interface language says so', async () => {
    const set = (uiLanguage: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: auth(admin),
        payload: { uiLanguage },
      });
    try {
      expect((await set('gu')).statusCode).toBe(200);
      let home = (await page('/')).body;
      expect(home).toContain('<html lang="gu"');
      expect(home).toContain('અમારા વિશે');
      expect((await set('mr')).statusCode).toBe(200);
      home = (await page('/')).body;
      expect(home).toContain('<html lang="mr"');
      expect(home).toContain('आमच्याबद्दल');
      // A built-in static page Marathi has no text of yet is English, and says so.
      const about = (await page('/about-us')).body;
      expect(about).toMatch(/<main id="main" class="container py-4 static-page" lang="en"/);
      expect((await set('xx')).statusCode).toBe(400);
    } finally {
      await set('en');
    }
  });

  it('refuses an unknown language with a clear 400, and stores nothing', async () => {
    const name = 'বাংলা প্রবন্ধ';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/articles/article',
      headers: auth(admin),
      payload: articleBody(categoryId, { name, language: 'bn' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('language must be one of hi, en, mr, gu');
    const bad = await t.app.inject({ method: 'GET', url: '/api/search?q=x&language=bn' });
    expect(bad.statusCode).toBe(400);
    expect(await search('প্রবন্ধ')).toEqual([]);
  });
});
