/*
 * Structured data for rich results (issue 12 item 4): every JSON-LD block of every public page
 * parses and has what Google requires and recommends (tests/setup/rich-results.ts); the home
 * page names the site and its publisher, articles are NewsArticles with their author's page,
 * and articles and categories carry breadcrumbs.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePath } from '../../../common/paths';
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
import { jsonLdBlocks, richResultProblems } from '../../setup/rich-results';
import { createTestApp, type TestApp } from '../../setup/test-app';

const PUBLIC_URL = 'https://patrika.example';

let t: TestApp;
let admin: TestUser;
let writer: TestUser;
let category: Awaited<ReturnType<typeof createCategory>>;
let story: Awaited<ReturnType<typeof createArticle>>;
let long: Awaited<ReturnType<typeof createArticle>>;

const get = (url: string) => t.app.inject({ method: 'GET', url });
const blocksOf = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, url).toBe(200);
  return jsonLdBlocks(res.body);
};
const ofType = (blocks: Record<string, unknown>[], type: string) =>
  blocks.filter((b) => b['@type'] === type);

const LONG_TITLE =
  'बारिश के दिनों की कहानी: गाँव के किसानों ने बताया कि इस बार मानसून जल्दी आया और खेतों में धान की रोपाई समय से पहले शुरू हो गई है, जिससे सब खुश हैं';

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL }, { web: 'build' });
  admin = await createAdmin(t.app);
  writer = await createUser(t.app, 'author', { name: 'Asha Rao' });
  await t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: auth(admin),
    payload: {
      social: {
        facebook: 'https://facebook.com/patrika',
        x: 'https://x.com/patrika',
        instagram: '',
        youtube: '',
      },
    },
  });
  category = await createCategory(t.app, admin, {
    name: 'Weather',
    description: 'Rain, heat and the monsoon.',
  });
  const image = (await upload(t.app, writer, await testImage(1600, 1000))).json<{ url: string }>();
  story = await createArticle(t.app, writer, category._id, {
    name: 'Monsoon arrives early',
    imageUrl: image.url,
    language: 'en',
  });
  long = await createArticle(t.app, writer, category._id, { name: LONG_TITLE, language: 'hi' });
}, 120_000);
afterAll(async () => t?.close());

describe('every JSON-LD block has what Google requires and recommends', () => {
  it.each(['/', '/about-us', '/category/weather', '/author/asha-rao'])('%s', async (url) => {
    for (const block of await blocksOf(url)) expect(richResultProblems(block), url).toEqual([]);
  });

  it('articles, with an uploaded image and with one from elsewhere', async () => {
    for (const a of [story, long]) {
      const blocks = await blocksOf(articlePath(a));
      expect(blocks.length).toBeGreaterThan(0);
      for (const block of blocks) expect(richResultProblems(block)).toEqual([]);
    }
  });
});

describe('home', () => {
  it('names the site (with its search box) and the publisher with its logo and social links', async () => {
    const blocks = await blocksOf('/');
    const [site] = ofType(blocks, 'WebSite');
    expect(site).toMatchObject({ name: 'Patrika — पत्रिका', url: `${PUBLIC_URL}/` });
    const [org] = ofType(blocks, 'Organization');
    expect(org).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': `${PUBLIC_URL}/#organization`,
      name: 'Patrika — पत्रिका',
      url: `${PUBLIC_URL}/`,
      logo: { '@type': 'ImageObject', url: `${PUBLIC_URL}/icon-512.png`, width: 512, height: 512 },
      sameAs: ['https://facebook.com/patrika', 'https://x.com/patrika'],
    });
    // The logo is there, square, at the size it says.
    const logo = await get('/icon-512.png');
    const size = await sharp(logo.rawPayload).metadata();
    expect([logo.statusCode, size.width, size.height]).toEqual([200, 512, 512]);
  });
});

describe('articles', () => {
  it('are NewsArticles by a Person with their page, with section, language and the publisher’s logo', async () => {
    const [article] = ofType(await blocksOf(articlePath(story)), 'NewsArticle');
    expect(article).toMatchObject({
      headline: 'Monsoon arrives early',
      articleSection: 'Weather',
      inLanguage: 'en',
      author: { '@type': 'Person', name: 'Asha Rao', url: `${PUBLIC_URL}/author/asha-rao` },
      publisher: {
        '@type': 'Organization',
        name: 'Patrika — पत्रिका',
        logo: { url: `${PUBLIC_URL}/icon-512.png` },
      },
      mainEntityOfPage: { '@id': `${PUBLIC_URL}${articlePath(story)}` },
    });
  });

  it('name their image in 16:9, 4:3 and 1:1, each served at that shape', async () => {
    const [article] = ofType(await blocksOf(articlePath(story)), 'NewsArticle');
    const images = article?.image as string[];
    expect(images).toHaveLength(3);
    const shapes = [];
    for (const url of images) {
      expect(url.startsWith(`${PUBLIC_URL}/media/`)).toBe(true);
      const res = await get(url.slice(PUBLIC_URL.length));
      const m = await sharp(res.rawPayload).metadata();
      shapes.push(`${m.width}x${m.height}`);
    }
    expect(shapes).toEqual(['1200x675', '1200x900', '1000x1000']);
  });

  it('keep a headline to 110 characters, cut between words', async () => {
    const [article] = ofType(await blocksOf(articlePath(long)), 'NewsArticle');
    const headline = article?.headline as string;
    expect(Array.from(headline).length).toBeLessThanOrEqual(110);
    expect(headline.endsWith('…')).toBe(true);
    expect(LONG_TITLE.startsWith(headline.slice(0, -1))).toBe(true);
    expect(LONG_TITLE[headline.length - 1]).toBe(' ');
  });

  it('carry breadcrumbs: home, category, article', async () => {
    const [crumbs] = ofType(await blocksOf(articlePath(story)), 'BreadcrumbList');
    expect(crumbs?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
      { '@type': 'ListItem', position: 2, name: 'Weather', item: `${PUBLIC_URL}/category/weather` },
      {
        '@type': 'ListItem',
        position: 3,
        name: 'Monsoon arrives early',
        item: `${PUBLIC_URL}${articlePath(story)}`,
      },
    ]);
  });
});

describe('category pages', () => {
  it('are a CollectionPage of their stories, with breadcrumbs', async () => {
    const blocks = await blocksOf('/category/weather');
    const [page] = ofType(blocks, 'CollectionPage');
    expect(page).toMatchObject({
      name: 'Weather',
      url: `${PUBLIC_URL}/category/weather`,
      description: 'Rain, heat and the monsoon.',
    });
    const urls = (page?.mainEntity as { itemListElement: { url: string }[] }).itemListElement.map(
      (i) => i.url,
    );
    expect(urls).toEqual([
      `${PUBLIC_URL}${articlePath(long)}`,
      `${PUBLIC_URL}${articlePath(story)}`,
    ]);
    const [crumbs] = ofType(blocks, 'BreadcrumbList');
    expect(crumbs?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
      { '@type': 'ListItem', position: 2, name: 'Weather', item: `${PUBLIC_URL}/category/weather` },
    ]);
  });
});
