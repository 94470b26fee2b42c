/*
 * Issue 12's acceptance for sitemaps and feeds, judged by tools nobody here wrote: every
 * sitemap the server writes (index, parts, news) validates with xmllint against the published
 * schemas kept in tests/fixtures/xsd; every address a sitemap lists answers 200 with itself as
 * canonical and is open to crawlers by robots.txt; every feed reads without a warning in
 * Python's feedparser, in its real language, with its authors, full text when the setting
 * says so, and enclosures of the real length and type.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from '../../setup/settled';
import { seoRoutes } from '../../../server/modules/seo/seo-routes';
import { createSeoService } from '../../../server/modules/seo/seo-service';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  testImage,
  upload,
  type TestUser,
} from '../../factories';
import { PYTHON, requireTool, runsWith } from '../../setup/external-tools';
import { parseRobotsTxt } from '../../setup/robots-txt';
import { createTestApp } from '../../setup/test-app';

const PUBLIC_URL = 'https://patrika.example';
const XSD = resolve(__dirname, '../../fixtures/xsd');
const HOUR = 3_600_000;
/** The small service splits its sitemap every this many addresses, to make an index. */
const SMALL = 4;

let app: FastifyInstance;
let close: () => Promise<void>;
let admin: TestUser;
let writer: TestUser;
const work = mkdtempSync(join(tmpdir(), 'patrika-seo-'));
const get = (url: string) => settled(() => app.inject({ method: 'GET', url }));

let culture: Awaited<ReturnType<typeof createCategory>>;
let samachar: Awaited<ReturnType<typeof createCategory>>;
let photoUrl: string;
let chartUrl: string;
let english: Awaited<ReturnType<typeof createArticle>>;
let hindi: Awaited<ReturnType<typeof createArticle>>;

beforeAll(async () => {
  const t = await createTestApp(
    { PUBLIC_URL },
    {
      web: 'build',
      routes(a) {
        const small = createSeoService({
          db: a.services.database.db,
          clock: { now: () => new Date() },
          settings: a.services.settings,
          categories: a.services.categories,
          users: a.services.users,
          articles: a.services.articles,
          publicUrl: PUBLIC_URL,
          sitemapMaxUrls: SMALL,
        });
        void a.register(seoRoutes(small), { prefix: '/small' });
        // The same site ten days on, when no story is recent enough for the news sitemap.
        const later = createSeoService({
          db: a.services.database.db,
          clock: { now: () => new Date(Date.now() + 10 * 24 * HOUR) },
          settings: a.services.settings,
          categories: a.services.categories,
          users: a.services.users,
          articles: a.services.articles,
          publicUrl: PUBLIC_URL,
        });
        void a.register(seoRoutes(later), { prefix: '/later' });
      },
    },
  );
  app = t.app;
  close = t.close;
  admin = await createAdmin(app);
  // An editor writes (and may date a story in the past); their page exists as an author's.
  writer = await createUser(app, 'editor', { name: 'Ram Sharma' });
  culture = await createCategory(app, admin, { name: 'Culture' });
  samachar = await createCategory(app, admin, { name: 'Samachar' });
  const photo = await upload(app, admin, await testImage(1200, 800, 'jpeg'));
  const chart = await upload(app, admin, await testImage(640, 480, 'png'));
  photoUrl = (photo.json() as { url: string }).url;
  chartUrl = (chart.json() as { url: string }).url;

  const now = Date.now();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR).toISOString();
  english = await createArticle(app, writer, culture._id, {
    name: 'Folk music & the city',
    language: 'en',
    imageUrl: photoUrl,
    publishedAt: at(3),
    description:
      `<p>Singers came from every village.</p><img src="${chartUrl}" alt="Audience by year &amp; town">` +
      '<p>More below.</p><img src="https://images.example.com/stage.jpg" alt="">' +
      '<p>See <a href="/about-us">about us</a>.</p>',
  });
  hindi = await createArticle(app, writer, samachar._id, {
    name: 'शहर में लोक संगीत',
    language: 'hi',
    imageUrl: photoUrl,
    publishedAt: at(4),
    translationId: english._id,
    description: `<p>हर गाँव से गायक आए।</p><img src="${chartUrl}" alt="साल और शहर के अनुसार श्रोता">`,
  });
  for (let i = 0; i < 3; i++)
    await createArticle(app, admin, samachar._id, {
      name: `समाचार ${i + 1}`,
      language: 'hi',
      publishedAt: at(5 + i),
    });
  await createArticle(app, admin, culture._id, {
    name: 'An older culture note',
    language: 'en',
    publishedAt: at(60),
  });
}, 240_000);

afterAll(async () => {
  await close?.();
  rmSync(work, { recursive: true, force: true });
});

let files = 0;
/** Writes `text` to a file of its own under the test's folder. */
const saved = (name: string, text: string) => {
  const path = join(work, `${++files}-${name}`);
  writeFileSync(path, text);
  return path;
};

const locsOf = (xml: string, tag = 'loc') =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) =>
    (m[1] as string).replace(/&amp;/g, '&'),
  );

/** Every sitemap the server writes: the single one, the news one, the small index and its parts. */
async function allSitemaps(): Promise<{ url: string; body: string; schema: string }[]> {
  const out: { url: string; body: string; schema: string }[] = [];
  for (const url of [
    '/sitemap.xml',
    '/news-sitemap.xml',
    '/small/sitemap.xml',
    '/later/news-sitemap.xml',
  ]) {
    const res = await get(url);
    expect(res.statusCode, url).toBe(200);
    const index = res.body.includes('<sitemapindex');
    out.push({ url, body: res.body, schema: index ? 'siteindex.xsd' : 'urlset.xsd' });
    if (index)
      for (const loc of locsOf(res.body)) {
        const part = `/small${new URL(loc).pathname}`;
        const partRes = await get(part);
        expect(partRes.statusCode, part).toBe(200);
        out.push({ url: part, body: partRes.body, schema: 'urlset.xsd' });
      }
  }
  return out;
}

const xmllint = (schema: string, file: string) =>
  spawnSync('xmllint', ['--noout', '--schema', join(XSD, schema), file], { encoding: 'utf8' });

describe.runIf(runsWith('xmllint', 'the sitemap schema checks'))(
  'sitemaps against the sitemaps.org, Google image and news schemas (xmllint)',
  () => {
    beforeAll(() => requireTool('xmllint'));

    it('the schemas can refuse: a priority above 1.0 and an unknown image element fail', () => {
      const good =
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">' +
        '<url><loc>https://patrika.example/a</loc><priority>0.5</priority><image:image><image:loc>https://patrika.example/a.jpg</image:loc></image:image></url></urlset>\n';
      expect(xmllint('urlset.xsd', saved('good.xml', good)).status).toBe(0);
      const high = good.replace('0.5', '1.5');
      expect(xmllint('urlset.xsd', saved('high.xml', high)).status).not.toBe(0);
      const odd = good.replace('<image:loc>', '<image:place>x</image:place><image:loc>');
      expect(xmllint('urlset.xsd', saved('odd.xml', odd)).status).not.toBe(0);
      const stray = good.replace(
        '</url>',
        '<xhtml:a xmlns:xhtml="http://www.w3.org/1999/xhtml"/></url>',
      );
      expect(xmllint('urlset.xsd', saved('stray.xml', stray)).status).not.toBe(0);
    });

    it('every sitemap validates, and they hold categories, authors, body images and alternates', async () => {
      const sitemaps = await allSitemaps();
      expect(sitemaps.map((s) => s.schema)).toContain('siteindex.xsd');
      expect(sitemaps.length).toBeGreaterThan(4);
      for (const { url, body, schema } of sitemaps) {
        const result = xmllint(schema, saved('sitemap.xml', body));
        expect(result.status, `${url}: ${result.stderr}`).toBe(0);
      }
      const main = (sitemaps[0] as { body: string }).body;
      expect(locsOf(main)).toEqual(
        expect.arrayContaining([
          `${PUBLIC_URL}/category/${culture.slug}`,
          `${PUBLIC_URL}/category/${samachar.slug}`,
          `${PUBLIC_URL}/author/ram-sharma`,
        ]),
      );
      expect(locsOf(main, 'image:loc')).toEqual(
        expect.arrayContaining([
          `${PUBLIC_URL}${chartUrl}`,
          'https://images.example.com/stage.jpg',
        ]),
      );
      expect(main).toContain('<image:caption>Audience by year &amp; town</image:caption>');
      expect(main).toContain('<xhtml:link rel="alternate" hreflang="hi"');
      expect(sitemaps[1]?.body).toContain('<news:news>');
      // Ten days on nothing is recent: the news sitemap holds no story older than 48 hours
      // (issue 71 item 4), and the schema's one <url> is the home page.
      const quiet = sitemaps.find((s) => s.url === '/later/news-sitemap.xml')?.body ?? '';
      expect(locsOf(quiet)).toEqual([`${PUBLIC_URL}/`]);
      expect(quiet).not.toContain('<news:news>');
    });
  },
);

describe('what the sitemaps list', () => {
  it('every address answers 200 with itself as canonical and is open to crawlers', async () => {
    const robots = parseRobotsTxt((await get('/robots.txt')).body);
    const locs = new Set<string>();
    for (const { body } of await allSitemaps())
      if (!body.includes('<sitemapindex')) for (const loc of locsOf(body)) locs.add(loc);
    expect(locs.size).toBeGreaterThan(10);
    for (const loc of locs) {
      const url = new URL(loc);
      expect(url.origin).toBe(PUBLIC_URL);
      expect(robots.allows(url.pathname + url.search), loc).toBe(true);
      const res = await get(url.pathname + url.search);
      expect(res.statusCode, loc).toBe(200);
      const canonical = /<link rel="canonical" href="([^"]*)"/.exec(res.body)?.[1];
      expect(canonical?.replace(/&amp;/g, '&'), loc).toBe(loc);
    }
  });

  it('a category’s and an author’s lastmod is their newest story’s publication', async () => {
    const body = (await get('/sitemap.xml')).body;
    const lastmodOf = (loc: string) =>
      new RegExp(`<loc>${loc}</loc><lastmod>([^<]*)</lastmod>`).exec(body)?.[1];
    expect(lastmodOf(`${PUBLIC_URL}/category/${culture.slug}`)).toBe(english.publishedAt);
    expect(lastmodOf(`${PUBLIC_URL}/category/${samachar.slug}`)).toBe(hindi.publishedAt);
    expect(lastmodOf(`${PUBLIC_URL}/author/ram-sharma`)).toBe(english.publishedAt);
  });

  it('a part answers only while an index lists it', async () => {
    expect((await get('/sitemap.xml')).body).toContain('<urlset');
    expect((await get('/sitemap-pages-1.xml')).statusCode).toBe(404);
    const index = (await get('/small/sitemap.xml')).body;
    const parts = locsOf(index);
    expect(parts[0]).toBe(`${PUBLIC_URL}/sitemap-pages-1.xml`);
    expect((await get('/small/sitemap-pages-1.xml')).statusCode).toBe(200);
    const pageFiles = parts.filter((p) => p.includes('/sitemap-pages-')).length;
    expect((await get(`/small/sitemap-pages-${pageFiles + 1}.xml`)).statusCode).toBe(404);
    // Every month's file says when it last changed; the first holds static pages only.
    const months = [
      ...index.matchAll(/<sitemap><loc>[^<]*sitemap-\d{4}-\d{2}[^<]*<\/loc>(<lastmod>)?/g),
    ];
    expect(months.length).toBeGreaterThan(0);
    for (const m of months) expect(m[1]).toBe('<lastmod>');
    expect(index).toMatch(/<sitemap><loc>[^<]*sitemap-pages-1\.xml<\/loc><\/sitemap>/);
  });

  it('every sitemap names the stylesheet, which is served as XSL', async () => {
    for (const { url, body } of await allSitemaps())
      expect(body, url).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<\?xml-stylesheet type="text\/xsl" href="\/sitemap.xsl"\?>\n/,
      );
    const style = await get('/sitemap.xsl');
    expect(style.statusCode).toBe(200);
    expect(style.headers['content-type']).toMatch(/^text\/xsl\b/);
    expect(style.body).toContain('<xsl:stylesheet version="1.0"');
  });
});

/** feedparser's reading of each feed. */
interface Parsed {
  bozo: number;
  error: string;
  version: string;
  language: string | null;
  entries: {
    link: string;
    author: string | null;
    content: string[];
    enclosures: { href: string; length: string; type: string }[];
  }[];
}

const READ_FEEDS = `
import feedparser, json, sys
out = []
for path in sys.argv[1:]:
    d = feedparser.parse(path)
    out.append({
        'bozo': int(d.bozo),
        'error': str(d.get('bozo_exception', '')),
        'version': d.version,
        'language': d.feed.get('language'),
        'entries': [{
            'link': e.get('link'),
            'author': e.get('author'),
            'content': [c.value for c in e.get('content', [])],
            'enclosures': [{'href': x.get('href'), 'length': x.get('length'), 'type': x.get('type')} for x in e.get('enclosures', [])],
        } for e in d.entries],
    })
print(json.dumps(out))
`;

async function readFeeds(urls: string[]): Promise<Parsed[]> {
  const paths: string[] = [];
  for (const url of urls) {
    const res = await get(url);
    expect(res.statusCode, url).toBe(200);
    paths.push(saved('feed.xml', res.body));
  }
  const run = spawnSync(PYTHON, ['-c', READ_FEEDS, ...paths], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Parsed[];
}

const setFullText = async (feedFullText: boolean) => {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: auth(admin),
    payload: { feedFullText },
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe.runIf(runsWith('feedparser', 'the feed reader checks'))(
  'feeds as a feed reader reads them (Python feedparser)',
  () => {
    beforeAll(() => requireTool('feedparser'));

    it('every feed parses without a warning and states its real language', async () => {
      const feeds = {
        '/feed.xml': 'hi', // 4 Hindi stories of 6
        [`/category/${culture.slug}/feed.xml`]: 'en',
        [`/category/${samachar.slug}/feed.xml`]: 'hi',
        '/author/ram-sharma/feed.xml': 'en', // one of each: the interface's language
      };
      const parsed = await readFeeds(Object.keys(feeds));
      for (const [n, [url, language]] of Object.entries(feeds).entries()) {
        const feed = parsed[n] as Parsed;
        expect(feed.bozo, `${url}: ${feed.error}`).toBe(0);
        expect(feed.version, url).toBe('rss20');
        expect(feed.language, url).toBe(language);
        expect(feed.entries.length, url).toBeGreaterThan(0);
      }
    });

    it('an interface in Hindi makes a split feed Hindi', async () => {
      const put = await app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: auth(admin),
        payload: { uiLanguage: 'hi' },
      });
      expect(put.statusCode).toBe(200);
      try {
        const [feed] = await readFeeds(['/author/ram-sharma/feed.xml']);
        expect(feed?.language).toBe('hi');
      } finally {
        await app.inject({
          method: 'PUT',
          url: '/api/settings',
          headers: auth(admin),
          payload: { uiLanguage: 'en' },
        });
      }
    });

    it('names each story’s author, and the enclosure is the image’s real length and type', async () => {
      const [feed] = await readFeeds(['/feed.xml']);
      const story = feed?.entries.find(
        (e) => e.link === `${PUBLIC_URL}/${culture.slug}/${english.slug}`,
      );
      expect(story?.author).toBe('Ram Sharma');
      // The administrator's stories are signed with their name.
      expect(feed?.entries.map((e) => e.author)).toContain(admin.name);
      expect(story?.enclosures).toHaveLength(1);
      const enclosure = story?.enclosures[0] as { href: string; length: string; type: string };
      expect(enclosure.href).toBe(`${PUBLIC_URL}${photoUrl}`);
      const image = await get(photoUrl);
      expect(image.statusCode).toBe(200);
      expect(Number(enclosure.length)).toBe(image.rawPayload.length);
      expect(enclosure.type).toBe(image.headers['content-type']);
      // An image on another site has no length we know: no enclosure rather than a wrong one.
      const elsewhere = feed?.entries.filter((e) => e.author === admin.name) ?? [];
      expect(elsewhere.length).toBeGreaterThan(0);
      for (const entry of elsewhere) expect(entry.enclosures).toEqual([]);
    });

    it('full text only when the setting says so, with addresses another site can follow', async () => {
      const link = `${PUBLIC_URL}/${culture.slug}/${english.slug}`;
      let [feed] = await readFeeds([`/category/${culture.slug}/feed.xml`]);
      expect(feed?.entries.find((e) => e.link === link)?.content).toEqual([]);
      await setFullText(true);
      try {
        [feed] = await readFeeds([`/category/${culture.slug}/feed.xml`]);
        expect(feed?.bozo).toBe(0);
        const content = feed?.entries.find((e) => e.link === link)?.content.join('') ?? '';
        expect(content).toContain('Singers came from every village.');
        expect(content).toContain(`src="${PUBLIC_URL}${chartUrl}"`);
        expect(content).toContain(`href="${PUBLIC_URL}/about-us"`);
      } finally {
        await setFullText(false);
      }
    });
  },
);
