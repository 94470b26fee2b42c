/*
 * Edition pages (issue 65 items 3 and 4) as readers and crawlers get them: /local/{state} and
 * /local/{state}/{city} with the edition's lead and stories, its state's and national ones,
 * paging, CollectionPage JSON-LD, the feed, the sitemap, a story's contentLocation, the city
 * strip's top JSON kept and refreshed by the edition's tag, and `/` the same bytes for every
 * anonymous reader (the reader's city lives in the browser only).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import { articlePath } from '../../../common/paths';
import { createAdmin, createArticle, createCategory, type TestUser } from '../../factories';
import { editionTree } from '../../factories/editions';
import { jsonLdBlocks } from '../../setup/rich-results';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { waitUntil } from '../../setup/wait-until';

const PUBLIC_URL = 'https://patrika.example';
let t: TestApp;
let admin: TestUser;
let category: { _id: string };
const story: Record<string, Awaited<ReturnType<typeof createArticle>>> = {};
const tail = randomBytes(3).toString('hex');

const { made: ed, add: addEdition } = editionTree(() => ({ app: t.app, by: admin }), tail);
const get = (url: string) => t.app.inject({ method: 'GET', url });
const place = (editions: string[], primary: string) => ({
  status: 'published',
  editions,
  primaryEdition: primary,
});

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL }, { web: 'build' });
  admin = await createAdmin(t.app);
  category = await createCategory(t.app, admin);
  await addEdition('raj', 'state', NATIONAL_EDITION_ID, { hi: 'राजस्थान', en: 'Rajasthan' });
  await addEdition('jaipur', 'city', ed.raj!._id, { hi: 'जयपुर', en: 'Jaipur' });
  await addEdition('jodhpur', 'city', ed.raj!._id, { hi: 'जोधपुर', en: 'Jodhpur' });
  const make = async (key: string, editions: string[], primary: string, language = 'en') => {
    story[key] = await createArticle(t.app, admin, category._id, {
      name: `Story ${key} ${tail}`,
      language,
      ...place(editions, primary),
    });
  };
  await make('national', [NATIONAL_EDITION_ID], NATIONAL_EDITION_ID);
  await make('state', [ed.raj!._id], ed.raj!._id);
  await make('jodhpur', [ed.jodhpur!._id], ed.jodhpur!._id);
  await make('jaipur', [ed.jaipur!._id, ed.jodhpur!._id], ed.jaipur!._id, 'hi');
}, 300_000);
afterAll(async () => t.close());

const cityPath = () => `/local/${ed.raj!.slug}/${ed.jaipur!.slug}`;

describe('an edition’s page', () => {
  it('shows its lead and stories, then its state’s and national ones, as a CollectionPage', async () => {
    const res = await get(cityPath());
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    for (const key of ['jaipur', 'state', 'national']) expect(res.body).toContain(story[key]!.name);
    expect(res.body).not.toContain(story.jodhpur!.name);
    // The lead (its newest story with a picture) comes before the state's section.
    expect(res.body.indexOf(story.jaipur!.name)).toBeLessThan(res.body.indexOf(story.state!.name));
    const blocks = jsonLdBlocks(res.body);
    const collection = blocks.find((b) => b['@type'] === 'CollectionPage') as {
      url: string;
      mainEntity: { itemListElement: { url: string }[] };
    };
    expect(collection.url).toBe(`${PUBLIC_URL}${cityPath()}`);
    expect(collection.mainEntity.itemListElement.map((i) => i.url)).toContain(
      `${PUBLIC_URL}${articlePath(story.jaipur!)}`,
    );
    expect(res.body).toContain(`${PUBLIC_URL}${cityPath()}/feed.xml`);
    // Paging: one page of stories here, so page 2 does not exist.
    expect((await get(`${cityPath()}?page=2`)).statusCode).toBe(404);
    expect((await get(`/local/${ed.raj!.slug}/nowhere`)).statusCode).toBe(404);
  });

  it('a state’s page shows its own stories and its cities’', async () => {
    const res = await get(`/local/${ed.raj!.slug}`);
    expect(res.statusCode).toBe(200);
    for (const key of ['state', 'jaipur', 'jodhpur']) expect(res.body).toContain(story[key]!.name);
  });

  it('has a feed, a place in the sitemap, and names the place in its stories’ JSON-LD', async () => {
    const feed = await get(`${cityPath()}/feed.xml`);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/rss\+xml/);
    expect(feed.body).toContain(story.jaipur!.name);
    expect(feed.body).not.toContain(story.state!.name);
    expect((await get(`/local/${ed.raj!.slug}/nowhere/feed.xml`)).statusCode).toBe(404);
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}${cityPath()}</loc>`);
    expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}/local/${ed.raj!.slug}</loc>`);
    const page = await get(articlePath(story.jaipur!));
    const article = jsonLdBlocks(page.body).find((b) => b['@type'] === 'NewsArticle');
    expect(article?.contentLocation).toEqual({ '@type': 'Place', name: 'जयपुर' });
    const national = await get(articlePath(story.national!));
    const plain = jsonLdBlocks(national.body).find((b) => b['@type'] === 'NewsArticle');
    expect(plain?.contentLocation).toBeUndefined();
  });
});

describe('GET /api/editions/{slug}/top', () => {
  it('answers the edition’s top stories, kept, and refreshed when a story joins it', async () => {
    const url = `/api/editions/${ed.jaipur!.slug}/top`;
    const first = await get(url);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().edition).toMatchObject({ _id: ed.jaipur!._id, path: cityPath() });
    expect(first.json().articles.map((a: { _id: string }) => a._id)).toEqual([story.jaipur!._id]);
    expect(first.headers['cache-control']).toMatch(/^public/);
    expect(first.headers['set-cookie']).toBeUndefined();
    expect((await get(url)).headers['x-page-cache']).toBe('hit');
    expect((await get(`/api/editions/${ed.jaipur!._id}/top`)).json().edition.slug).toBe(
      ed.jaipur!.slug,
    );
    expect((await get('/api/editions/nowhere/top')).statusCode).toBe(404);
    const fresh = await createArticle(t.app, admin, category._id, {
      name: `Fresh Jaipur ${tail}`,
      ...place([ed.jaipur!._id], ed.jaipur!._id),
    });
    await waitUntil(async () => (await get(url)).body.includes(fresh._id), {
      timeoutMs: 30_000,
      intervalMs: 100,
      message: 'the top JSON was not refreshed',
    });
    expect((await get(url)).json().articles[0]._id).toBe(fresh._id);
  });
});

describe('the home page', () => {
  it('is the same bytes for every anonymous reader, with no cookie and no Vary on one', async () => {
    const a = await get('/');
    const b = await get('/');
    expect(a.statusCode).toBe(200);
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
    for (const res of [a, b]) {
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(String(res.headers.vary ?? '')).not.toMatch(/cookie/i);
    }
  });
});
