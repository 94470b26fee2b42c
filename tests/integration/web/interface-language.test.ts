/*
 * The public interface in the reader's language (issue 10 item 6, DECISIONS.md §12): with
 * `uiLanguage` = `en` SPEC.md's texts stay and say they are English on Hindi pages; with `hi`
 * the reading pages carry no English interface text at all.
 */
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copy } from '../../../app/copy/en';
import { hiCopy } from '../../../app/copy/hi';
import { STATIC_PAGE_KEYS, STATIC_PAGES, staticPage } from '../../../app/copy/static-pages';
import { staticPages } from '../../../db/schema/site';
import type { SiteSettings } from '../../../common/settings';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  updateArticle,
  type TestUser,
} from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { settled } from '../../setup/settled';

let t: TestApp;
let admin: TestUser;
let category: { _id: string; slug: string };
let hindiArticle: Awaited<ReturnType<typeof createArticle>>;

const page = (url: string) => settled(() => t.app.inject({ method: 'GET', url }));
const setLanguage = async (uiLanguage: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: auth(admin),
    payload: { uiLanguage },
  });
const siteSettings = async () =>
  (await t.app.inject({ url: '/api/settings' })).json() as SiteSettings;

/** A static page's built-in body as React writes it (the page's HTML, its text separators dropped). */
const staticBody = (body: StaticBody, settings: SiteSettings) =>
  renderToStaticMarkup(createElement(Fragment, null, body(settings)));
type StaticBody = (typeof STATIC_PAGES)['about-us']['body'];
const withoutSeparators = (html: string) => html.replace(/<!-- -->/g, '');

/** The contact details the static pages and the footer show (content, not interface). */
const CONTACT = {
  contactEmail: 'editor@patrika.example',
  contactPhone: '+91 141 222 3333',
  contactAddress: 'MI Road, Jaipur, India',
};

/** Every fixed English interface text (not the ones made from a value), 4 letters or more. */
function englishTexts(node: unknown): string[] {
  if (typeof node === 'string') return node.length >= 4 ? [node] : [];
  if (typeof node === 'object' && node !== null) return Object.values(node).flatMap(englishTexts);
  return [];
}

/** What a reader or a screen reader meets in the body: its text and its labels. */
function readable(html: string): string {
  const body = html.slice(html.indexOf('<body'));
  const labels = [...body.matchAll(/\b(?:aria-label|placeholder|title|alt)="([^"]*)"/g)].map(
    (m) => m[1],
  );
  const text = body
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'");
  return `${text} ${labels.join(' ')}`.replace(/\s+/g, ' ');
}

/**
 * Every word in Latin letters a reader meets on a page outside its content: the text and the
 * labels read aloud or shown on hover (aria-label, alt, title, placeholder). Content is left
 * out: the article's body, what the reader typed (echoed back), `allowed` (the site name, a
 * person's name), addresses and e-mail addresses.
 */
function latinInterfaceWords(html: string, allowed: string[]): string[] {
  const body = html
    .slice(html.indexOf('<body'))
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<div class="article-body"[^>]*>[\s\S]*?<\/div>/g, ' ');
  const labels = [...body.matchAll(/\b(?:aria-label|placeholder|title|alt)="([^"]*)"/g)].map(
    (m) => m[1] ?? '',
  );
  const text = body.replace(/<[^>]+>/g, ' ');
  const decoded = `${text} ${labels.join(' ')}`
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&[a-z]+;|&#x?[0-9a-f]+;/gi, ' ');
  const content = new Set(allowed.flatMap((a) => a.toLowerCase().split(/\s+/)));
  return decoded
    .split(/\s+/)
    .filter((w) => !/^(?:https?:\/\/|www\.|\/)|@/.test(w))
    .flatMap((w) => w.match(/[A-Za-z]+/g) ?? [])
    .filter((w) => !content.has(w.toLowerCase()));
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://patrika.example' }, { web: 'build' });
  admin = await createAdmin(t.app);
  const contact = await t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: auth(admin),
    payload: CONTACT,
  });
  expect(contact.statusCode).toBe(200);
  category = await createCategory(t.app, admin, { name: 'यात्रा', description: 'घूमना-फिरना।' });
  // Ten articles: the category has two pages.
  for (let i = 1; i <= 9; i++)
    await createArticle(t.app, admin, category._id, {
      name: `सफ़र की कहानी ${i}`,
      language: 'hi',
      description: '<p>पहाड़ों की सैर।</p>',
      metaKeywords: 'यात्रा',
      metaDescription: 'एक यात्रा।',
    });
  hindiArticle = await createArticle(t.app, admin, category._id, {
    name: 'कोणार्क की यात्रा',
    language: 'hi',
    description: '<p>सूर्य मंदिर की सैर।</p>',
    metaKeywords: 'यात्रा',
    metaDescription: 'कोणार्क का सूर्य मंदिर।',
  });
});
afterAll(async () => t.close());

describe('uiLanguage = en (the default)', () => {
  it('keeps SPEC.md’s texts and marks them English on a Hindi article page', async () => {
    const res = await page(`/${category.slug}/${hindiArticle.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<html lang="hi"/);
    for (const text of [copy.nav.home, copy.nav.about, copy.nav.contact, copy.nav.signIn])
      expect(res.body, text).toMatch(new RegExp(`<a [^>]*\\blang="en"[^>]*>${text}</a>`));
    expect(res.body).toMatch(/<summary [^>]*\blang="en"[^>]*>Categories<\/summary>/);
    expect(res.body).toMatch(/<form role="search"[^>]*\blang="en"/);
    expect(res.body).toMatch(/<div class="share[^"]*" role="group" aria-label="Share" lang="en">/);
    expect(res.body).toMatch(/<ul class="list-unstyled" lang="en">/);
    // The byline is English, so is its date, inside the Hindi article.
    expect(res.body).toMatch(
      /<p class="text-body-secondary small" lang="en"><span>By <a href="\/author\/admin" rel="author">Admin<\/a>/,
    );
    const date = new Date().toLocaleDateString('en-IN', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'Asia/Kolkata',
    });
    expect(res.body).toContain(`>${date}</time>`);
  });

  it.each(STATIC_PAGE_KEYS)(
    'the %s page keeps SPEC.md’s built-in text verbatim, marked English',
    async (key) => {
      const res = await page(`/${key}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/<html lang="en"/);
      const built = STATIC_PAGES[key];
      expect(res.body).toContain(
        `<main id="main" class="container py-4 static-page" lang="en"><h1>${built.title}</h1>`,
      );
      expect(withoutSeparators(res.body)).toContain(staticBody(built.body, await siteSettings()));
      // No Hindi on it but the site's name, and the menu's category with stories, whose name
      // is Hindi (issue 26 item 6: the menu lists it), marked as Hindi.
      expect(res.body).toMatch(
        new RegExp(`<a [^>]*href="/category/${category.slug}"[^>]*lang="hi"[^>]*>यात्रा</a>`),
      );
      expect(readable(res.body).replaceAll('पत्रिका', '').replaceAll('यात्रा', '')).not.toMatch(
        /[\u0900-\u097f]/,
      );
    },
  );

  it('an English page is English throughout, with the same texts', async () => {
    const res = await page('/');
    expect(res.body).toMatch(/<html lang="en"/);
    expect(readable(res.body)).toContain(copy.home.heading);
    expect(res.body).toMatch(/<h2 [^>]*lang="en"[^>]*>Latest Stories<\/h2>/);
  });

  it('the back office is English, SPEC.md’s texts', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/admin/dashboard',
      headers: { cookie: `patrika_token=${admin.token}` },
    });
    expect(res.body).toMatch(/<html lang="en"/);
    expect(res.body).toMatch(/<title>[^<]*\| Admin<\/title>/);
    expect(res.body).toMatch(/<nav class="p-3 w-100" aria-label="Back office">/);
    expect(res.body).toMatch(/>Dashboard<\/a>/);
    expect(res.body).not.toContain('डैशबोर्ड');
  });

  it('a writer who chose Hindi on /profile gets a Hindi back office; the others keep the site’s (issue 36 item 8)', async () => {
    const writer = await createUser(t.app, 'author');
    const dashboard = (who: TestUser) =>
      t.app.inject({
        method: 'GET',
        url: '/admin/dashboard',
        headers: { cookie: `patrika_token=${who.token}` },
      });
    const choose = (uiLanguage: string | null) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: auth(writer),
        payload: { uiLanguage },
      });
    expect((await choose('hi')).statusCode).toBe(200);
    const own = await dashboard(writer);
    expect(own.statusCode).toBe(200);
    expect(own.body).toMatch(/<html lang="hi"/);
    expect(own.body).toMatch(/<title>[^<]*\| एडमिन<\/title>/);
    expect(own.body).toMatch(/<nav class="p-3 w-100" aria-label="बैक ऑफ़िस">/);
    expect(own.body).not.toMatch(/>(Dashboard|Articles|Log Out)</);
    // The same site for the administrator: its language, English.
    const site = await dashboard(admin);
    expect(site.body).toMatch(/<html lang="en"/);
    expect(site.body).toMatch(/>Dashboard<\/a>/);
    // Back to the site's language.
    expect((await choose(null)).statusCode).toBe(200);
    expect((await dashboard(writer)).body).toMatch(/<html lang="en"/);
  });
});

describe('uiLanguage = hi', () => {
  beforeAll(async () => {
    expect((await setLanguage('hi')).statusCode).toBe(200);
    // A correction on the record, so /corrections lists one (its headings are the interface's).
    const corrected = await updateArticle(t.app, admin, hindiArticle, {
      correction: 'तारीख़ ठीक की गई।',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
  });
  afterAll(async () => {
    expect((await setLanguage('en')).statusCode).toBe(200);
  });

  const english = englishTexts(copy);

  it.each([
    ['home', () => '/'],
    ['category', () => `/category/${category.slug}`],
    ['category page 2', () => `/category/${category.slug}?page=2`],
    ['article', () => `/${category.slug}/${hindiArticle.slug}`],
    ['search with results', () => `/search?q=${encodeURIComponent('कोणार्क')}`],
    ['search without results', () => '/search?q=xqzvwkj'],
    ['search prompt', () => '/search'],
    ['404', () => '/no-such-page'],
    ['sign in', () => '/login'],
    ['sign up', () => '/signup'],
    ['corrections', () => '/corrections'],
    ...STATIC_PAGE_KEYS.map((key) => [key, () => `/${key}`] as [string, () => string]),
  ])('the %s page shows no English interface text', async (_name, url) => {
    const res = await page(url());
    expect(res.body).toMatch(/<html lang="hi"/);
    const text = readable(res.body);
    for (const en of english) expect(text, `${url()}: "${en}"`).not.toContain(en);
    expect(text).not.toMatch(/\bPage \d+ of \d+/);
    expect(text, url()).toContain('मुखपृष्ठ');
    // The one English word of the disclaimer is the SMS keyword a reader types, marked as such.
    expect(res.body.replace('<kbd lang="en">STOP</kbd>', ''), url()).not.toContain('lang="en"');
  });

  it.each([
    ['home', () => '/', 200],
    ['category', () => `/category/${category.slug}`, 200],
    ['category page 2', () => `/category/${category.slug}?page=2`, 200],
    ['article', () => `/${category.slug}/${hindiArticle.slug}`, 200],
    ['search with results', () => `/search?q=${encodeURIComponent('कोणार्क')}`, 200],
    ['search without results', () => '/search?q=xqzvwkj', 200],
    ['search prompt', () => '/search', 200],
    ['search too long', () => `/search?q=${'a'.repeat(201)}`, 400],
    ['404', () => '/no-such-page', 404],
    ['a missing article', () => `/${category.slug}/no-such-article`, 404],
    ['sign in', () => '/login', 200],
    ['sign up', () => '/signup', 200],
    ['corrections', () => '/corrections', 200],
    ...STATIC_PAGE_KEYS.map((key) => [key, () => `/${key}`, 200] as [string, () => string, number]),
  ])('the %s page has no word of interface in Latin letters', async (_name, url, status) => {
    const res = await page(url());
    expect(res.statusCode).toBe(status);
    // Content, not interface: the site's name, the author's, the categories' (the demo site's
    // are English; the home page's sections name theirs by slug while they do not exist),
    // what the reader typed, the contact address; "sarkar" is the tip's example of typing
    // Hindi in Latin letters, Alt+T the keys that reach the notifications, and STOP the SMS
    // keyword the disclaimer tells readers to send.
    const names = (await t.app.inject({ url: '/api/categories' })).json() as { name: string }[];
    const settings = (await t.app.inject({ url: '/api/settings' })).json() as {
      homeSectionSlugs: string[];
    };
    const words = latinInterfaceWords(res.body, [
      ...['Patrika', 'Admin', 'xqzvwkj', 'a'.repeat(201), 'sarkar', 'Alt', 'T', 'STOP'],
      CONTACT.contactAddress.replaceAll(',', ''),
      ...names.map((c) => c.name),
      ...settings.homeSectionSlugs.map((slug) => slug.replaceAll('-', ' ')),
    ]);
    expect(words, url()).toEqual([]);
  });

  it('the Latin-letter check finds an English word (it can fail)', () => {
    expect(
      latinInterfaceWords('<body><p>पढ़ें <button aria-label="Close">x</button></p></body>', []),
    ).toEqual(['x', 'Close']);
    expect(
      latinInterfaceWords(
        '<body><div class="article-body"><p>English content</p></div><a href="/x">Patrika</a> https://patrika.example</body>',
        ['Patrika'],
      ),
    ).toEqual([]);
  });

  it('speaks Hindi in the navigation, paging, search, byline and 404', async () => {
    const second = readable((await page(`/category/${category.slug}?page=2`)).body);
    expect(second).toContain('पृष्ठ 2 / 2');
    expect(second).toContain('पिछला');
    const article = await page(`/${category.slug}/${hindiArticle.slug}`);
    expect(article.body).toMatch(
      /<p class="text-body-secondary small" lang="hi"><span>लेखक: <a href="\/author\/admin" rel="author">Admin<\/a>/,
    );
    const date = new Date().toLocaleDateString('hi-IN', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'Asia/Kolkata',
    });
    expect(article.body).toContain(`>${date}</time>`);
    expect(readable(article.body)).toContain('शेयर करें');
    const found = readable((await page(`/search?q=${encodeURIComponent('कोणार्क')}`)).body);
    expect(found).toContain('1 लेख मिला');
    const missing = await page('/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(readable(missing.body)).toContain('404 - पृष्ठ नहीं मिला');
    expect(missing.body).toContain('<title>Patrika | 404 - पृष्ठ नहीं मिला</title>');
  });

  it.each(STATIC_PAGE_KEYS)('the %s page is the built-in Hindi text, marked Hindi', async (key) => {
    const res = await page(`/${key}`);
    expect(res.statusCode).toBe(200);
    const built = staticPage(key, 'hi');
    expect(res.body).toContain(
      `<main id="main" class="container py-4 static-page" lang="hi"><h1>${built.title}</h1>`,
    );
    expect(withoutSeparators(res.body)).toContain(staticBody(built.body, await siteSettings()));
    // Its title and description in <head> too.
    expect(res.body).toContain(`| ${built.title}</title>`);
    expect(res.body).toContain(`<meta name="description" content="${built.description}"/>`);
    // The contact page names its details in Hindi, the same words as the footer's.
    if (key === 'contact-us')
      for (const label of [hiCopy.footer.email, hiCopy.footer.phone, hiCopy.footer.address])
        expect(res.body).toContain(`<dt class="col-sm-3">${label}</dt>`);
  });

  it('shows a stored static page as written, whatever the interface language', async () => {
    const db = t.app.services.database.db;
    await db.insert(staticPages).values({
      slug: 'privacy-policy',
      title: 'Privacy at our magazine',
      body: '<p>We keep nothing.</p>',
    });
    t.app.services.pageCache.invalidate();
    try {
      const res = await page('/privacy-policy');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(
        '<main id="main" class="container py-4 static-page"><h1>Privacy at our magazine</h1><div><p>We keep nothing.</p></div>',
      );
      expect(res.body).not.toContain('निजता नीति</h1>');
    } finally {
      await db.delete(staticPages);
      t.app.services.pageCache.invalidate();
    }
  });

  it('names the reader’s role in Hindi on the profile page', async () => {
    const res = await t.app.inject({
      url: '/profile',
      headers: { cookie: `patrika_token=${admin.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<dd class="col-sm-8 text-capitalize">प्रशासक<\/dd>/);
    expect(res.body).not.toMatch(/>administrator</i);
  });

  it('marks its Hindi buttons as Hindi on an English article page', async () => {
    const english = await createArticle(t.app, admin, category._id, {
      name: 'Sun temple',
      language: 'en',
    });
    const res = await page(`/${category.slug}/${english.slug}`);
    expect(res.body).toMatch(/<html lang="en"/);
    expect(res.body).toMatch(/<a [^>]*\blang="hi"[^>]*>मुखपृष्ठ<\/a>/);
    expect(res.body).toMatch(/aria-label="शेयर करें" lang="hi">/);
  });

  it('speaks Hindi in the back office too (DECISIONS.md §18)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/admin/dashboard',
      headers: { cookie: `patrika_token=${admin.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<html lang="hi"/);
    expect(res.body).toMatch(/<title>[^<]*\| एडमिन<\/title>/);
    expect(res.body).toMatch(/<nav class="p-3 w-100" aria-label="बैक ऑफ़िस">/);
    expect(res.body).toMatch(/>डैशबोर्ड<\/a>/);
    expect(res.body).not.toMatch(/>(Dashboard|Articles|Log Out)</);
  });
});

describe('when the root loader fails (no settings to read)', () => {
  it('apologises in both languages, each marked with its own lang', async () => {
    const settings = t.app.services.settings;
    const get = settings.get;
    settings.get = () => Promise.reject(new Error('database down'));
    t.app.services.pageCache.invalidate();
    try {
      const res = await page('/category/no-settings-now');
      expect(res.statusCode).toBe(500);
      expect(res.body).toMatch(/<html lang="en"/);
      expect(res.body).toContain(
        `<h1><span lang="en">${copy.errors.title}</span><br/><span lang="hi">${hiCopy.errors.title}</span></h1>`,
      );
      expect(res.body).toContain(`<p lang="en">${copy.errors.body}</p>`);
      expect(res.body).toContain(`<p lang="hi">${hiCopy.errors.body}</p>`);
      expect(res.body).toContain(
        `<title>Patrika | ${copy.errors.title} / ${hiCopy.errors.title}</title>`,
      );
    } finally {
      settings.get = get;
      t.app.services.pageCache.invalidate();
    }
    expect((await page('/category/no-settings-now')).statusCode).toBe(404);
  });
});

describe('the uiLanguage setting', () => {
  it('is en on a fresh site and refuses a language the interface does not speak', async () => {
    const settings = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(settings.json()).toMatchObject({ uiLanguage: 'en' });
    const bad = await setLanguage('fr');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/uiLanguage/);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).json()).toMatchObject({
      uiLanguage: 'en',
    });
  });
});
