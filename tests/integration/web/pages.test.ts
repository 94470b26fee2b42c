/*
 * The public pages as a crawler gets them (issue 4 items 2–8, 10): the server-rendered HTML of
 * the production build, read without running any JavaScript.
 */
import { articlePath } from '../../../common/paths';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { eq } from 'drizzle-orm';
import { seedDemoContent } from '../../../db/seed/seed';
import { CacheTags } from '../../../common/cache-tags';
import { siteSettings } from '../../../db/schema/site';
import {
  articleBody,
  auth,
  createAdmin,
  createArticle,
  createCategory,
  signUp,
  testImage,
  upload,
  type TestUser,
} from '../../factories';

const PUBLIC_URL = 'https://patrika.example';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/**
 * The app with the production build's pages (tests/setup/test-app.ts). No job runs by itself:
 * the demo's AVIF variants, a job's work after a seeding, would change pages under the tests
 * (an upload's are made at once by the `upload` factory).
 */
const createWebApp = (env: Record<string, string> = {}) =>
  createTestApp({ PUBLIC_URL, ...env }, { web: 'build', pollJobs: false });

// ---- Reading HTML without a DOM: React's server output is regular enough for these. ----

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
    if (e[0] === '#')
      return String.fromCodePoint(
        e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : +e.slice(1),
      );
    return ENTITIES[e.toLowerCase()] ?? whole;
  });

/** Visible text: tags and comments dropped, entities decoded, white space collapsed. */
const textOf = (html: string) =>
  decode(html.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

const attrsOf = (tag: string): Record<string, string> => {
  const out: Record<string, string> = {};
  const body = tag.replace(/^<[\w:-]+/, '').replace(/\/?>$/, '');
  for (const m of body.matchAll(/([\w:.-]+)(?:="([^"]*)")?/g))
    out[(m[1] as string).toLowerCase()] = decode(m[2] ?? '');
  return out;
};

/** Every opening tag `<name ...>`, as its attributes. */
const tags = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`<${name}(?=[\\s>/])[^>]*>`, 'gi'))].map((m) => attrsOf(m[0]));

/** Elements that do not nest in themselves (h1, title, script, a, section, article...). */
const elements = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`<${name}(?=[\\s>])([^>]*)>([\\s\\S]*?)</${name}>`, 'gi'))].map(
    (m) => ({ attrs: attrsOf(`<${name}${m[1]}>`), inner: m[2] as string }),
  );

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const bodyOf = (html: string) => html.slice(html.indexOf('<body'));

/** content of `<meta name=key>` or `<meta property=key>` in the head. */
const meta = (html: string, key: string) => {
  const found = tags(headOf(html), 'meta').filter((m) => m.name === key || m.property === key);
  return found.length === 1
    ? found[0]?.content
    : found.length
      ? found.map((m) => m.content)
      : undefined;
};
const titleOf = (html: string) => {
  const titles = elements(headOf(html), 'title');
  expect(titles).toHaveLength(1);
  return decode(titles[0]?.inner ?? '');
};
const canonicalOf = (html: string) =>
  tags(headOf(html), 'link')
    .filter((l) => l.rel === 'canonical')
    .map((l) => l.href);

/** The `<section>` whose h2 reads `heading`. */
const sectionByHeading = (html: string, heading: string) =>
  elements(bodyOf(html), 'section').find((s) =>
    elements(s.inner, 'h2').some((h) => textOf(h.inner) === heading),
  );

interface Card {
  title: string;
  excerpt: string;
  /** Where Read More leads (its text goes on, visually hidden, with the title). */
  href: string | undefined;
  /** Every link of the card: the image's, the title's and Read More. */
  links: (string | undefined)[];
}
/** Cards' titles are h3 under a section's h2, h2 right under the page's h1. */
const cardsIn = (html: string): Card[] =>
  elements(html, 'article')
    .filter((a) => /\bcard\b/.test(a.attrs.class ?? ''))
    .map((a) => ({
      title: textOf(elements(a.inner, 'h[23]')[0]?.inner ?? ''),
      excerpt: textOf(elements(a.inner, 'p')[0]?.inner ?? ''),
      href: elements(a.inner, 'a').find((l) => /^Read More\b/.test(textOf(l.inner)))?.attrs.href,
      links: elements(a.inner, 'a').map((l) => l.attrs.href),
    }));

const h1Of = (html: string) => elements(bodyOf(html), 'h1').map((h) => textOf(h.inner));

// ---- The site ----

let t: TestApp;
let admin: TestUser;
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'user-agent': GOOGLEBOT, ...headers } });

/**
 * A page once any refresh a change asked for has run: a kept page is served stale while one
 * render refreshes it (docs/decisions/029), so a change shows a moment later, not at once.
 */
async function settled(url: string) {
  let res = await get(url);
  await expect
    .poll(async () => (res = await get(url)).headers['x-page-cache'] !== 'stale', {
      timeout: 30_000,
    })
    .toBe(true);
  return res;
}

const expectHtml = (res: LightMyRequestResponse, status = 200) => {
  expect(res.statusCode, `${res.statusCode} ${res.body.slice(0, 300)}`).toBe(status);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.body.startsWith('<!DOCTYPE html>')).toBe(true);
};

const unique = () => Math.random().toString(36).slice(2, 8);
const address = articlePath;

/** A category of 11 articles: two pages of 9. */
let paging: Awaited<ReturnType<typeof createCategory>>;
let pagingArticles: Awaited<ReturnType<typeof createArticle>>[] = [];
/** The article whose metadata is read: Hindi, an uploaded image, no keywords. */
let metaCategory: Awaited<ReturnType<typeof createCategory>>;
let hindi: Awaited<ReturnType<typeof createArticle>>;
let english: Awaited<ReturnType<typeof createArticle>>;
let uploaded: {
  url: string;
  width: number;
  height: number;
  variants: { width: number; url: string }[];
};

beforeAll(async () => {
  t = await createWebApp();
  admin = await createAdmin(t.app);
  await seedDemoContent({
    db: t.app.services.database.db,
    storeImage: (data) => t.app.services.media.storeImage(data),
    now: new Date(),
  });
  // The demo's settings went into the database behind the settings service (a first start
  // seeds before anything reads them): say so, as any writer must, or this process keeps the
  // defaults it may have read before the seed (no contact details on /contact-us).
  await t.app.services.outbox.record({
    type: 'settings.updated',
    subject: { kind: 'settings', id: 'site' },
    data: { keys: ['contactEmail', 'address'], by: null },
    cache: { stale: [CacheTags.settings], urls: ['/'] },
  });

  paging = await createCategory(t.app, admin, {
    name: `Paging ${unique()}`,
    description: 'Eleven stories to page through.',
  });
  const start = Date.now() - 60 * 60 * 1000;
  pagingArticles = [];
  for (let i = 0; i < 11; i++) {
    pagingArticles.push(
      await createArticle(t.app, admin, paging._id, {
        name: `Paging story ${String(i + 1).padStart(2, '0')}`,
        language: 'en',
        // Newest first: story 01 is the newest.
        publishedAt: new Date(start - i * 60_000).toISOString(),
      }),
    );
  }

  metaCategory = await createCategory(t.app, admin, {
    name: `Metadata ${unique()}`,
    description: 'Where metadata is read.',
  });
  const up = await upload(t.app, admin, await testImage(1000, 600));
  expect(up.statusCode).toBe(201);
  uploaded = up.json();
  hindi = await createArticle(t.app, admin, metaCategory._id, {
    name: 'बारिश के दिनों की कहानी',
    language: 'hi',
    imageUrl: uploaded.url,
    metaTitle: '',
    metaKeywords: '',
    metaDescription: 'मानसून की एक छोटी कहानी।',
    description:
      '<h2>पहला भाग</h2><p onclick="steal()">बादल <strong>घिर</strong> आए।</p>' +
      '<script>alert(1)</script><img src="https://images.example.com/x.jpg" onerror="alert(2)">' +
      '<p>दूसरा अनुच्छेद।</p>',
  });
  english = await createArticle(t.app, admin, metaCategory._id, {
    name: 'A Walk in the Old City',
    language: 'en',
    metaKeywords: 'walks, jaipur, heritage',
    metaDescription: 'Lanes, bazaars and stories of the walled city.',
  });
}, 240_000);

afterAll(async () => t?.close());

describe('public pages carry their whole content in the server HTML', () => {
  it('home: the heading and the four sections of 3 cards each, linking to the articles', async () => {
    const res = await get('/');
    expectHtml(res);
    expect(h1Of(res.body)).toEqual(['Read latest and other stories']);
    const sections: [string, string | null][] = [
      ['Latest Stories', null],
      ["Editor's Choice", 'editors-choice'],
      ['Apna Gyaan', 'apna-gyaan'],
      ['Parenting', 'parenting'],
    ];
    for (const [heading, categorySlug] of sections) {
      const section = sectionByHeading(res.body, heading);
      expect(section, heading).toBeDefined();
      const cards = cardsIn(section?.inner ?? '');
      expect(cards, heading).toHaveLength(3);
      for (const card of cards) {
        expect(card.title).not.toBe('');
        // Plain text, cut at 200 characters on a word boundary with an ellipsis.
        expect(card.excerpt.length).toBeGreaterThan(0);
        expect(card.excerpt.length).toBeLessThanOrEqual(203);
        expect(card.excerpt).not.toMatch(/[<>]/);
        expect(card.href).toMatch(/^\/[a-z0-9-]+\/[a-z0-9-]+$/);
        if (categorySlug) expect(card.href?.split('/')[1]).toBe(categorySlug);
      }
    }
    // Latest Stories shows the newest published articles: the ones of this file.
    const latest = cardsIn(sectionByHeading(res.body, 'Latest Stories')?.inner ?? '');
    const newest = await t.app.inject({ url: '/api/articles/latest?limit=3' });
    expect(latest.map((c) => c.href)).toEqual(
      (newest.json() as { slug: string; category: { slug: string } }[]).map(address),
    );
    expect(titleOf(res.body)).toBe('Patrika | Read latest and other stories');
    expect(canonicalOf(res.body)).toEqual([`${PUBLIC_URL}/`]);
  });

  it('category: name, description, 9 cards and "Page 1 of 2", then page 2 with the rest', async () => {
    const first = await get(`/category/${paging.slug}`);
    expectHtml(first);
    expect(h1Of(first.body)).toEqual([paging.name]);
    expect(textOf(bodyOf(first.body))).toContain('Eleven stories to page through.');
    const page1 = cardsIn(bodyOf(first.body));
    expect(page1.map((c) => c.title)).toEqual(pagingArticles.slice(0, 9).map((a) => a.name));
    expect(page1.map((c) => c.href)).toEqual(pagingArticles.slice(0, 9).map(address));
    for (const card of page1) {
      expect(card.excerpt.length).toBeLessThanOrEqual(153);
      expect(card.excerpt).toContain('First paragraph of the story.');
    }
    expect(textOf(bodyOf(first.body))).toContain('Page 1 of 2');
    const links = tags(bodyOf(first.body), 'a');
    expect(links.some((a) => a.href === `/category/${paging.slug}?page=2`)).toBe(true);
    expect(titleOf(first.body)).toBe(`Patrika | ${paging.name}`);
    expect(canonicalOf(first.body)).toEqual([`${PUBLIC_URL}/category/${paging.slug}`]);

    const second = await get(`/category/${paging.slug}?page=2`);
    expectHtml(second);
    expect(h1Of(second.body)).toEqual([paging.name]);
    const page2 = cardsIn(bodyOf(second.body));
    expect(page2.map((c) => c.href)).toEqual(pagingArticles.slice(9).map(address));
    expect(textOf(bodyOf(second.body))).toContain('Page 2 of 2');
    expect(tags(bodyOf(second.body), 'a').some((a) => a.href === `/category/${paging.slug}`)).toBe(
      true,
    );
    expect(canonicalOf(second.body)).toEqual([`${PUBLIC_URL}/category/${paging.slug}?page=2`]);
    // Page 2 has a title and description of its own (issue 12).
    expect(titleOf(second.body)).toBe(`Patrika | ${paging.name} (Page 2 of 2)`);
    expect(meta(second.body, 'description')).toBe('Eleven stories to page through. (Page 2 of 2)');
    expect(meta(first.body, 'description')).toBe('Eleven stories to page through.');
  });

  it('the menu marks the page it is on (aria-current), with plain links on reading pages', async () => {
    const current = (html: string) =>
      tags(html, 'a')
        .filter((a) => a['aria-current'] === 'page')
        .map((a) => [a.href, a.class]);
    expect(current((await get('/')).body)).toEqual([['/', 'nav-link active']]);
    expect(current((await get('/about-us')).body)).toEqual([['/about-us', 'nav-link active']]);
    // Below a menu entry counts as on it; "/" is no parent of the category pages.
    expect(current((await get(`/category/${paging.slug}`)).body)).toEqual([]);
    // Reading pages run no React in the browser: their links are plain anchors, without the
    // router's own attributes.
    expect((await get('/')).body).not.toContain('data-discover');
  });

  it('category: a single page shows no "Page X of Y" controls', async () => {
    const res = await get('/category/parenting');
    expectHtml(res);
    expect(h1Of(res.body)).toEqual(['Parenting']);
    const cards = cardsIn(bodyOf(res.body));
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThanOrEqual(9);
    for (const card of cards) {
      expect(card.href?.startsWith('/parenting/')).toBe(true);
      // The image and the title lead to the article too (issue 12 item 8).
      expect(card.links).toEqual([card.href, card.href, card.href]);
    }
    expect(textOf(bodyOf(res.body))).not.toMatch(/Page \d+ of \d+/);
  });

  it('article: the name in an h1, the sanitised description HTML and 2 related cards', async () => {
    const res = await get(address(hindi));
    expectHtml(res);
    expect(h1Of(res.body)).toEqual([hindi.name]);
    const body = bodyOf(res.body);
    // The stored (sanitised) description, rendered as HTML.
    expect(hindi.description).not.toMatch(/<script|onclick|onerror/);
    expect(body).toContain(hindi.description as string);
    expect(body).toContain('<h2>पहला भाग</h2>');
    expect(body).toContain('<strong>घिर</strong>');
    expect(body).not.toContain('alert(1)');
    expect(body).not.toMatch(/onclick|onerror|steal\(\)/);

    const more = sectionByHeading(res.body, 'More stories');
    expect(more).toBeDefined();
    const related = cardsIn(more?.inner ?? '');
    expect(related).toHaveLength(2);
    for (const card of related) {
      expect(card.href).not.toBe(address(hindi));
      expect(card.href).toMatch(/^\/[a-z0-9-]+\/[a-z0-9-]+$/);
      expect(card.excerpt.length).toBeLessThanOrEqual(153);
    }
  });

  it.each([
    ['/about-us', 'About Us', ['Our mission', 'Our goals', 'Our team', 'Get involved'], 400],
    ['/contact-us', 'Contact Us', ['Email contact@patrika.example', 'Jaipur', 'India'], 150],
    [
      '/privacy-policy',
      'Privacy Policy',
      ['IP', 'Third-party advertising', 'Content from users', 'No liability'],
      400,
    ],
    ['/disclaimer', 'Disclaimer', ['User-generated content', 'Limitation of liability'], 400],
  ] as const)('%s: the static page with its text', async (url, heading, phrases, minLength) => {
    const res = await get(url);
    expectHtml(res);
    expect(h1Of(res.body)).toEqual([heading]);
    const text = textOf(elements(bodyOf(res.body), 'main')[0]?.inner ?? '');
    for (const phrase of phrases) expect(text).toContain(phrase);
    expect(text.length).toBeGreaterThan(minLength);
    expect(titleOf(res.body)).toBe(`Patrika | ${heading}`);
    expect(canonicalOf(res.body)).toEqual([`${PUBLIC_URL}${url}`]);
  });

  it('/contact-us on the demo site: the e-mail and the address in Jaipur, India, and no empty phone', async () => {
    const res = await get('/contact-us');
    const main = elements(bodyOf(res.body), 'main')[0]?.inner ?? '';
    expect(elements(main, 'dt').map((d) => textOf(d.inner))).toEqual(['Email', 'Address']);
    expect(elements(main, 'dd').map((d) => textOf(d.inner))).toEqual([
      'contact@patrika.example',
      'Malviya Nagar, Jaipur, Rajasthan 302017, India',
    ]);
    expect(tags(main, 'a').some((a) => a.href === 'mailto:contact@patrika.example')).toBe(true);
    const footer = textOf(elements(bodyOf(res.body), 'footer')[0]?.inner ?? '');
    expect(footer).toContain('Email: contact@patrika.example');
    expect(footer).toContain('Address: Malviya Nagar, Jaipur');
    expect(footer).not.toContain('Phone');
  });

  it('a fresh site with no contact settings shows no contact labels and no social links', async () => {
    const db = t.app.services.database.db;
    const [saved] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    await db.delete(siteSettings).where(eq(siteSettings.id, 1));
    t.app.services.pageCache.invalidate();
    try {
      for (const url of ['/', '/contact-us', '/about-us', '/privacy-policy']) {
        const body = bodyOf((await get(url)).body);
        const footer = elements(body, 'footer')[0]?.inner ?? '';
        for (const label of ['Contact', 'Email', 'Phone', 'Address', 'Follow us'])
          expect(textOf(footer), `${url} footer`).not.toContain(label);
        expect(tags(footer, 'a').map((a) => a.href)).toEqual([
          '/about-us',
          '/privacy-policy',
          '/disclaimer',
        ]);
        expect(
          tags(body, 'a').some((a) => a.href?.startsWith('mailto:')),
          url,
        ).toBe(false);
        expect(tags(body, 'iframe'), url).toEqual([]);
      }
      const main = elements(bodyOf((await get('/contact-us')).body), 'main')[0]?.inner ?? '';
      expect(elements(main, 'dt')).toEqual([]);
    } finally {
      if (saved) await db.insert(siteSettings).values(saved);
      t.app.services.pageCache.invalidate();
    }
  });

  it('/login: the sign-in form with Email and Password, required, e-mail typed', async () => {
    const res = await get('/login');
    expectHtml(res);
    const main = elements(bodyOf(res.body), 'main')[0]?.inner ?? '';
    // The sign-in form comes first; below it, a link by e-mail instead (issue 37 item 1).
    const [signIn, byLink] = elements(main, 'form');
    const inputs = tags(signIn?.inner ?? '', 'input');
    expect(inputs.map((i) => i.name)).toEqual(['email', 'password']);
    expect(tags(byLink?.inner ?? '', 'input')).toEqual([
      expect.objectContaining({ name: 'email', type: 'email', required: '' }),
    ]);
    expect(inputs[0]).toEqual(expect.objectContaining({ type: 'email', required: '' }));
    expect(inputs[1]).toEqual(expect.objectContaining({ type: 'password', required: '' }));
    expect(textOf(main)).toContain('Email');
    expect(textOf(main)).toContain('Password');
    expect(elements(main, 'button').map((b) => textOf(b.inner))).toContain('Sign In');
    expect(titleOf(res.body)).toBe('Patrika | Sign In');
  });

  it('/signup: Name, Email, Password, Confirm Password and the link to sign-in with the redirect', async () => {
    const res = await get('/signup?redirect=%2Fprofile');
    expectHtml(res);
    const main = elements(bodyOf(res.body), 'main')[0]?.inner ?? '';
    const inputs = tags(main, 'input');
    expect(inputs).toHaveLength(4);
    for (const input of inputs) expect(input.required).toBe('');
    expect(inputs.find((i) => i.type === 'email')).toBeDefined();
    expect(inputs.filter((i) => i.type === 'password')).toHaveLength(2);
    const text = textOf(main);
    for (const label of ['Name', 'Email', 'Password', 'Confirm Password'])
      expect(text).toContain(label);
    expect(elements(main, 'button').map((b) => textOf(b.inner))).toContain('Sign Up');
    const signIn = elements(main, 'a').find((a) => textOf(a.inner) === 'Already have an account?');
    expect(signIn?.attrs.href).toBe('/login?redirect=%2Fprofile');
  });
});

describe('article metadata in the head', () => {
  it('title with the short name, description, default keywords and the social cards', async () => {
    const res = await get(address(hindi));
    expectHtml(res);
    const title = titleOf(res.body);
    expect(title).toBe(`Patrika | ${hindi.name}`);
    expect(meta(res.body, 'description')).toBe('मानसून की एक छोटी कहानी।');
    expect(meta(res.body, 'keywords')).toBe('articles, news');
    // The upload's 16:9 crop (issue 12 item 4), with its size and alt text (item 5).
    const image = `${PUBLIC_URL}${uploaded.url.replace('original.jpg', 'crop-16x9.jpg')}`;
    expect(meta(res.body, 'og:image:width')).toBe('1000');
    expect(meta(res.body, 'og:image:height')).toBe('563');
    expect(meta(res.body, 'og:image:alt')).toBe(hindi.name);
    expect(meta(res.body, 'og:locale')).toBe('hi_IN');
    // Only the languages it is also written in (none here: it has no translation, issue 27).
    expect(meta(res.body, 'og:locale:alternate')).toBeUndefined();
    expect(meta(res.body, 'og:title')).toBe(title);
    expect(meta(res.body, 'og:description')).toBe('मानसून की एक छोटी कहानी।');
    expect(meta(res.body, 'og:image')).toBe(image);
    expect(meta(res.body, 'twitter:card')).toBe('summary_large_image');
    expect(meta(res.body, 'twitter:title')).toBe(title);
    expect(meta(res.body, 'twitter:description')).toBe('मानसून की एक छोटी कहानी।');
    expect(meta(res.body, 'twitter:image')).toBe(image);
    expect(canonicalOf(res.body)).toEqual([`${PUBLIC_URL}/${metaCategory.slug}/${hindi.slug}`]);
  });

  it('without a meta description, the description is the story’s opening words, not its title (issue 12)', async () => {
    const plain = await createArticle(t.app, admin, metaCategory._id, {
      name: `No meta description ${unique()}`,
      metaDescription: '',
      description: '<h2>बारिश</h2><p>पहली बारिश में <b>शहर</b> भीग गया।</p>',
    });
    const res = await get(address(plain));
    expectHtml(res);
    expect(meta(res.body, 'description')).toBe('बारिश पहली बारिश में शहर भीग गया।');
    expect(meta(res.body, 'og:description')).toBe('बारिश पहली बारिश में शहर भीग गया।');
  });

  it('the article’s own keywords when it has them, and an https image kept as it is', async () => {
    const res = await get(address(english));
    expectHtml(res);
    expect(titleOf(res.body)).toBe('Patrika | A Walk in the Old City');
    expect(meta(res.body, 'keywords')).toBe('walks, jaipur, heritage');
    expect(meta(res.body, 'description')).toBe('Lanes, bazaars and stories of the walled city.');
    expect(meta(res.body, 'og:image')).toBe('https://images.example.com/photo.jpg');
    expect(canonicalOf(res.body)).toEqual([`${PUBLIC_URL}/${metaCategory.slug}/${english.slug}`]);
  });

  it('NewsArticle JSON-LD with headline, images, dates, author and publisher', async () => {
    const res = await get(address(hindi));
    const blocks = elements(headOf(res.body), 'script')
      .filter((s) => s.attrs.type === 'application/ld+json')
      .map((s) => JSON.parse(s.inner) as Record<string, unknown>);
    // Issue 12 item 4: a BreadcrumbList beside it (tests/integration/web/structured-data.test.ts).
    expect(blocks.map((b) => b['@type'])).toEqual(['NewsArticle', 'BreadcrumbList']);
    const ld = blocks[0] as Record<string, unknown>;
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld.headline).toBe(hindi.name);
    // The upload's 16:9, 4:3 and 1:1 crops, absolute.
    const images = ld.image as string[];
    expect(images).toHaveLength(3);
    for (const i of images)
      expect(i).toMatch(/^https:\/\/patrika\.example\/media\/.+\/crop-(16x9|4x3|1x1)\.jpg$/);
    expect(ld.datePublished).toBe(hindi.publishedAt);
    expect(ld.dateModified).toBe(hindi.updatedAt);
    expect(ld.author).toEqual({
      '@type': 'Person',
      name: 'Admin',
      url: `${PUBLIC_URL}/author/admin`,
    });
    expect(ld.publisher).toEqual(
      expect.objectContaining({ '@type': 'Organization', name: 'Patrika — पत्रिका' }),
    );
  });

  it('<html lang> follows the article’s language', async () => {
    const hi = await get(address(hindi));
    expect(tags(hi.body, 'html')[0]?.lang).toBe('hi');
    const en = await get(address(english));
    expect(tags(en.body, 'html')[0]?.lang).toBe('en');
  });

  it('an uploaded image is a <picture> of AVIF and WebP variants, a variant’s size, high priority', async () => {
    const res = await get(address(hindi));
    const article = elements(bodyOf(res.body), 'article').find(
      (a) => !/\bcard\b/.test(a.attrs.class ?? ''),
    );
    const picture = elements(article?.inner ?? '', 'picture')[0]?.inner ?? '';
    const variant = (ext: string) => new RegExp(`^/media/.+/w\\d+\\.${ext} \\d+w$`);
    const [avif, webp] = tags(picture, 'source');
    expect(avif?.type).toBe('image/avif');
    expect(webp?.type).toBe('image/webp');
    for (const c of (avif?.srcset ?? '').split(', ')) expect(c).toMatch(variant('avif'));
    expect(webp?.srcset).toBe(uploaded.variants.map((v) => `${v.url} ${v.width}w`).join(', '));
    expect(avif?.sizes).toBeTruthy();
    expect(webp?.sizes).toBe(avif?.sizes);
    // The fallback is the largest WebP variant (the image is 1000 px wide), never the original.
    const img = tags(picture, 'img')[0];
    const largest = uploaded.variants[uploaded.variants.length - 1]!;
    expect(img?.src).toBe(largest.url);
    expect(img?.width).toBe(String(largest.width));
    expect(img?.height).toBe(
      String(Math.round((uploaded.height * largest.width) / uploaded.width)),
    );
    expect(img?.fetchpriority).toBe('high');
    expect(article?.inner).not.toContain(uploaded.url);
  });

  it('the title prefix is the short name from the settings', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth(admin),
      payload: { shortName: 'Khabar' },
    });
    expect(put.statusCode).toBe(200);
    try {
      const res = await settled(address(english));
      expect(titleOf(res.body)).toBe('Khabar | A Walk in the Old City');
      expect(meta(res.body, 'og:title')).toBe('Khabar | A Walk in the Old City');
      const home = await settled('/');
      expect(titleOf(home.body)).toBe('Khabar | Read latest and other stories');
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: auth(admin),
        payload: { shortName: 'Patrika' },
      });
    }
    expect(titleOf((await settled(address(english))).body)).toBe(
      'Patrika | A Walk in the Old City',
    );
  });

  it('og:site_name is the site’s name; renamed, it follows, and so do the back office’s brand and footer', async () => {
    expect(meta((await settled(address(english))).body, 'og:site_name')).toBe('Patrika — पत्रिका');
    const renamed = { siteName: 'Khabar Lahar — ख़बर लहर', shortName: 'Khabar' };
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth(admin),
      payload: renamed,
    });
    expect(put.statusCode).toBe(200);
    try {
      for (const url of [address(english), '/', '/about-us', `/category/${metaCategory.slug}`]) {
        const res = await settled(url);
        expectHtml(res);
        expect(meta(res.body, 'og:site_name'), url).toBe(renamed.siteName);
      }
      const backOffice = await get('/admin/dashboard', { cookie: `patrika_token=${admin.token}` });
      expectHtml(backOffice);
      const body = bodyOf(backOffice.body);
      const brand = elements(body, 'a').find((a) => /\bnavbar-brand\b/.test(a.attrs.class ?? ''));
      expect(textOf(brand?.inner ?? '')).toBe('Khabar Admin');
      const footer = elements(body, 'footer').map((f) => textOf(f.inner));
      expect(footer).toEqual([
        `© ${new Date().getFullYear()} Khabar Lahar — ख़बर लहर. All rights reserved.`,
      ]);
      expect(textOf(body)).not.toContain('Patrika');
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: auth(admin),
        payload: { siteName: 'Patrika — पत्रिका', shortName: 'Patrika' },
      });
    }
  });

  it('the home page’s social image is absolute when the header image is on this site', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth(admin),
      payload: { headerImageUrl: uploaded.url },
    });
    expect(put.statusCode).toBe(200);
    try {
      const res = await settled('/');
      expectHtml(res);
      // The header picture is a WebP variant with its AVIF and WebP sources, not the original.
      const header = tags(bodyOf(res.body), 'img').find((i) => i.class === 'home-hero-img');
      expect(uploaded.variants.map((v) => v.url)).toContain(header?.src);
      expect(bodyOf(res.body)).not.toContain(uploaded.url);
      // Its 16:9 crop, the shape of a large card (issue 12 item 5).
      const crop = `${PUBLIC_URL}${uploaded.url.replace('original.jpg', 'crop-16x9.jpg')}`;
      expect(meta(res.body, 'og:image')).toBe(crop);
      expect(meta(res.body, 'twitter:image')).toBe(crop);
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: auth(admin),
        payload: { headerImageUrl: '' },
      });
    }
  });

  it('special characters in a name are escaped in the title, meta tags and heading', async () => {
    const name = 'Tom & Jerry <b>live</b> "in" जयपुर';
    const a = await createArticle(t.app, admin, metaCategory._id, {
      name,
      metaTitle: '',
      metaDescription: 'Cats & mice <i>together</i>',
      language: 'en',
    });
    const res = await get(address(a));
    expectHtml(res);
    expect(res.body).not.toContain('<b>live</b>');
    expect(res.body).not.toContain('<i>together</i>');
    expect(titleOf(res.body)).toBe(`Patrika | ${name}`);
    expect(meta(res.body, 'description')).toBe('Cats & mice <i>together</i>');
    expect(h1Of(res.body)).toEqual([name]);
    const ld = elements(headOf(res.body), 'script').find(
      (s) => s.attrs.type === 'application/ld+json',
    );
    expect(ld?.inner).not.toContain('</');
    expect((JSON.parse(ld?.inner ?? '{}') as { headline: string }).headline).toBe(name);
  });
});

describe('status codes', () => {
  const expectNotFoundPage = (res: LightMyRequestResponse) => {
    expectHtml(res, 404);
    expect(res.headers.location).toBeUndefined();
    const main = elements(bodyOf(res.body), 'main')[0]?.inner ?? '';
    expect(textOf(main)).toContain('404 - Page Not Found');
    expect(tags(main, 'a').some((a) => a.href === '/')).toBe(true);
    expect(meta(res.body, 'robots')).toBe('noindex');
  };

  it('an unknown address renders the Not Found page with 404 at that address', async () => {
    expectNotFoundPage(await get('/no/such/page/here'));
    expectNotFoundPage(await get('/nothing-here'));
    expectNotFoundPage(await get('/some-category/no-such-article'));
  });

  it('/404 shows the same page with status 404', async () => {
    expectNotFoundPage(await get('/404'));
  });

  it('an unknown category is 404', async () => {
    expectNotFoundPage(await get('/category/nope'));
  });

  it('a page past the last one of a category is 404', async () => {
    expectNotFoundPage(await get(`/category/${paging.slug}?page=999`));
    expectNotFoundPage(await get(`/category/${paging.slug}?page=3`));
  });

  it('a draft is 404 under every address', async () => {
    const draft = await createArticle(t.app, admin, metaCategory._id, {
      name: `Draft ${unique()}`,
      status: 'draft',
      legacyId: 777002,
    });
    expect((await get('/articles/777002')).statusCode).toBe(404);
    expectNotFoundPage(await get(address(draft)));
    const bySlug = await get(`/article/${draft.slug}`);
    expect(bySlug.statusCode).toBe(404);
    const byId = await get(`/articles/${draft._id}`);
    expect(byId.statusCode).toBe(404);
  });

  it('an article scheduled for the future is 404 until then', async () => {
    const future = await createArticle(t.app, admin, metaCategory._id, {
      name: `Tomorrow ${unique()}`,
      publishedAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });
    expect(future.status).toBe('published');
    expectNotFoundPage(await get(address(future)));
    expect((await get(`/article/${future.slug}`)).statusCode).toBe(404);
  });
});

describe('pages follow changes at once', () => {
  it('an article taken back to draft, or deleted, is 404 right after', async () => {
    const a = await createArticle(t.app, admin, metaCategory._id, { name: `Fleeting ${unique()}` });
    const b = await createArticle(t.app, admin, metaCategory._id, { name: `Doomed ${unique()}` });
    expectHtml(await get(address(a)));
    expectHtml(await get(address(b)));

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/articles/${a._id}`,
      headers: auth(admin),
      payload: articleBody(metaCategory._id, { name: a.name, slug: a.slug, status: 'draft' }),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await get(address(a))).statusCode).toBe(404);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/articles/delete/${b._id}`,
      headers: auth(admin),
    });
    expect(del.statusCode).toBe(200);
    expect((await get(address(b))).statusCode).toBe(404);
  });

  it('a new article shows in Latest Stories and its category as soon as they are refreshed', async () => {
    await get('/');
    await get(`/category/${metaCategory.slug}`);
    const a = await createArticle(t.app, admin, metaCategory._id, { name: `Breaking ${unique()}` });
    const home = await settled('/');
    const latest = cardsIn(sectionByHeading(home.body, 'Latest Stories')?.inner ?? '');
    expect(latest[0]?.href).toBe(address(a));
    const category = await settled(`/category/${metaCategory.slug}`);
    expect(cardsIn(bodyOf(category.body))[0]?.href).toBe(address(a));
  });
});

describe('old addresses answer 301 on the server', () => {
  it('/articles/{legacyId} and /articles/{id} go to the article’s address', async () => {
    const a = await createArticle(t.app, admin, metaCategory._id, {
      name: `Old number ${unique()}`,
      legacyId: 777001,
    });
    const byNumber = await get('/articles/777001');
    expect(byNumber.statusCode).toBe(301);
    expect(byNumber.headers.location).toBe(address(a));
    const byId = await get(`/articles/${a._id}`);
    expect(byId.statusCode).toBe(301);
    expect(byId.headers.location).toBe(address(a));
    // The demo content keeps the old site's numbers too.
    const demo = await get('/articles/1001');
    expect(demo.statusCode).toBe(301);
    expect(demo.headers.location).toMatch(/^\/[a-z0-9-]+\/[a-z0-9-]+$/);
    expectHtml(await get(demo.headers.location as string));
  });

  it('/articles/{unknown number} is 404 with "404 - Article Not Found"', async () => {
    const res = await get('/articles/424242');
    expectHtml(res, 404);
    expect(textOf(bodyOf(res.body))).toContain('404 - Article Not Found');
  });

  it('/article/{slug} goes to the article’s address', async () => {
    const res = await get(`/article/${english.slug}`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(address(english));
    const unknown = await get('/article/no-such-slug-anywhere');
    expectHtml(unknown, 404);
    expect(textOf(bodyOf(unknown.body))).toContain('404 - Article Not Found');
  });

  it('after a slug change the former address redirects to the new one', async () => {
    const a = await createArticle(t.app, admin, metaCategory._id, { name: `Renamed ${unique()}` });
    const oldAddress = address(a);
    expectHtml(await get(oldAddress));
    const newSlug = `renamed-story-${unique()}`;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/articles/${a._id}`,
      headers: auth(admin),
      payload: articleBody(metaCategory._id, { name: a.name, slug: newSlug }),
    });
    expect(put.statusCode, put.body).toBe(200);
    const res = await get(oldAddress);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/${metaCategory.slug}/${newSlug}`);
    expectHtml(await get(`/${metaCategory.slug}/${newSlug}`));
    const bySlug = await get(`/article/${a.slug}`);
    expect(bySlug.statusCode).toBe(301);
    expect(bySlug.headers.location).toBe(`/${metaCategory.slug}/${newSlug}`);
  });

  it('after a category slug change the former address redirects to the new one', async () => {
    const cat = await createCategory(t.app, admin, { name: `Moving ${unique()}` });
    const a = await createArticle(t.app, admin, cat._id, { name: `Mover ${unique()}` });
    const oldAddress = address(a);
    expectHtml(await get(oldAddress));
    expectHtml(await get(`/category/${cat.slug}`));
    const newCategorySlug = `moved-${unique()}`;
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/categories/edit',
      headers: auth(admin),
      payload: {
        _id: cat._id,
        name: cat.name,
        description: cat.description,
        isHome: cat.isHome,
        slug: newCategorySlug,
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const res = await get(oldAddress);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/${newCategorySlug}/${a.slug}`);
    expectHtml(await get(`/${newCategorySlug}/${a.slug}`));
    expectHtml(await get(`/category/${newCategorySlug}`));
    // The category's own page keeps its former address too ("a slug change keeps old
    // addresses working", PUT /api/categories/edit).
    const listing = await get(`/category/${cat.slug}`);
    expect(listing.statusCode).toBe(301);
    expect(listing.headers.location).toBe(`/category/${newCategorySlug}`);
  });
});

describe('signed-in state on the server', () => {
  const signIn = async (user: TestUser) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { email: user.email, password: user.password },
    });
    expect(res.statusCode).toBe(200);
    // Staff's cookie or a reader's own (issue 37 item 1), whichever the sign-in set.
    const cookie = res.cookies.find(
      (c) => (c.name === 'patrika_token' || c.name === 'patrika_reader') && c.value !== '',
    );
    expect(cookie?.value).toBeTruthy();
    return { cookie: `${cookie?.name}=${cookie?.value}` };
  };

  it('/profile signed out redirects to /login?redirect=%2Fprofile', async () => {
    const res = await get('/profile');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?redirect=%2Fprofile');
  });

  it('/login with a session goes to /admin/dashboard for staff, or to the redirect given', async () => {
    const session = await signIn(admin);
    const plain = await get('/login', session);
    expect(plain.statusCode).toBe(302);
    expect(plain.headers.location).toBe('/admin/dashboard');
    const withTarget = await get('/login?redirect=%2Fcategory%2Fparenting', session);
    expect(withTarget.statusCode).toBe(302);
    expect(withTarget.headers.location).toBe('/category/parenting');
    // Never off the site.
    const offSite = await get('/login?redirect=https%3A%2F%2Fevil.example%2F', session);
    expect(offSite.headers.location).toBe('/admin/dashboard');
    const protocolRelative = await get('/login?redirect=%2F%2Fevil.example', session);
    expect(protocolRelative.headers.location).toBe('/admin/dashboard');
  });

  it('/signup with a session goes to / or the redirect given; /profile shows the user', async () => {
    const reader = await signUp(t.app, { name: 'Reader Rani' });
    expect(reader.role).toBe('reader');
    const session = await signIn(reader);
    const signup = await get('/signup', session);
    expect(signup.statusCode).toBe(302);
    expect(signup.headers.location).toBe('/');
    const signupTo = await get('/signup?redirect=%2Fabout-us', session);
    expect(signupTo.headers.location).toBe('/about-us');
    const login = await get('/login?redirect=%2Fprofile', session);
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe('/profile');

    const profile = await get('/profile', session);
    expectHtml(profile);
    const text = textOf(elements(bodyOf(profile.body), 'main')[0]?.inner ?? '');
    expect(text).toContain(reader.email);
    expect(tags(profile.body, 'input').find((i) => i.name === 'name')?.value).toBe('Reader Rani');
    // The header names the signed-in user instead of offering Sign In.
    const header = elements(bodyOf(profile.body), 'header')[0]?.inner ?? '';
    expect(textOf(header)).toContain('Reader Rani');
    const links = tags(header, 'a').map((a) => a.href);
    expect(links).toContain('/profile');
    expect(links).not.toContain('/login');
    // Dashboard is for staff only.
    expect(links).not.toContain('/admin/dashboard');
    const staff = await get('/about-us', await signIn(admin));
    const staffLinks = tags(elements(bodyOf(staff.body), 'header')[0]?.inner ?? '', 'a');
    expect(staffLinks.map((a) => a.href)).toContain('/admin/dashboard');
  });
});

describe('security headers', () => {
  const nonceOf = (res: LightMyRequestResponse) => {
    const csp = String(res.headers['content-security-policy'] ?? '');
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    return /'nonce-([A-Za-z0-9+/=]+)'/.exec(scriptSrc)?.[1];
  };

  // Reading pages run no inline script, so their policy names no nonce and is the same for
  // everyone (a cached copy is safe to share, docs/decisions/025); app pages (sign-in) get this
  // response's nonce on every inline script.
  it.each([
    ['/', false],
    ['/category/parenting', false],
    ['/about-us', false],
    ['/login', true],
    ['/no/such/page', false],
  ])(
    '%s: a CSP whose script nonce, if any, is on every inline script of the page',
    async (url, app) => {
      const res = await get(url);
      const nonce = nonceOf(res);
      if (app) expect(nonce, String(res.headers['content-security-policy'])).toBeTruthy();
      else expect(nonce, String(res.headers['content-security-policy'])).toBeUndefined();
      const scripts = [...res.body.matchAll(/<script(?=[\s>])[^>]*>/gi)].map((m) => attrsOf(m[0]));
      // Executable scripts (JSON-LD is data and is not run).
      const executable = scripts.filter(
        (s) => !s.type || s.type === 'module' || s.type === 'text/javascript',
      );
      expect(executable.length).toBeGreaterThan(0);
      for (const s of executable) {
        if (s.src) expect(s.src.startsWith('/assets/')).toBe(true);
        else expect(s.nonce && s.nonce === nonce).toBe(true);
      }
      expect(res.body.includes('nonce=')).toBe(app);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).not.toContain("'unsafe-inline' 'nonce");
      expect(csp.split(';').find((d) => d.startsWith('script-src'))).not.toContain('unsafe-inline');
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
    },
  );

  it('a reading page runs no inline script, only its one script from /assets', async () => {
    const page = await get(address(hindi));
    const executable = [...page.body.matchAll(/<script(?=[\s>])[^>]*>/gi)]
      .map((m) => attrsOf(m[0]))
      .filter((s) => s.type !== 'application/ld+json');
    expect(executable).toEqual([
      { type: 'module', src: expect.stringMatching(/^\/assets\/reader-[\w-]+\.js$/) },
    ]);
    // Nor an empty place for a browser-side router's data: its page hands none over.
    expect(page.body).toMatch(/<script type="module" src="[^"]+"><\/script><\/body><\/html>$/);
  });

  it('an app page’s inline scripts carry this response’s nonce, fresh each time', async () => {
    const a = await get('/login');
    const b = await get('/login');
    const nonce = nonceOf(a);
    expect(nonce).toBeTruthy();
    expect(nonceOf(b)).not.toBe(nonce);
    const inline = [...a.body.matchAll(/<script(?=[\s>])[^>]*>/gi)]
      .map((m) => attrsOf(m[0]))
      .filter((s) => !s.src && s.type !== 'application/ld+json');
    expect(inline.length).toBeGreaterThan(0);
    for (const s of inline) expect(s.nonce).toBe(nonce);
  });

  it('pages carry the usual protective headers', async () => {
    const res = await get(address(english));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBeDefined();
    // Over plain HTTP, as here, no HSTS (RFC 6797 §7.2; http-semantics.test.ts has the HTTPS case).
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
