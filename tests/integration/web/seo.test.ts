/*
 * The search-engine surface of DECISIONS.md §6 (issue 4 item 8): sitemaps, robots.txt and the
 * RSS feeds, read as a crawler reads them. The database is the oracle for "published".
 */
import { articlePath } from '../../../common/paths';
import { and, eq, lte } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../setup/test-app';
import { articles, categories } from '../../../db/schema/content';
import { seoRoutes } from '../../../server/modules/seo/seo-routes';
import { createSeoService } from '../../../server/modules/seo/seo-service';
import {
  articleBody,
  auth,
  createAdmin,
  createArticle,
  createCategory,
  testImage,
  upload,
  type TestUser,
} from '../../factories';
import { shiftedClock } from '../../setup/clock';
import { parseRobotsTxt } from '../../setup/robots-txt';
import { settled } from '../../setup/settled';

const PUBLIC_URL = 'https://patrika.example';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The system time, moved on when a test needs the future to arrive. */
const time = shiftedClock();
const clock = time.clock;

interface WebApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * Like tests/setup/test-app.ts, with the production build's pages mounted, plus the SEO routes of
 * a service that splits sitemaps at 10 addresses, under /small.
 */
async function createWebApp(): Promise<WebApp> {
  return createTestApp(
    { PUBLIC_URL },
    {
      web: 'build',
      clock,
      routes(app) {
        const small = createSeoService({
          db: app.services.database.db,
          clock,
          settings: app.services.settings,
          categories: app.services.categories,
          users: app.services.users,
          articles: app.services.articles,
          publicUrl: PUBLIC_URL,
          sitemapMaxUrls: 10,
        });
        void app.register(seoRoutes(small), { prefix: '/small' });
      },
    },
  );
}

// ---- A tiny XML reader: checks well-formedness and escaping, gives a tree. ----

interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

const ENTITY = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i;
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    if (e[0] === '#')
      return String.fromCodePoint(
        e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)),
      );
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[e.toLowerCase()] as string;
  });

function parseXml(source: string): XmlNode {
  const declaration = /^<\?xml version="1\.0" encoding="UTF-8"\?>\n/;
  if (!declaration.test(source)) throw new Error('no XML declaration');
  const body = source.replace(declaration, '');
  const root: XmlNode = { name: '#document', attrs: {}, children: [], text: '' };
  const stack = [root];
  for (const [token] of body.matchAll(/<[^>]*>|[^<]+/g)) {
    const top = stack[stack.length - 1] as XmlNode;
    // A processing instruction before the root (the sitemaps' stylesheet) is not a tag.
    if (/^<\?[\w-]+(\s[^?]*)?\?>$/.test(token) && stack.length === 1 && !root.children.length)
      continue;
    if (!token.startsWith('<')) {
      if (ENTITY.test(token) || token.includes('>'))
        throw new Error(`unescaped text: ${token.slice(0, 80)}`);
      if (stack.length === 1) {
        if (token.trim()) throw new Error(`text outside the root: ${token.slice(0, 80)}`);
        continue;
      }
      top.text += decode(token);
      continue;
    }
    if (token.startsWith('</')) {
      const name = token.slice(2, -1).trim();
      if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`);
      stack.pop();
      continue;
    }
    const m = /^<([\w:.-]+)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>$/.exec(token);
    if (!m) throw new Error(`malformed tag: ${token.slice(0, 80)}`);
    const attrs: Record<string, string> = {};
    for (const a of (m[2] ?? '').matchAll(/([\w:.-]+)="([^"]*)"/g)) {
      if (ENTITY.test(a[2] as string)) throw new Error(`unescaped attribute: ${a[0]}`);
      attrs[a[1] as string] = decode(a[2] as string);
    }
    const node: XmlNode = { name: m[1] as string, attrs, children: [], text: '' };
    if (stack.length === 1 && root.children.length > 0) throw new Error('two root elements');
    top.children.push(node);
    if (m[3] !== '/') stack.push(node);
  }
  if (stack.length !== 1) throw new Error(`unclosed <${stack[stack.length - 1]?.name}>`);
  const [doc] = root.children;
  if (!doc) throw new Error('no root element');
  return doc;
}

const kids = (node: XmlNode | undefined, name: string) =>
  (node?.children ?? []).filter((c) => c.name === name);
const kid = (node: XmlNode | undefined, name: string) => kids(node, name)[0];
const textIn = (node: XmlNode | undefined, name: string) => kid(node, name)?.text;

// ---- The site ----

let t: WebApp;
let admin: TestUser;
const get = (url: string) => settled(() => t.app.inject({ method: 'GET', url }));
const xmlOf = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return parseXml(res.body);
};

type Created = Awaited<ReturnType<typeof createArticle>>;
const unique = () => Math.random().toString(36).slice(2, 8);
const address = (a: { slug: string; category: { slug: string } | null }) =>
  `${PUBLIC_URL}${articlePath(a)}`;

let sitemapCat: Awaited<ReturnType<typeof createCategory>>;
let specialCat: Awaited<ReturnType<typeof createCategory>>;
const created: Created[] = [];
let withUpload: Created;
let special: Created;
let hindiRecent: Created;
let draft: Created;
let future: Created;
let uploadedUrl: string;

/** What the database holds as public right now: published, and not scheduled for later. */
async function publishedAddresses(): Promise<string[]> {
  const rows = await t.app.services.database.db
    .select({ slug: articles.slug, categorySlug: categories.slug })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(eq(articles.status, 'published'), lte(articles.publishedAt, clock.now())));
  return rows.map((r) => `${PUBLIC_URL}${articlePath(r)}`).sort();
}

const STATIC = [
  { loc: `${PUBLIC_URL}/`, changefreq: 'daily', priority: '1.0' },
  { loc: `${PUBLIC_URL}/contact-us`, changefreq: 'yearly', priority: '0.5' },
  { loc: `${PUBLIC_URL}/about-us`, changefreq: 'yearly', priority: '0.5' },
  { loc: `${PUBLIC_URL}/privacy-policy`, changefreq: 'yearly', priority: '0.5' },
  { loc: `${PUBLIC_URL}/disclaimer`, changefreq: 'yearly', priority: '0.5' },
  { loc: `${PUBLIC_URL}/corrections`, changefreq: 'daily', priority: '0.5' },
];
const isStatic = (loc: string) => STATIC.some((s) => s.loc === loc);
/** Category and author pages (issue 12 item 6), listed after the static pages. */
const isListPage = (loc: string) => /^\/(category|author)\//.test(new URL(loc).pathname);
const isArticle = (loc: string) => !isStatic(loc) && !isListPage(loc);

beforeAll(async () => {
  t = await createWebApp();
  admin = await createAdmin(t.app);
  sitemapCat = await createCategory(t.app, admin, { name: `Sitemap ${unique()}` });
  specialCat = await createCategory(t.app, admin, {
    name: `Books & <Reviews> ${unique()}`,
    description: 'Reviews of books & films, <b>honest</b> ones.',
  });
  const up = await upload(t.app, admin, await testImage(1000, 600));
  expect(up.statusCode).toBe(201);
  uploadedUrl = (up.json() as { url: string }).url;

  const now = Date.now();
  // 20 articles, one every 6 hours back from now: 8 of them within the last 2 days.
  for (let i = 0; i < 20; i++) {
    created.push(
      await createArticle(t.app, admin, sitemapCat._id, {
        name: `Sitemap story ${i + 1}`,
        language: 'en',
        publishedAt: new Date(now - i * 6 * HOUR - 60_000).toISOString(),
        ...(i === 3 ? { imageUrl: uploadedUrl } : {}),
      }),
    );
  }
  withUpload = created[3] as Created;
  special = await createArticle(t.app, admin, specialCat._id, {
    name: 'Tom & Jerry <Live> — "टॉम" और जेरी',
    language: 'en',
    publishedAt: new Date(now - 3 * HOUR).toISOString(),
    description: '<p>Cats & mice, <em>together</em> at last.</p>',
  });
  hindiRecent = await createArticle(t.app, admin, specialCat._id, {
    name: 'जयपुर में पुस्तक मेला',
    language: 'hi',
    publishedAt: new Date(now - 5 * HOUR).toISOString(),
  });
  created.push(special, hindiRecent);
  for (let i = 0; i < 2; i++) {
    created.push(
      await createArticle(t.app, admin, specialCat._id, {
        name: `Old review ${i + 1}`,
        language: 'en',
        publishedAt: new Date(now - (10 + i) * DAY).toISOString(),
      }),
    );
  }
  draft = await createArticle(t.app, admin, sitemapCat._id, {
    name: `Draft ${unique()}`,
    status: 'draft',
  });
  future = await createArticle(t.app, admin, sitemapCat._id, {
    name: `Scheduled ${unique()}`,
    publishedAt: new Date(now + 3 * DAY).toISOString(),
  });
}, 240_000);

afterAll(async () => t?.close());

describe('/sitemap.xml', () => {
  it('is a sitemaps.org urlset served as XML', async () => {
    const res = await get('/sitemap.xml');
    expect(res.headers['content-type']).toMatch(/^application\/xml\b/);
    const doc = xmlOf(res);
    expect(doc.name).toBe('urlset');
    expect(doc.attrs.xmlns).toBe(SITEMAP_NS);
    const urls = kids(doc, 'url');
    expect(urls.length).toBe(doc.children.length);
    for (const url of urls) {
      expect(textIn(url, 'loc')).toMatch(/^https:\/\/patrika\.example\//);
      // Children of <url> the schema allows, each at most once (images may repeat).
      for (const name of ['loc', 'lastmod', 'changefreq', 'priority'])
        expect(kids(url, name).length).toBeLessThanOrEqual(1);
      for (const child of url.children)
        expect(['loc', 'lastmod', 'changefreq', 'priority', 'image:image', 'xhtml:link']).toContain(
          child.name,
        );
    }
  });

  it('opens with the 5 static entries of SPEC.md §9', async () => {
    const doc = xmlOf(await get('/sitemap.xml'));
    const statics = kids(doc, 'url')
      .filter((u) => isStatic(textIn(u, 'loc') ?? ''))
      .map((u) => ({
        loc: textIn(u, 'loc'),
        changefreq: textIn(u, 'changefreq'),
        priority: textIn(u, 'priority'),
      }));
    expect(statics).toEqual(STATIC);
  });

  it('lists exactly the published articles, each weekly, 0.8, lastmod = updatedAt', async () => {
    const doc = xmlOf(await get('/sitemap.xml'));
    const entries = kids(doc, 'url').filter((u) => isArticle(textIn(u, 'loc') ?? ''));
    const locs = entries.map((u) => textIn(u, 'loc') as string);
    expect(new Set(locs).size).toBe(locs.length);
    expect([...locs].sort()).toEqual(await publishedAddresses());
    expect(locs).toEqual(expect.arrayContaining(created.map(address)));
    expect(locs).not.toContain(address(draft));
    expect(locs).not.toContain(address(future));
    for (const a of created) {
      const entry = entries.find((u) => textIn(u, 'loc') === address(a));
      expect(textIn(entry, 'lastmod')).toBe(a.updatedAt);
      expect(textIn(entry, 'changefreq')).toBe('weekly');
      expect(textIn(entry, 'priority')).toBe('0.8');
    }
  });

  it('gives each article its image with an absolute address', async () => {
    const doc = xmlOf(await get('/sitemap.xml'));
    expect(doc.attrs['xmlns:image']).toBe('http://www.google.com/schemas/sitemap-image/1.1');
    const entry = (a: Created) => kids(doc, 'url').find((u) => textIn(u, 'loc') === address(a));
    const uploadedImage = kid(entry(withUpload), 'image:image');
    expect(textIn(uploadedImage, 'image:loc')).toBe(`${PUBLIC_URL}${uploadedUrl}`);
    const httpsImage = kid(entry(special), 'image:image');
    expect(textIn(httpsImage, 'image:loc')).toBe('https://images.example.com/photo.jpg');
    for (const url of kids(doc, 'url'))
      for (const image of kids(url, 'image:image'))
        expect(textIn(image, 'image:loc')).toMatch(/^https?:\/\/[^/]+\//);
  });

  it('escapes &, < and keeps Devanagari in titles', async () => {
    const res = await get('/sitemap.xml');
    expect(res.body).toContain('Tom &amp; Jerry &lt;Live&gt;');
    expect(res.body).not.toContain('<Live>');
    const doc = parseXml(res.body);
    const entry = kids(doc, 'url').find((u) => textIn(u, 'loc') === address(special));
    expect(textIn(kid(entry, 'image:image'), 'image:title')).toBe(special.name);
    const hindi = kids(doc, 'url').find((u) => textIn(u, 'loc') === address(hindiRecent));
    expect(textIn(kid(hindi, 'image:image'), 'image:title')).toBe('जयपुर में पुस्तक मेला');
  });

  it('follows edits: a new lastmod after an update, a deleted article disappears', async () => {
    const a = await createArticle(t.app, admin, sitemapCat._id, { name: `Edited ${unique()}` });
    // The edit comes a minute later by the app's clock (never a sleep), so its time differs.
    time.shift(60_000);
    let doc: ReturnType<typeof xmlOf>;
    try {
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/articles/${a._id}`,
        headers: auth(admin),
        payload: articleBody(sitemapCat._id, { name: a.name, slug: a.slug }),
      });
      expect(put.statusCode, put.body).toBe(200);
      const updated = put.json() as Created;
      expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(a.updatedAt));
      doc = xmlOf(await get('/sitemap.xml'));
      const entry = kids(doc, 'url').find((u) => textIn(u, 'loc') === address(a));
      expect(textIn(entry, 'lastmod')).toBe(updated.updatedAt);
    } finally {
      time.shift(0);
    }

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/articles/delete/${a._id}`,
      headers: auth(admin),
    });
    expect(del.statusCode).toBe(200);
    doc = xmlOf(await get('/sitemap.xml'));
    const locs = kids(doc, 'url').map((u) => textIn(u, 'loc'));
    expect(locs).not.toContain(address(a));
    expect(locs.filter((l) => isArticle(l ?? '')).sort()).toEqual(await publishedAddresses());
  });

  it('is made once for requests that arrive together, then kept as sent until content changes (issue 11)', async () => {
    t.app.services.pageCache.invalidate();
    const made = vi.spyOn(t.app.services.seo, 'sitemap');
    try {
      const first = await Promise.all(Array.from({ length: 5 }, () => get('/sitemap.xml')));
      expect(first.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(made).toHaveBeenCalledTimes(1);
      expect(new Set(first.map((r) => r.body)).size).toBe(1);
      const again = await get('/sitemap.xml');
      expect(again.headers['x-page-cache']).toBe('hit');
      expect(again.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(again.headers['cache-control']).toBe('public, max-age=300');
      expect(again.body).toBe(first[0]?.body);
      expect(made).toHaveBeenCalledTimes(1);

      const a = await createArticle(t.app, admin, sitemapCat._id, { name: `Kept ${unique()}` });
      const after = await get('/sitemap.xml');
      expect(made).toHaveBeenCalledTimes(2);
      expect(kids(xmlOf(after), 'url').map((u) => textIn(u, 'loc'))).toContain(address(a));
      // The other tests know the site without it.
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/articles/delete/${a._id}`,
        headers: auth(admin),
      });
      expect(del.statusCode).toBe(200);
      expect(
        kids(xmlOf(await get('/sitemap.xml')), 'url').map((u) => textIn(u, 'loc')),
      ).not.toContain(address(a));
    } finally {
      made.mockRestore();
    }
  });

  it('a scheduled article appears once its time has come', async () => {
    expect(
      kids(xmlOf(await get('/sitemap.xml')), 'url').map((u) => textIn(u, 'loc')),
    ).not.toContain(address(future));
    time.shift(4 * DAY);
    try {
      const locs = kids(xmlOf(await get('/sitemap.xml')), 'url').map((u) => textIn(u, 'loc'));
      expect(locs).toContain(address(future));
      expect(locs).not.toContain(address(draft));
    } finally {
      time.shift(0);
      // Back from the future: what was cached there (the article published) forgotten.
      t.app.services.pageCache.invalidate();
    }
  });

  it('no part of an index exists while one file holds everything', async () => {
    // A part answers only while the index lists it (issue 12 item 6).
    const month = new Date().toISOString().slice(0, 7);
    for (const part of ['1', '2', '0', 'pages-1', month, `${month}-2`])
      expect((await get(`/sitemap-${part}.xml`)).statusCode, part).toBe(404);
  });
});

describe('a sitemap index past the per-file limit (10 addresses here)', () => {
  it('/sitemap.xml becomes an index of the list pages then each month, oldest first; the parts list every address once', async () => {
    const articlesNow = await publishedAddresses();
    // Everything the one-file sitemap holds: static, category and author pages, articles.
    const everything = kids(xmlOf(await get('/sitemap.xml')), 'url').map(
      (u) => textIn(u, 'loc') as string,
    );
    // 5 static pages, 2 categories, 1 author (the administrator) and 20-odd articles.
    expect(everything.filter(isListPage)).toHaveLength(3);
    const fixed = everything.filter((l) => !isArticle(l));

    const res = await get('/small/sitemap.xml');
    expect(res.headers['content-type']).toMatch(/^application\/xml\b/);
    const index = xmlOf(res);
    expect(index.name).toBe('sitemapindex');
    expect(index.attrs.xmlns).toBe(SITEMAP_NS);
    const parts = kids(index, 'sitemap').map((p) => textIn(p, 'loc') as string);
    for (const p of kids(index, 'sitemap'))
      expect(Number.isNaN(Date.parse(textIn(p, 'lastmod') ?? ''))).toBe(false);
    // The list pages' files first, then a file per month (and its parts past ten), oldest first.
    const names = parts.map((p) => /^https:\/\/[^/]+\/sitemap-(.+)\.xml$/.exec(p)?.[1]);
    const pageFiles = Math.ceil(fixed.length / 10);
    expect(names.slice(0, pageFiles)).toEqual(
      Array.from({ length: pageFiles }, (_, i) => `pages-${i + 1}`),
    );
    const months = names.slice(pageFiles);
    for (const m of months) expect(m).toMatch(/^\d{4}-\d{2}(-\d+)?$/);
    expect([...months].sort()).toEqual(months);

    const all: string[] = [];
    const perFile: string[][] = [];
    for (const part of parts) {
      const doc = xmlOf(await get(`/small${new URL(part).pathname}`));
      expect(doc.name).toBe('urlset');
      expect(doc.attrs.xmlns).toBe(SITEMAP_NS);
      const urls = kids(doc, 'url').map((u) => textIn(u, 'loc') as string);
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(10);
      perFile.push(urls);
      all.push(...urls);
    }
    expect(all.length).toBe(new Set(all).size);
    expect(all.filter(isStatic)).toEqual(STATIC.map((s) => s.loc));
    expect(all.slice(0, fixed.length)).toEqual(fixed);
    expect(all.filter(isArticle).sort()).toEqual(articlesNow);
    // The stories oldest first: the one-file sitemap's newest-first order, reversed.
    expect(all.filter(isArticle)).toEqual(everything.filter(isArticle).reverse());
    const last = names.at(-1) as string;
    const after = /-(\d+)$/.test(last.slice(5))
      ? last.replace(/-(\d+)$/, (_, n: string) => `-${Number(n) + 1}`)
      : `${last}-2`;
    for (const gone of [`pages-${pageFiles + 1}`, after, '1999-01', '1', 'pages-0'])
      expect((await get(`/small/sitemap-${gone}.xml`)).statusCode, gone).toBe(404);
  });
});

describe('/news-sitemap.xml', () => {
  it('lists only the articles of the last 2 days, with language and publication name', async () => {
    const res = await get('/news-sitemap.xml');
    expect(res.headers['content-type']).toMatch(/^application\/xml\b/);
    const doc = xmlOf(res);
    expect(doc.name).toBe('urlset');
    expect(doc.attrs.xmlns).toBe(SITEMAP_NS);
    expect(doc.attrs['xmlns:news']).toBe('http://www.google.com/schemas/sitemap-news/0.9');
    const urls = kids(doc, 'url');
    const recent = created.filter(
      (a) => Date.parse(a.publishedAt as string) > Date.now() - 2 * DAY,
    );
    expect(recent.length).toBe(10);
    expect(urls.map((u) => textIn(u, 'loc')).sort()).toEqual(recent.map(address).sort());
    for (const url of urls) {
      const news = kid(url, 'news:news');
      const publication = kid(news, 'news:publication');
      expect(textIn(publication, 'news:name')).toBe('Patrika — पत्रिका');
      const a = created.find((c) => address(c) === textIn(url, 'loc')) as Created;
      expect(textIn(publication, 'news:language')).toBe(a.language);
      expect(textIn(news, 'news:publication_date')).toBe(a.publishedAt);
      expect(textIn(news, 'news:title')).toBe(a.name);
    }
    const hindi = urls.find((u) => textIn(u, 'loc') === address(hindiRecent));
    expect(textIn(kid(kid(hindi, 'news:news'), 'news:publication'), 'news:language')).toBe('hi');
  });
});

describe('/news-sitemap.xml follows the settings', () => {
  it('its publication name is the site’s name, renamed or not (issue 12)', async () => {
    const rename = (siteName: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: auth(admin),
        payload: { siteName },
      });
    expect((await rename('Jaipur Times — जयपुर टाइम्स')).statusCode).toBe(200);
    try {
      const urls = kids(xmlOf(await get('/news-sitemap.xml')), 'url');
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls)
        expect(textIn(kid(kid(url, 'news:news'), 'news:publication'), 'news:name')).toBe(
          'Jaipur Times — जयपुर टाइम्स',
        );
    } finally {
      expect((await rename('Patrika — पत्रिका')).statusCode).toBe(200);
    }
  });
});

describe('/robots.txt', () => {
  it('names both sitemaps with absolute addresses and keeps crawlers out of /admin and /api/', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain\b/);
    const robots = parseRobotsTxt(res.body);
    expect(robots.sitemaps).toEqual([
      `${PUBLIC_URL}/sitemap.xml`,
      `${PUBLIC_URL}/news-sitemap.xml`,
    ]);
    for (const path of ['/admin', '/admin/', '/admin/articles', '/api/articles', '/profile'])
      expect(robots.allows(path), path).toBe(false);
    for (const path of ['/', '/about-us', '/category/news', `/${sitemapCat.slug}/any-story`])
      expect(robots.allows(path), path).toBe(true);
  });

  it('blocks whole segments only: no address of either sitemap is kept from crawlers (issue 12)', async () => {
    // Categories whose slugs start with a blocked segment's letters, each with an article.
    const lookalikes = [];
    for (const name of ['Administration', 'Profiles', 'Apiary']) {
      const category = await createCategory(t.app, admin, { name });
      expect(category.slug).toBe(name.toLowerCase());
      lookalikes.push(
        await createArticle(t.app, admin, category._id, {
          name: `${name} story`,
          publishedAt: new Date(Date.now() - 60 * DAY).toISOString(),
        }),
      );
    }
    const robots = parseRobotsTxt((await get('/robots.txt')).body);
    const locs = [
      ...kids(xmlOf(await get('/sitemap.xml')), 'url'),
      ...kids(xmlOf(await get('/news-sitemap.xml')), 'url'),
    ].map((u) => textIn(u, 'loc') as string);
    expect(locs).toEqual(expect.arrayContaining(lookalikes.map(address)));
    const blocked = locs.filter((loc) => {
      const url = new URL(loc);
      return !robots.allows(url.pathname + url.search);
    });
    expect(blocked).toEqual([]);
  });
});

describe('X-Robots-Tag', () => {
  it('every API answer says noindex; public pages do not', async () => {
    for (const url of ['/api/categories', '/api/articles/latest?limit=3', '/api/no-such-call'])
      expect((await get(url)).headers['x-robots-tag'], url).toBe('noindex');
    const page = await get('/about-us');
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toBeUndefined();
  });
});

describe('RSS feeds', () => {
  const RFC822 =
    /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} (GMT|[+-]\d{4})$/;

  const newestFirst = (list: Created[]) =>
    [...list].sort(
      (a, b) => Date.parse(b.publishedAt as string) - Date.parse(a.publishedAt as string),
    );

  it('/feed.xml: RSS 2.0 of the 20 newest articles, newest first, with full links and dates', async () => {
    const res = await get('/feed.xml');
    expect(res.headers['content-type']).toMatch(/^application\/rss\+xml\b/);
    const rss = xmlOf(res);
    expect(rss.name).toBe('rss');
    expect(rss.attrs.version).toBe('2.0');
    const channel = kid(rss, 'channel');
    expect(textIn(channel, 'title')).toBe('Patrika — पत्रिका');
    expect(textIn(channel, 'link')).toBe(`${PUBLIC_URL}/`);
    expect(textIn(channel, 'description')).toBeTruthy();
    const items = kids(channel, 'item');
    expect(created.length).toBeGreaterThan(20);
    expect(items).toHaveLength(20);
    const expected = newestFirst(created).slice(0, 20);
    expect(items.map((i) => textIn(i, 'link'))).toEqual(expected.map(address));
    for (const [n, item] of items.entries()) {
      const a = expected[n] as Created;
      expect(textIn(item, 'title')).toBe(a.name);
      expect(textIn(item, 'guid')).toBe(address(a));
      expect(textIn(item, 'pubDate')).toMatch(RFC822);
      expect(Date.parse(textIn(item, 'pubDate') as string)).toBe(
        Math.floor(Date.parse(a.publishedAt as string) / 1000) * 1000,
      );
      expect((textIn(item, 'description') ?? '').length).toBeGreaterThan(0);
    }
    expect(items.map((i) => textIn(i, 'link'))).not.toContain(address(draft));
    expect(items.map((i) => textIn(i, 'link'))).not.toContain(address(future));
  });

  it('/category/{slug}/feed.xml has only that category, escaped correctly', async () => {
    const res = await get(`/category/${specialCat.slug}/feed.xml`);
    expect(res.headers['content-type']).toMatch(/^application\/rss\+xml\b/);
    expect(res.body).not.toContain('<Reviews>');
    expect(res.body).not.toContain('<Live>');
    const channel = kid(xmlOf(res), 'channel');
    expect(textIn(channel, 'title')).toContain(specialCat.name);
    expect(textIn(channel, 'link')).toBe(`${PUBLIC_URL}/category/${specialCat.slug}`);
    expect(textIn(channel, 'description')).toBe(specialCat.description);
    const items = kids(channel, 'item');
    const mine = newestFirst(created.filter((a) => a.category?._id === specialCat._id));
    expect(mine).toHaveLength(4);
    expect(items.map((i) => textIn(i, 'link'))).toEqual(mine.map(address));
    const item = items.find((i) => textIn(i, 'link') === address(special));
    expect(textIn(item, 'title')).toBe('Tom & Jerry <Live> — "टॉम" और जेरी');
    expect(textIn(item, 'description')).toBe('Cats & mice, together at last.');
  });

  it('an unknown category’s feed is 404', async () => {
    const res = await get('/category/no-such-category/feed.xml');
    expect(res.statusCode).toBe(404);
  });
});

describe('limits', () => {
  it('an article without a category lives under /general/ in the sitemap', async () => {
    const [row] = await t.app.services.database.db
      .insert(articles)
      .values({
        name: 'Uncategorised note',
        slug: `uncategorised-${unique()}`,
        categoryId: null,
        imageUrl: 'https://images.example.com/photo.jpg',
        status: 'published',
        publishedAt: new Date(Date.now() - DAY * 30),
      })
      .returning({ slug: articles.slug });
    // Written past the services: say so as their writes do (sitemaps are cached until then).
    t.app.services.pageCache.invalidate();
    const locs = kids(xmlOf(await get('/sitemap.xml')), 'url').map((u) => textIn(u, 'loc'));
    expect(locs).toContain(`${PUBLIC_URL}/general/${row?.slug}`);
  });

  it('the news sitemap holds at most 1,000 articles, the newest', async () => {
    const now = Date.now();
    const rows = Array.from({ length: 1001 }, (_, i) => ({
      name: `Bulk news ${i}`,
      slug: `bulk-news-${i}`,
      categoryId: sitemapCat._id,
      imageUrl: 'https://images.example.com/photo.jpg',
      status: 'published' as const,
      language: 'en' as const,
      publishedAt: new Date(now - 1000 - i * 1000),
    }));
    await t.app.services.database.db.insert(articles).values(rows);
    t.app.services.pageCache.invalidate();
    const urls = kids(xmlOf(await get('/news-sitemap.xml')), 'url');
    expect(urls).toHaveLength(1000);
    const locs = urls.map((u) => textIn(u, 'loc'));
    expect(locs[0]).toBe(`${PUBLIC_URL}/${sitemapCat.slug}/bulk-news-0`);
    expect(locs).not.toContain(`${PUBLIC_URL}/${sitemapCat.slug}/bulk-news-1000`);
    const feed = kids(kid(xmlOf(await get('/feed.xml')), 'channel'), 'item');
    expect(feed).toHaveLength(20);
  });
});
