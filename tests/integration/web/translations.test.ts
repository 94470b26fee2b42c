/*
 * Two articles that are each other's translation (issue 10 item 7): both pages carry the same
 * reciprocal hreflang links and a visible link to the other, and the sitemap lists the same
 * alternates (xhtml:link, its namespace declared).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePath } from '../../../common/paths';
import { auth, createAdmin, createArticle, createCategory, type TestUser } from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { settled } from '../../setup/settled';

const PUBLIC_URL = 'https://patrika.example';
let t: TestApp;
let admin: TestUser;
let hi: Awaited<ReturnType<typeof createArticle>>;
let en: Awaited<ReturnType<typeof createArticle>>;
let alone: Awaited<ReturnType<typeof createArticle>>;

const page = (url: string) => settled(() => t.app.inject({ method: 'GET', url }));
const address = (a: typeof hi) => `${PUBLIC_URL}${articlePath(a)}`;

/** The hreflang links of a page's head, as [hreflang, href] (React writes `hrefLang`). */
const hreflangs = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/gi)].map((m) => [
    m[1],
    m[2],
  ]);

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL }, { web: 'build' });
  admin = await createAdmin(t.app);
  const category = await createCategory(t.app, admin);
  // Older than two days: the news sitemap and its tests elsewhere do not see these.
  const publishedAt = new Date(Date.now() - 20 * 86_400_000).toISOString();
  hi = await createArticle(t.app, admin, category._id, {
    name: 'कोणार्क का सूर्य मंदिर',
    language: 'hi',
    publishedAt,
  });
  en = await createArticle(t.app, admin, category._id, {
    name: 'The Sun Temple of Konark',
    language: 'en',
    publishedAt,
    translationId: hi._id,
  });
  alone = await createArticle(t.app, admin, category._id, { name: 'Only in English' });
});
afterAll(async () => t.close());

describe('linked translations', () => {
  it('both pages carry the same reciprocal hreflang links, x-default the interface language’s', async () => {
    const expected = [
      ['hi', address(hi)],
      ['en', address(en)],
      ['x-default', address(en)],
    ];
    for (const a of [hi, en]) {
      const res = await page(articlePath(a));
      expect(res.statusCode).toBe(200);
      expect(hreflangs(res.body), a.name).toEqual(expected);
    }
    expect(hreflangs((await page(articlePath(alone))).body)).toEqual([]);
  });

  it('offers the other language visibly, in that language', async () => {
    const hiPage = (await page(articlePath(hi))).body;
    expect(hiPage).toContain(
      `<a href="${articlePath(en)}" hrefLang="en" lang="en">Read in English</a>`,
    );
    const enPage = (await page(articlePath(en))).body;
    expect(enPage).toContain(`<a href="${articlePath(hi)}" hrefLang="hi" lang="hi">हिंदी में पढ़ें</a>`);
    expect((await page(articlePath(alone))).body).not.toContain('हिंदी में पढ़ें');
  });

  it('leaves the link out while the translation is a draft', async () => {
    const draft = await createArticle(t.app, admin, hi.category?._id ?? '', {
      name: 'A draft translation',
      language: 'en',
      status: 'draft',
    });
    const other = await createArticle(t.app, admin, hi.category?._id ?? '', {
      name: 'अधूरा अनुवाद',
      language: 'hi',
      translationId: draft._id,
    });
    const res = await page(articlePath(other));
    expect(hreflangs(res.body)).toEqual([]);
    expect(res.body).not.toContain('Read in English');
  });

  it('lists the same alternates in the sitemap, with the xhtml namespace declared', async () => {
    const res = await page('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<urlset [^>]*xmlns:xhtml="http:\/\/www\.w3\.org\/1999\/xhtml"/);
    // Every prefix the document uses is declared on its root.
    const root = /<urlset [^>]*>/.exec(res.body)?.[0] ?? '';
    for (const [, prefix] of res.body.matchAll(/<([a-z]+):[a-z]+[ >/]/g))
      expect(root, prefix).toContain(`xmlns:${prefix}=`);
    const links = (a: typeof hi) => {
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
      ['x-default', address(en)],
    ];
    expect(links(hi)).toEqual(expected);
    expect(links(en)).toEqual(expected);
    expect(links(alone)).toEqual([]);
  });

  it('makes the Hindi version x-default when the interface speaks Hindi', async () => {
    const set = (uiLanguage: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: auth(admin),
        payload: { uiLanguage },
      });
    expect((await set('hi')).statusCode).toBe(200);
    try {
      expect(hreflangs((await page(articlePath(en))).body).at(-1)).toEqual([
        'x-default',
        address(hi),
      ]);
      expect((await page('/sitemap.xml')).body).toContain(
        `<xhtml:link rel="alternate" hreflang="x-default" href="${address(hi)}"/>`,
      );
    } finally {
      await set('en');
    }
  });
});
